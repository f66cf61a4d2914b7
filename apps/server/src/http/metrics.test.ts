import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket } from '../../test/socket-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { accessTokenFor, organizationIds } from '../../test/tokens.ts';

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';
let server: TestServer;
let token: string;
let demo: string;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN });
  token = await accessTokenFor(server, 'admin@demo.test');
  demo = (await organizationIds(server))['Demo Company']!;
});
afterAll(() => server?.close());

const scrape = (authorization?: string) =>
  fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('answers only with the metrics token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer wrong-token-of-the-same-size-0123')).status).toBe(401);
    expect((await scrape(`Bearer ${token}`)).status).toBe(401);
    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route pattern and status, with latency histograms', async () => {
    const headers = { authorization: `Bearer ${token}`, organization: demo };
    expect((await fetch(`${server.url}/api/users/me`, { headers })).status).toBe(200);
    expect((await fetch(`${server.url}/api/users/me`)).status).toBe(401);
    const unknownTable = `${server.url}/api/tables/storage/counterpart_tables/no-such-table`;
    await fetch(unknownTable, { headers });
    await fetch(`${server.url}/no/such/page/${'x'.repeat(20)}`);

    const text = await (await scrape(`Bearer ${METRICS_TOKEN}`)).text();
    expect(text).toContain('# TYPE counterpart_http_requests_total counter');
    expect(text).toMatch(
      /counterpart_http_requests_total\{method="GET",route="\/api\/users\/me",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /counterpart_http_requests_total\{method="GET",route="\/api\/users\/me",status="401"\} [1-9]/,
    );
    expect(text).toMatch(
      /counterpart_http_request_duration_seconds_bucket\{method="GET",route="\/api\/users\/me",le="0\.1"\} \d+/,
    );
    expect(text).toMatch(
      /counterpart_http_request_duration_seconds_count\{method="GET",route="\/api\/users\/me"\} [1-9]/,
    );
    // Patterns, never URLs: the unknown path and the id do not become labels.
    expect(text).not.toContain('no-such-table');
    expect(text).not.toContain('/no/such/page');
    expect(text).toContain('route="unmatched"');
  });

  it('reports open sockets, jobs by queue, the database and memory, and no secret', async () => {
    const socket = await openSocket(server.url, demo, token);
    await socket.subscribed();
    try {
      const text = await (await scrape(`Bearer ${METRICS_TOKEN}`)).text();
      expect(text).toMatch(/^counterpart_websocket_connections 1$/m);
      expect(text).toContain('# TYPE counterpart_jobs gauge');
      expect(text).toMatch(/^counterpart_database_ping_seconds\{kind="(pglite|postgres)"\} [0-9.e-]+$/m);
      expect(text).toMatch(/^counterpart_process_memory_bytes\{kind="rss"\} \d+$/m);
      expect(text).toMatch(/^counterpart_auth_cache\{what="hits"\} \d+$/m);
      for (const secret of [METRICS_TOKEN, token, server.config.databaseUrl ?? 'no-url']) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await socket.close();
    }
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await startTestServer();
    try {
      const res = await fetch(`${plain.url}/metrics`, {
        headers: { authorization: 'Bearer anything-at-all-here' },
      });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

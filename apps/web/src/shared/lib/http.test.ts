import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient, HttpError, type SessionProblem } from './http.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseUrl = '';
let handler: Handler = (_req, res) => res.end();
const seen: Seen[] = [];

function json(res: ServerResponse, status: number, data: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(data));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await once(server, 'close');
});

beforeEach(() => {
  seen.length = 0;
  handler = (_req, res) => json(res, 200, { ok: true });
});

function makeClient(overrides: { token?: string; organizationId?: string | null } = {}) {
  const problems: SessionProblem[] = [];
  const client = createHttpClient({
    baseUrl,
    getToken: async () => ('token' in overrides ? overrides.token : 'tok-123'),
    getOrganizationId: () => ('organizationId' in overrides ? (overrides.organizationId ?? null) : 'org-7'),
    onSessionProblem: (reason) => problems.push(reason),
  });
  return { client, problems };
}

describe('createHttpClient', () => {
  it('sends the bearer token, organization and no-cache headers', async () => {
    const { client } = makeClient();
    await expect(client.get('/api/ping')).resolves.toEqual({ ok: true });
    const request = seen[0];
    expect(request?.method).toBe('GET');
    expect(request?.headers.authorization).toBe('Bearer tok-123');
    expect(request?.headers.organization).toBe('org-7');
    expect(request?.headers['cache-control']).toBe('no-cache');
    expect(request?.headers.pragma).toBe('no-cache');
  });

  it('omits Authorization and Organization when there is no token or organization', async () => {
    const { client } = makeClient({ token: undefined, organizationId: null });
    await client.get('/api/ping');
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers.organization).toBeUndefined();
  });

  it('accepts a synchronous token getter', async () => {
    const client = createHttpClient({
      baseUrl,
      getToken: () => 'sync-token',
      getOrganizationId: () => null,
      onSessionProblem: () => {},
    });
    await client.get('/api/ping');
    expect(seen[0]?.headers.authorization).toBe('Bearer sync-token');
  });

  it('encodes the query and skips undefined values', async () => {
    const { client } = makeClient();
    await client.get('/api/items', { query: { page_no: 2, q: 'a b&c', active: true, skip: undefined } });
    expect(seen[0]?.url).toBe('/api/items?page_no=2&q=a+b%26c&active=true');
  });

  it('sends JSON bodies with a JSON content type for post, put and patch', async () => {
    const { client } = makeClient();
    handler = (_req, res, body) => json(res, 201, { echoed: JSON.parse(body) });
    await expect(client.post('/api/items', { name: 'Bank A' })).resolves.toEqual({
      echoed: { name: 'Bank A' },
    });
    await client.put('/api/items/1', { name: 'Bank B' });
    await client.patch('/api/items/1', { name: 'Bank C' });
    expect(seen.map((request) => request.method)).toEqual(['POST', 'PUT', 'PATCH']);
    for (const request of seen) expect(request.headers['content-type']).toBe('application/json');
    expect(seen[2]?.body).toBe('{"name":"Bank C"}');
  });

  it('passes FormData through as multipart', async () => {
    const { client } = makeClient();
    const form = new FormData();
    form.append('file', new Blob(['a,b\n1,2'], { type: 'text/csv' }), 'rows.csv');
    await client.post('/api/uploads', form);
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('filename="rows.csv"');
    expect(seen[0]?.body).toContain('a,b\n1,2');
  });

  it('resolves undefined for an empty answer', async () => {
    const { client } = makeClient();
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    await expect(client.delete('/api/items/1')).resolves.toBeUndefined();
    expect(seen[0]?.method).toBe('DELETE');
  });

  it('sends a JSON body with DELETE when one is given', async () => {
    const { client } = makeClient();
    handler = (_req, res) => json(res, 200, { ok: true });
    await client.delete('/api/group_roles', { body: { group_id: 'g1', roles: [] } });
    expect(seen[0]?.method).toBe('DELETE');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.body).toBe('{"group_id":"g1","roles":[]}');
  });

  it('validates the answer with the schema when given', async () => {
    const { client } = makeClient();
    handler = (_req, res) => json(res, 200, { count: '3' });
    const schema = {
      parse(data: unknown): { count: number } {
        const count = (data as { count?: unknown }).count;
        if (typeof count !== 'number') throw new Error('count must be a number');
        return { count };
      },
    };
    await expect(client.get('/api/count', { schema })).rejects.toThrow('count must be a number');
    handler = (_req, res) => json(res, 200, { count: 3 });
    await expect(client.get('/api/count', { schema })).resolves.toEqual({ count: 3 });
  });

  it('throws HttpError with status, data and the extracted message on non-2xx', async () => {
    const { client, problems } = makeClient();
    handler = (_req, res) => json(res, 422, { message: 'Amount must be positive' });
    const error = await client.post('/api/items', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 422,
      data: { message: 'Amount must be positive' },
      message: 'Amount must be positive',
    });
    expect(problems).toEqual([]);
  });

  it('keeps a non-JSON error body as text', async () => {
    const { client } = makeClient();
    handler = (_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('Bad gateway');
    };
    const error = await client.get('/api/ping').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, data: 'Bad gateway' });
  });

  it('reports an unauthorized session on 401', async () => {
    const { client, problems } = makeClient();
    handler = (_req, res) => json(res, 401, { message: 'Session expired' });
    await expect(client.get('/api/ping')).rejects.toMatchObject({ status: 401 });
    expect(problems).toEqual(['unauthorized']);
  });

  it('reports a network problem and throws status 0 when the server cannot be reached', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');

    const problems: SessionProblem[] = [];
    const client = createHttpClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getToken: () => undefined,
      getOrganizationId: () => null,
      onSessionProblem: (reason) => problems.push(reason),
    });
    const error = await client.get('/api/ping').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
    expect((error as HttpError).message).not.toBe('');
    expect(problems).toEqual(['network']);
  });

  it('rethrows an abort without reporting a session problem', async () => {
    const { client, problems } = makeClient();
    handler = (_req, res) => setTimeout(() => json(res, 200, {}), 200);
    const controller = new AbortController();
    const pending = client.get('/api/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(HttpError);
    expect((error as Error).name).toBe('AbortError');
    expect(problems).toEqual([]);
  });

  it('lets per-request headers override the defaults', async () => {
    const { client } = makeClient();
    await client.get('/api/ping', { headers: { 'X-Trace': 't-1', pragma: 'custom' } });
    // By path: on a loaded machine the previous test's aborted request can reach the server late.
    const ping = seen.find((request) => request.url === '/api/ping');
    expect(ping?.headers['x-trace']).toBe('t-1');
    expect(ping?.headers.pragma).toBe('custom');
  });

  it('downloads the answer as a Blob', async () => {
    const { client } = makeClient();
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end('id,amount\n1,100.00\n');
    };
    const blob = await client.download('/api/exports/1', { query: { format: 'csv' } });
    expect(blob.type).toBe('text/csv');
    await expect(blob.text()).resolves.toBe('id,amount\n1,100.00\n');
    expect(seen[0]?.url).toBe('/api/exports/1?format=csv');
    expect(seen[0]?.headers.authorization).toBe('Bearer tok-123');
  });

  it('throws HttpError when a download fails', async () => {
    const { client } = makeClient();
    handler = (_req, res) => json(res, 404, { message: 'Export not found' });
    await expect(client.download('/api/exports/9')).rejects.toMatchObject({
      status: 404,
      message: 'Export not found',
    });
  });
});

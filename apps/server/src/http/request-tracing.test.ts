import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureLogs } from '../../test/log-capture.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { AppError } from '../errors.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerRequestTracing, requestId } from './request-tracing.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let server: TestServer;
const logs = captureLogs();

beforeAll(async () => {
  // Every request is slower than 0 ms: the slow-request log is tested on real requests.
  server = await startTestServer({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: '0' }, { logStream: logs.stream });
});
afterAll(() => server?.close());

const logLines = () =>
  logs
    .text()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; level: number; route?: string });

describe('request ids', () => {
  it('are on every response, the identity provider’s included', async () => {
    for (const path of [
      '/healthz',
      '/api/users/me',
      '/no/such/page',
      '/realms/production/.well-known/openid-configuration',
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('x-request-id'), path).toMatch(UUID);
    }
  });

  it('honour a safe X-Request-Id and replace anything else', async () => {
    const echoed = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'lb-7f3a.2026:ok_1' } });
    expect(echoed.headers.get('x-request-id')).toBe('lb-7f3a.2026:ok_1');
    for (const unsafe of ['has space', 'x'.repeat(65), '<script>', 'a"b', '']) {
      const res = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': unsafe } });
      expect(res.headers.get('x-request-id'), unsafe).toMatch(UUID);
    }
  });

  it('are on every log line of a request, and a slow request is logged as a warning', async () => {
    const res = await fetch(`${server.url}/api/users/me`, { headers: { 'x-request-id': 'trace-me-1' } });
    expect(res.status).toBe(401);
    // The lines of a finished request are written once its answer has gone: wait for them.
    const mine = await vi.waitFor(() => {
      const lines = logLines().filter((line) => line.reqId === 'trace-me-1');
      expect(lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed', 'slow request']),
      );
      return lines;
    });
    const slow = mine.find((line) => line.msg === 'slow request');
    expect(slow).toMatchObject({ level: 40, route: '/api/users/me', statusCode: 401, slowRequestMs: 0 });
    // No line of a request lacks its id.
    for (const line of logLines()) {
      if (line.msg === 'incoming request' || line.msg === 'request completed')
        expect(line.reqId).toBeTruthy();
    }
  });
});

describe('a 5xx answer', () => {
  it('carries the request id in its body and header', async () => {
    const app = Fastify({ genReqId: requestId, logger: false });
    registerErrorHandler(app);
    registerRequestTracing(app, { slowRequestMs: 1000 });
    app.get('/boom', async () => {
      throw new Error('database exploded at 10.0.0.7');
    });
    app.get('/unavailable', async () => {
      throw new AppError(503, 'Try again in a minute');
    });
    const res = await app.inject({ url: '/boom', headers: { 'x-request-id': 'user-report-42' } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('user-report-42');
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      request_id: 'user-report-42',
    });
    const unavailable = await app.inject({ url: '/unavailable' });
    expect(unavailable.json()).toEqual({
      message: 'Try again in a minute',
      request_id: unavailable.headers['x-request-id'],
    });
    await app.close();
  });
});

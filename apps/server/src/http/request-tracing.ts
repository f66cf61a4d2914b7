import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** An incoming X-Request-Id is kept only when it is a short token of these characters. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is safe to log and echo (a proxy's or
 * a client's id ties their logs to ours), otherwise a new UUID. Fastify puts it on every log line
 * of the request as `reqId`.
 */
export function requestId(req: IncomingMessage): string {
  const offered = req.headers['x-request-id'];
  return typeof offered === 'string' && SAFE_REQUEST_ID.test(offered) ? offered : randomUUID();
}

/**
 * `X-Request-Id` on every response (set on the raw response, so the identity provider's hijacked
 * replies carry it too), and a warning for each request slower than `slowRequestMs`.
 */
export function registerRequestTracing(app: FastifyInstance, { slowRequestMs }: { slowRequestMs: number }) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    if (ms > slowRequestMs) {
      request.log.warn(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          statusCode: reply.statusCode,
          responseTime: Math.round(ms),
          slowRequestMs,
        },
        'slow request',
      );
    }
    done();
  });
}

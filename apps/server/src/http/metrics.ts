import { createHash, timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';
import { JOBS_SCHEMA } from '../jobs/pg-boss.ts';
import type { AuthCache } from './auth-cache.ts';
import { MetricsRegistry } from './metrics-registry.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** pg-boss states worth a gauge: waiting (created, retry), running (active) and failed (kept until purged). */
const JOB_STATES: Record<string, string> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  failed: 'failed',
};

export interface ServerMetricsOptions {
  database: Database;
  authCache: AuthCache | null;
}

/**
 * What /metrics reports: HTTP requests by route pattern and status with latency histograms, jobs
 * by queue and state (pg-boss's table), open sockets, the database (pool, or a ping through
 * PGlite's one-connection queue), the auth cache, memory and event-loop delay. Read only what is
 * counted or measured: no URL, header or body ever becomes a label.
 */
export function createServerMetrics({ database, authCache }: ServerMetricsOptions) {
  const registry = new MetricsRegistry();
  const requests = registry.counter(
    'counterpart_http_requests_total',
    'HTTP requests by method, route pattern and status',
  );
  const latency = registry.histogram(
    'counterpart_http_request_duration_seconds',
    'HTTP request latency by method and route pattern',
  );
  let sockets: () => number = () => 0;
  registry.gauge(
    'counterpart_websocket_connections',
    'Open /ws/notifications/ sockets in this process',
    () => [{ value: sockets() }],
  );
  registry.gauge('counterpart_jobs', 'Jobs by queue and state (queued, running, failed)', async () => {
    const { rows } = await database.query<{ name: string; state: string; n: number }>(
      `select name, state::text as state, count(*)::int as n from ${JOBS_SCHEMA}.job
       where state in ('created', 'retry', 'active', 'failed') group by name, state`,
    );
    const totals = new Map<string, { labels: Record<string, string>; value: number }>();
    for (const row of rows) {
      const state = JOB_STATES[row.state] ?? row.state;
      const key = `${row.name}\u0000${state}`;
      const entry = totals.get(key) ?? { labels: { queue: row.name, state }, value: 0 };
      entry.value += Number(row.n);
      totals.set(key, entry);
    }
    return [...totals.values()];
  });
  registry.gauge(
    'counterpart_database_ping_seconds',
    'Time a trivial query takes now (on PGlite, the wait in its one-connection queue)',
    async () => {
      const started = performance.now();
      await database.ping();
      return [{ labels: { kind: database.kind }, value: (performance.now() - started) / 1000 }];
    },
  );
  registry.gauge('counterpart_database_pool_connections', 'PostgreSQL pool connections by state', () => {
    const pool = database.poolStats?.();
    if (!pool) return [];
    return [
      { labels: { state: 'total' }, value: pool.total },
      { labels: { state: 'idle' }, value: pool.idle },
      { labels: { state: 'waiting' }, value: pool.waiting },
    ];
  });
  if (authCache) {
    registry.gauge('counterpart_auth_cache', 'Auth cache entries and look-ups since start', () => {
      const s = authCache.stats();
      return [
        { labels: { what: 'callers' }, value: s.callers },
        { labels: { what: 'sessions' }, value: s.sessions },
        { labels: { what: 'hits' }, value: s.hits },
        { labels: { what: 'misses' }, value: s.misses },
        { labels: { what: 'invalidations' }, value: s.invalidations },
      ];
    });
  }
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  registry.gauge('counterpart_event_loop_delay_seconds', 'Event-loop delay since the last scrape', () => {
    const values = [
      { labels: { quantile: '0.5' }, value: loopDelay.percentile(50) / 1e9 },
      { labels: { quantile: '0.99' }, value: loopDelay.percentile(99) / 1e9 },
      { labels: { quantile: '1' }, value: loopDelay.max / 1e9 },
    ];
    loopDelay.reset();
    return values;
  });
  registry.gauge('counterpart_process_memory_bytes', 'Memory of this process', () => {
    const m = process.memoryUsage();
    return [
      { labels: { kind: 'rss' }, value: m.rss },
      { labels: { kind: 'heap_used' }, value: m.heapUsed },
      { labels: { kind: 'heap_total' }, value: m.heapTotal },
      { labels: { kind: 'external' }, value: m.external },
    ];
  });

  return {
    registry,
    /** The realtime hub says how many sockets it holds. */
    countSockets(read: () => number) {
      sockets = read;
    },
    observe(request: FastifyRequest, status: number, seconds: number) {
      const method = METHODS.has(request.method) ? request.method : 'OTHER';
      // The pattern (/api/tables/:id), never the URL: unmatched paths share one label.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    stop() {
      loopDelay.disable();
    },
  };
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;

/**
 * GET /metrics in Prometheus text format, only with `Authorization: Bearer <METRICS_TOKEN>`;
 * without METRICS_TOKEN it does not exist (404), so nothing is exposed by default.
 */
export const metricsPlugin = fp<{ metrics: ServerMetrics; token: string | undefined }>(
  async (app: FastifyInstance, { metrics, token }) => {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observe(request, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    app.addHook('onClose', async () => metrics.stop());
    const expected = token ? digest(token) : null;
    app.get('/metrics', { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
      if (!expected) return reply.status(404).send({ message: 'Route GET:/metrics not found' });
      const offered = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!offered || !timingSafeEqual(digest(offered), expected)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ message: 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>' });
      }
      return reply.type('text/plain; version=0.0.4; charset=utf-8').send(await metrics.registry.render());
    });
  },
  { name: 'metrics' },
);

function digest(value: string) {
  return createHash('sha256').update(value).digest();
}

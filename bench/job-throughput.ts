/**
 * Empty jobs per second through the durable queue (pg-boss on PGlite in memory, or on the
 * PostgreSQL of DATABASE_URL): JOBS jobs are queued (sequentially, then by ENQUEUE_CONCURRENCY at
 * once), then the workers of this process drain them. Each job still does what every job does —
 * 'queued' and 'completed' messages on the (in-process) bus, onSettled, and pg-boss's fetch and
 * complete — only its own work is empty. Prints JSON.
 *
 *   npx tsx bench/job-throughput.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/job-throughput.ts
 *   JOBS=5000 CONCURRENCY=8 npx tsx bench/job-throughput.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { createJobQueue } from '../apps/server/src/jobs/job-queue.ts';
import { createLocalBus } from '../apps/server/src/realtime/event-bus.ts';

const JOBS = Number(process.env.JOBS ?? 2000);
const ENQUEUE_CONCURRENCY = Number(process.env.ENQUEUE_CONCURRENCY ?? 8);
const CONCURRENCY = process.env.CONCURRENCY ? Number(process.env.CONCURRENCY) : undefined;

const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-bench-'));
const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: 'memory://' });
const bus = createLocalBus();
const quiet = { info: () => {}, warn: () => {}, error: console.error };
let settled = 0;
let allSettled: () => void = () => {};
const drained = new Promise<void>((resolve) => {
  allSettled = resolve;
});
const queue = createJobQueue({
  config,
  database,
  bus,
  logger: quiet,
  onSettled: async () => {
    settled += 1;
    if (settled === JOBS * 2) allSettled();
  },
  ...(CONCURRENCY ? { tuning: { concurrency: CONCURRENCY } } : {}),
});
// A fresh queue name per run, so jobs left by an interrupted run on PostgreSQL do not count.
const name = `bench_empty_${Date.now()}`;
queue.define({ name, source: 'workflow', run: async () => ({ message: 'done' }) });
const owner = { organizationId: 'bench-org', userId: 'bench-user' };

// Warm up (pg-boss install, queue creation) outside the measurements.
await queue.enqueue(name, {}, owner);
settled = -1;

let t = performance.now();
for (let i = 0; i < JOBS; i += 1) await queue.enqueue(name, { i }, owner);
const sequentialMs = performance.now() - t;

t = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: ENQUEUE_CONCURRENCY }, async () => {
    while (next < JOBS) {
      next += 1;
      await queue.enqueue(name, { i: next }, owner);
    }
  }),
);
const parallelMs = performance.now() - t;

t = performance.now();
await queue.startWorkers();
await drained;
const drainMs = performance.now() - t;

console.log(
  JSON.stringify(
    {
      database: database.kind,
      jobs: JOBS * 2,
      worker_concurrency: CONCURRENCY ?? (database.kind === 'pglite' ? 2 : 4),
      enqueue_per_s: {
        sequential: Math.round(JOBS / (sequentialMs / 1000)),
        [`concurrent_${ENQUEUE_CONCURRENCY}`]: Math.round(JOBS / (parallelMs / 1000)),
      },
      completed_per_s: Math.round((JOBS * 2) / (drainMs / 1000)),
    },
    null,
    2,
  ),
);
await queue.stop();
await bus.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

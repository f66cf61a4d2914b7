/**
 * Requests per second and latency of an authenticated GET /api/users/me (the user with their
 * organizations: token verification, session, membership and grants) at 50 concurrent
 * connections, against a real server on PGlite (or DATABASE_URL).
 *
 *   npx tsx bench/api-throughput.ts            # 10 s, 50 connections, autocannon in this process
 *   DURATION=30 CONNECTIONS=100 npx tsx bench/api-throughput.ts
 *   BENCH_PATH=/api/users/organization/profile npx tsx bench/api-throughput.ts
 *   LOAD=worker npx tsx bench/api-throughput.ts   # autocannon in a worker thread (its own event loop)
 *   LOAD=wrk npx tsx bench/api-throughput.ts      # wrk (Debian package) as a separate process
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres FRESH_DB=1 npx tsx bench/api-throughput.ts
 *     # FRESH_DB: a new database on that server for this run, dropped at the end
 *
 * Prints the load average beside the figures: on a shared machine they move with it.
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { accessTokenFor, organizationIds } from '../apps/server/test/tokens.ts';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 50);
const warmup = Number(process.env.WARMUP ?? 2);
const path = process.env.BENCH_PATH ?? '/api/users/me';
const load = process.env.LOAD ?? 'in-process';

const fresh = process.env.DATABASE_URL && process.env.FRESH_DB ? await createFreshDatabase() : null;
if (fresh) process.env.DATABASE_URL = fresh.url;

const server = await startTestServer();
const token = await accessTokenFor(server, 'admin@demo.test');
const orgs = await organizationIds(server);
const headers = { authorization: `Bearer ${token}`, organization: orgs['Demo Company'] ?? '' };

const check = await fetch(`${server.url}${path}`, { headers });
if (check.status !== 200) throw new Error(`${path} answered ${check.status}: ${await check.text()}`);
const loadBefore = loadavg().map((n) => n.toFixed(2));

if (load === 'wrk') {
  // wrk runs in its own process: the server keeps this process to itself.
  const args = ['-t2', `-c${connections}`, `-d${duration}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await promisify(execFile)('wrk', [...args, `${server.url}${path}`], {
    encoding: 'utf8',
  });
  console.log(stdout.replace(token, '<token>'));
  console.log(
    `load average before: ${loadBefore.join(' ')}, after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  await finish();
  process.exit(0);
}

const options = {
  url: `${server.url}${path}`,
  connections,
  headers,
  ...(load === 'worker' ? { workers: 1 } : {}),
};
if (warmup > 0) await autocannon({ ...options, duration: warmup });
const result = await autocannon({ ...options, duration });
console.log(
  JSON.stringify(
    {
      path,
      database: server.database.kind,
      load,
      connections,
      duration_s: duration,
      token_bytes: token.length,
      requests_per_s: Math.round(result.requests.average),
      latency_ms: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      non_2xx: result.non2xx,
      errors: result.errors,
      load_average: { before: loadBefore, after: loadavg().map((n) => n.toFixed(2)) },
    },
    null,
    2,
  ),
);
await finish();

async function finish() {
  await server.close();
  await fresh?.drop();
}

/** A new, empty database on DATABASE_URL's server, so a run starts from the same state every time. */
async function createFreshDatabase() {
  const base = new URL(process.env.DATABASE_URL ?? '');
  const name = `counterpart_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

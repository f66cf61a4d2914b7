/**
 * Requests per second and latency of an authenticated GET /api/users/me (the user with their
 * organizations: token verification, membership and grants from the database) at 50 concurrent
 * connections, against a real server on PGlite (or DATABASE_URL).
 *
 *   npx tsx bench/api-throughput.ts            # 10 s, 50 connections, autocannon in this process
 *   DURATION=30 CONNECTIONS=100 npx tsx bench/api-throughput.ts
 *   LOAD=wrk npx tsx bench/api-throughput.ts   # wrk (Debian package) as a separate process
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { accessTokenFor, organizationIds } from '../apps/server/test/tokens.ts';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 50);
const path = process.env.BENCH_PATH ?? '/api/users/me';

const server = await startTestServer();
const token = await accessTokenFor(server, 'admin@demo.test');
const orgs = await organizationIds(server);
const headers = { authorization: `Bearer ${token}`, organization: orgs['Demo Company'] ?? '' };

const check = await fetch(`${server.url}${path}`, { headers });
if (check.status !== 200) throw new Error(`${path} answered ${check.status}: ${await check.text()}`);

if (process.env.LOAD === 'wrk') {
  // wrk runs in its own process: the server keeps this process to itself.
  const args = ['-t2', `-c${connections}`, `-d${duration}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await promisify(execFile)('wrk', [...args, `${server.url}${path}`], {
    encoding: 'utf8',
  });
  console.log(stdout.replace(token, '<token>'));
  await server.close();
  process.exit(0);
}

const result = await autocannon({ url: `${server.url}${path}`, connections, duration, headers });
console.log(
  JSON.stringify(
    {
      path,
      database: server.database.kind,
      connections,
      duration_s: duration,
      requests_per_s: Math.round(result.requests.average),
      latency_ms: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      non_2xx: result.non2xx,
      errors: result.errors,
    },
    null,
    2,
  ),
);
await server.close();

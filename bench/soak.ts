/**
 * A soak: MINUTES (default 30) of mixed traffic against one real server process (`tsx src/main.ts`,
 * as `npm start` runs it): API GETs at a steady rate, sockets held open and churned, and every
 * minute a table import, a reconciliation run and a table export (downloaded). Every minute it
 * prints the server's RSS and heap (its /metrics), the p99 of the GETs, errors, and how long each
 * job took; at the end a table and the growth of memory from the first minute to the last.
 *
 *   npx tsx bench/soak.ts                                   # 30 minutes, PGlite in a new folder
 *   MINUTES=5 RATE=50 SOCKETS=20 npx tsx bench/soak.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres FRESH_DB=1 npx tsx bench/soak.ts
 *
 * RATE: GETs per second (default 20; a GET is skipped, and counted, while 50 are unanswered); SOCKETS: sockets held (default 20, a quarter replaced each
 * minute); ROWS: rows of each imported file and of the two reconciled tables (default 2,000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createSignInFlows } from '../apps/server/src/identity/oidc-test-flows.ts';
import { startServerProcess } from '../apps/server/test/server-process.ts';
import { openSocket, type TestSocket } from '../apps/server/test/socket-client.ts';
import { log } from './bench-kit.ts';

const MINUTES = Number(process.env.MINUTES ?? 30);
const RATE = Number(process.env.RATE ?? 20);
/** GETs waiting for an answer at most; beyond it a GET is skipped and counted (the server is saturated). */
const MAX_IN_FLIGHT = 50;
const STEP_LIMIT_MS = 5 * 60_000;
const SOCKETS = Number(process.env.SOCKETS ?? 20);
const ROWS = Number(process.env.ROWS ?? 2_000);
const METRICS_TOKEN = `soak-metrics-${Date.now()}-token`;
const IMPORTS = '/api/tables/storage/counterpart_tables/imports';
const RUNS = '/api/recon/v1/recon/runs';

const fresh = process.env.DATABASE_URL && process.env.FRESH_DB ? await createFreshDatabase() : null;
const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-soak-'));
log(`starting the server (${fresh || process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
const server = await startServerProcess({
  DATA_DIR: dataDir,
  METRICS_TOKEN,
  LOG_LEVEL: 'warn',
  ...(fresh ? { DATABASE_URL: fresh.url } : {}),
});
const url = server.url;

// Signed in as a user is: the real sign-in, then a refresh every 4 minutes (tokens live 5).
const flows = createSignInFlows(url);
const session = await flows.signInWithTokens();
let tokens = session.tokens;
const refresher = setInterval(() => {
  flows
    .tokenRequest(session.browser, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    .then(async (res) => {
      if (res.status === 200) tokens = await res.json();
      else counts.errors.push(`refresh answered ${res.status}`);
    })
    .catch((error: unknown) => counts.errors.push(`refresh: ${String(error)}`));
}, 4 * 60_000);
const me = await (await fetch(`${url}/api/users/me`, { headers: auth() })).json();
const organizationId: string = me.organizations.find((o: { name: string }) => o.name === 'Demo Company').id;

function auth(): Record<string, string> {
  return { authorization: `Bearer ${tokens.access_token}` };
}
const headers = () => ({ ...auth(), organization: organizationId });
async function api(method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${url}${pathname}`, {
    method,
    headers: { ...headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** What happened in the current minute. */
const counts = {
  latencies: [] as number[],
  gets: 0,
  skipped: 0,
  reconnects: 0,
  errors: [] as string[],
  jobs: [] as string[],
};

// --- set-up: the two tables a run reconciles ---------------------------------------------------
const csv = (kind: 'bank' | 'ledger', rows: number, seed: number) => {
  const lines = [kind === 'bank' ? 'Date,Reference,Amount' : 'Posted,Invoice,Total'];
  for (let i = 0; i < rows; i += 1) {
    const day = String(1 + ((i + (kind === 'ledger' ? 1 : 0)) % 28)).padStart(2, '0');
    lines.push(`2026-01-${day},INV-${seed}-${String(i).padStart(6, '0')},${(i % 5000) + 1}.50`);
  }
  return `${lines.join('\n')}\n`;
};
async function importTable(name: string, text: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), `${name}.csv`);
  const res = await fetch(`${url}${IMPORTS}`, { method: 'POST', headers: headers(), body: form });
  const uploaded = await res.json();
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${uploaded.message}`);
  await api('POST', `${IMPORTS}/${uploaded.id}/confirm`, {
    target: { new_table: { name } },
    mapping: uploaded.proposal.mapping,
  });
  for (const deadline = Date.now() + STEP_LIMIT_MS; Date.now() < deadline; ) {
    const done = await api('GET', `${IMPORTS}/${uploaded.id}`);
    if (done.status === 'succeeded') return done.table_id ?? done.target?.table_id ?? done.table?.id;
    if (done.status === 'failed') throw new Error(`import failed: ${done.error_message}`);
    await sleep(250);
  }
  throw new Error('import still running after 5 minutes');
}
const columnIds = async (tableId: string) => {
  const table = await api('GET', `/api/tables/storage/counterpart_tables/${tableId}`);
  return Object.fromEntries(table.columns.map((c: { name: string; id: string }) => [c.name, c.id]));
};
log(`importing the two reconciled tables (${ROWS} rows each)`);
const bank = await importTable('Soak bank', csv('bank', ROWS, 0));
const ledger = await importTable('Soak ledger', csv('ledger', ROWS, 0));
const b = await columnIds(bank);
const l = await columnIds(ledger);

// --- sockets: held open, a quarter replaced every minute --------------------------------------
// A socket closes with 4001 when its token expires; like the browser, it comes back with a fresh one.
const sockets: TestSocket[] = [];
let watcher: TestSocket;
let stopping = false;
async function openOne(): Promise<TestSocket> {
  const socket = await openSocket(url, organizationId, tokens.access_token);
  await socket.subscribed();
  sockets.push(socket);
  void socket.closed.then(({ code }) => {
    const index = sockets.indexOf(socket);
    if (index >= 0) sockets.splice(index, 1);
    if (stopping || code !== 4001) return;
    counts.reconnects += 1;
    openOne()
      .then((fresh) => {
        if (socket === watcher) watcher = fresh;
      })
      .catch((error: unknown) => counts.errors.push(`socket reconnect: ${String(error)}`));
  });
  return socket;
}
for (let i = 0; i < SOCKETS; i += 1) await openOne();
watcher = await openOne();

// --- API GETs at RATE per second --------------------------------------------------------------
const GETS = [
  '/api/users/me',
  '/api/users/organization/profile',
  '/api/tables/storage/counterpart_tables?page_no=1&page_size=20',
  '/api/notifications',
  `/api/tables/storage/counterpart_tables/${bank}/items?page_no=1&page_size=50`,
];
let running = true;
const getLoop = (async () => {
  let next = performance.now();
  let i = 0;
  const inFlight = new Set<Promise<void>>();
  while (running) {
    next += 1000 / RATE;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    const pathname = GETS[i++ % GETS.length]!;
    if (inFlight.size >= MAX_IN_FLIGHT) {
      counts.skipped += 1;
      continue;
    }
    const started = performance.now();
    const request = fetch(`${url}${pathname}`, { headers: headers() })
      .then(async (res) => {
        await res.arrayBuffer();
        counts.latencies.push(performance.now() - started);
        counts.gets += 1;
        if (!res.ok) counts.errors.push(`GET ${pathname.split('?')[0]} answered ${res.status}`);
      })
      .catch((error: unknown) => counts.errors.push(`GET ${pathname}: ${String(error)}`))
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
})();

// --- each minute: an import, a run, an export --------------------------------------------------
async function timed(name: string, work: () => Promise<unknown>) {
  const started = performance.now();
  try {
    await work();
    counts.jobs.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)}s`);
  } catch (error) {
    counts.errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
async function jobsOfMinute(minute: number) {
  await timed('import', () => importTable(`Soak import ${minute}`, csv('bank', ROWS, minute)));
  await timed('run', async () => {
    const start = await api('POST', RUNS, {
      left_table_id: bank,
      right_table_id: ledger,
      left_fields: { amount: b.Amount, date: b.Date, reference: [b.Reference] },
      right_fields: { amount: l.Total, date: l.Posted, reference: [l.Invoice] },
    });
    const runId = start.run_id ?? start.id ?? start.data?.id;
    for (const deadline = Date.now() + STEP_LIMIT_MS; Date.now() < deadline; ) {
      await sleep(250);
      const answer = await api('GET', `${RUNS}/${runId}`);
      const detail = answer.data ?? answer;
      if (detail.status === 'succeeded') return;
      if (!['queued', 'running'].includes(detail.status))
        throw new Error(`run ${detail.status}: ${detail.error_message}`);
    }
    throw new Error('run still going after 5 minutes');
  });
  await timed('export', async () => {
    const { id } = await api('POST', '/api/exports', { area: 'table', format: 'csv', table_id: bank });
    const done = await watcher.waitFor(
      (m) => m.id === id && (m.info.status === 'completed' || m.info.status === 'error'),
      STEP_LIMIT_MS,
    );
    if (done.info.status !== 'completed' || !done.info.url) throw new Error(`export: ${done.info.message}`);
    const file = await fetch(`${url}${done.info.url}`, { headers: headers() });
    const body = await file.text();
    if (!file.ok || body.split('\n').length < ROWS) throw new Error(`download answered ${file.status}`);
  });
  // Socket churn: a quarter of the held sockets replaced (the watcher stays, and is not replaced).
  for (let i = 0; i < Math.ceil(SOCKETS / 4); i += 1) {
    const old = sockets.shift();
    if (!old) break;
    if (old === watcher) {
      sockets.push(old);
      continue;
    }
    await old.close();
    await openOne().catch((error: unknown) => counts.errors.push(`socket: ${String(error)}`));
  }
}

const scrape = async () =>
  (
    await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      signal: AbortSignal.timeout(30_000),
    })
  ).text();
async function serverSample() {
  const text = await scrape();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
  return {
    rss: value(/^counterpart_process_memory_bytes\{kind="rss"\} (\S+)$/m),
    heap: value(/^counterpart_process_memory_bytes\{kind="heap_used"\} (\S+)$/m),
    sockets: value(/^counterpart_websocket_connections (\S+)$/m),
    loopP99: value(/^counterpart_event_loop_delay_seconds\{quantile="0\.99"\} (\S+)$/m),
  };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
const rows: Record<string, string | number>[] = [];
log(
  `soaking for ${MINUTES} minutes: ${RATE} GETs/s, ${SOCKETS} sockets, an import, a run and an export a minute`,
);
for (let minute = 1; minute <= MINUTES; minute += 1) {
  const minuteEnds = performance.now() + 60_000;
  await jobsOfMinute(minute);
  const left = minuteEnds - performance.now();
  if (left > 0) await sleep(left);
  const sample = await serverSample().catch(() => ({
    rss: Number.NaN,
    heap: Number.NaN,
    sockets: Number.NaN,
    loopP99: Number.NaN,
  }));
  const row = {
    minute,
    rss_mb: mb(sample.rss),
    heap_mb: mb(sample.heap),
    gets: counts.gets,
    skipped: counts.skipped,
    p50_ms: Math.round(percentile(counts.latencies, 50)),
    p99_ms: Math.round(percentile(counts.latencies, 99)),
    loop_p99_ms: Math.round(sample.loopP99 * 1000),
    sockets: sample.sockets,
    reconnects: counts.reconnects,
    errors: counts.errors.length,
    jobs: counts.jobs.join(' '),
    load_1m: loadavg()[0]!.toFixed(2),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
  for (const error of counts.errors.slice(0, 5)) log(`  error: ${error}`);
  counts.latencies = [];
  counts.gets = 0;
  counts.skipped = 0;
  counts.reconnects = 0;
  counts.errors = [];
  counts.jobs = [];
}

running = false;
stopping = true;
await getLoop;
clearInterval(refresher);
for (const socket of sockets) await socket.close().catch(() => {});
console.table(rows);
const first = rows[0];
const last = rows.at(-1);
if (first && last) {
  const totalErrors = rows.reduce((sum, row) => sum + Number(row.errors), 0);
  console.log(
    `memory from minute 1 to ${last.minute}: RSS ${first.rss_mb} → ${last.rss_mb} MB, heap ${first.heap_mb} → ${last.heap_mb} MB; errors: ${totalErrors}`,
  );
}
// Where the GETs' time went, by route pattern (the server's own histogram: mean over the soak).
const metricsText = await scrape().catch(() => '');
const histogram =
  /^counterpart_http_request_duration_seconds_(sum|count)\{method="GET",route="([^"]+)"\} (\S+)$/gm;
const byRoute = new Map<string, { sum: number; count: number }>();
for (const [, kind, route, value] of metricsText.matchAll(histogram)) {
  const entry = byRoute.get(route!) ?? { sum: 0, count: 0 };
  entry[kind as 'sum' | 'count'] = Number(value);
  byRoute.set(route!, entry);
}
for (const [route, { sum, count }] of byRoute) {
  if (count >= 100)
    console.log(`GET ${route}: ${count} requests, mean ${((sum / count) * 1000).toFixed(1)} ms`);
}
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
await fresh?.drop();

/** A new, empty database on DATABASE_URL's server for this run, dropped at the end. */
async function createFreshDatabase() {
  const base = new URL(process.env.DATABASE_URL ?? '');
  const name = `counterpart_soak_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(base);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

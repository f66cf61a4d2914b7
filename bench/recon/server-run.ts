/**
 * A reconciliation run through the real server (PGlite by default, DATABASE_URL for PostgreSQL): two
 * tables of ROWS rows (currency amounts in minor units, dates; bank lines against ledger invoices, most matching by reference, some by amount
 * and date only), `POST /v1/recon/runs` with the default rules, polled until done. Prints the run's wall
 * time, the engine's share (`engine_ms` of the summary), the groups made, and the server's longest
 * event-loop stall meanwhile (the server runs in this process: `watchStalls`), which
 * is what every other request, WebSocket and job of the process waits for, and its delay's p99
 * (`monitorEventLoopDelay`); where the run's time went (reading, engine, writing: `onRunTimings`);
 * the process's peak RSS; the load average beside it.
 *
 *   npx tsx bench/recon/server-run.ts            # 100,000 rows a side
 *   ROWS=20000 npx tsx bench/recon/server-run.ts
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { onRunTimings, type RunTimings } from '../../apps/server/src/modules/recon/runs/run-timings.ts';
import { startTestServer } from '../../apps/server/test/test-server.ts';
import { adminApi, fillTextTable, log, watchStalls } from '../bench-kit.ts';

const ROWS = Number(process.env.ROWS ?? 100_000);
const V1 = '/api/recon/v1/recon';

const server = await startTestServer();
const { call, refresh } = await adminApi(server);

log(`filling two tables of ${ROWS} rows`);
const bank = await fillTextTable(
  server,
  call,
  'Run bank',
  [{ name: 'Date', type: 'date' }, 'Details', 'Reference', { name: 'Amount', type: 'currency' }],
  ROWS,
  (c) =>
    sql`jsonb_build_object(
  ${c.Date}::text, to_char(date '2026-01-01' + (i % 60), 'YYYY-MM-DD'),
  ${c.Details}::text, 'Pay Bill Online from 2547' || lpad((i % 9973)::text, 8, '0'),
  ${c.Reference}::text, case when i % 7 = 0 then '' else 'INV-' || lpad(i::text, 7, '0') end,
  ${c.Amount}::text, ((i % 50000 + 1) * 100 + 50)::text)`,
);
const ledger = await fillTextTable(
  server,
  call,
  'Run ledger',
  [{ name: 'Posted', type: 'date' }, 'Invoice', 'Customer', { name: 'Total', type: 'currency' }],
  ROWS,
  (c) =>
    sql`jsonb_build_object(
  ${c.Posted}::text, to_char(date '2026-01-01' + ((i + 1) % 60), 'YYYY-MM-DD'),
  ${c.Invoice}::text, 'INV-' || lpad(i::text, 7, '0'),
  ${c.Customer}::text, 'Customer ' || (i % 5000),
  ${c.Total}::text, ((i % 50000 + 1) * 100 + 50)::text)`,
);
const columnsOf = async (id: string) => {
  const table = await call('GET', `/api/tables/storage/counterpart_tables/${id}`);
  return Object.fromEntries(table.columns.map((c: { name: string; id: string }) => [c.name, c.id]));
};
const b = await columnsOf(bank);
const l = await columnsOf(ledger);

const timings: RunTimings[] = [];
const stopTimings = onRunTimings((t) => timings.push(t));
const rssBefore = process.memoryUsage().rss;
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const stalls = watchStalls();
const started = performance.now();
const start = await call('POST', `${V1}/runs`, {
  left_table_id: bank,
  right_table_id: ledger,
  left_fields: { amount: b.Amount, date: b.Date, reference: [b.Reference], text: [b.Details] },
  right_fields: { amount: l.Total, date: l.Posted, reference: [l.Invoice], counterparty: l.Customer },
});
const runId = start.run_id ?? start.id ?? start.data?.id;
let detail: { status: string; error_message?: string | null; summary?: Record<string, unknown> | null };
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  await refresh();
  const answer = await call('GET', `${V1}/runs/${runId}`);
  detail = answer.data ?? answer;
  if (!['queued', 'running'].includes(detail.status)) break;
}
const wall = performance.now() - started;
stalls.stop();
delay.disable();
stopTimings();
if (detail.status !== 'succeeded') throw new Error(`${detail.status}: ${detail.error_message}`);
const summary = detail.summary as { engine_ms: number; groups: Record<string, number> };
console.log(`${ROWS} rows a side, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
console.log(
  `request → succeeded: ${(wall / 1000).toFixed(2)} s; engine ${(summary.engine_ms / 1000).toFixed(2)} s`,
);
console.log(`groups: ${JSON.stringify(summary.groups)}`);
const seconds = (ms: number | undefined) => `${((ms ?? 0) / 1000).toFixed(2)} s`;
const timed = timings.find((t) => t.runId === runId);
console.log(
  `read ${seconds(timed?.readMs)}, engine ${seconds(timed?.engineMs)}, write ${seconds(timed?.writeMs)} (in the run)`,
);
console.log(`write parts (ms): ${JSON.stringify(timed?.writeParts ?? {})}`);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
console.log(`peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} (RSS before the run ${mb(rssBefore)})`);
console.log(
  `event-loop delay during the run: p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, max ${(delay.max / 1e6).toFixed(0)} ms`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`longest event-loop stall: ${stalls.longest()} ms; stalls over 100 ms: ${stalls.over(100)}`);
await server.close();

/**
 * A 10-block workflow over ROWS rows per input, end to end through the real server (PGlite by
 * default, DATABASE_URL for PostgreSQL): Home → Bank table → Deduplicate → Clean currency → Filter
 * rows, Ledger table → Map columns, both → Reconcile → Dashboard + Write to table (unmatched).
 * Prints the execution's wall time, each block's time (which includes storing its outputs), and
 * the time no block was running (the executor's own overhead: claiming, scheduling, bookkeeping),
 * and the longest event-loop stall inside each block (the server runs in this process: a 10 ms ticker's
 * longest gap, the part of it within the block: the blocks' own work, the engine's included, runs on
 * the server's event loop; with PGlite, so do the database's statements).
 *
 *   npx tsx bench/workflow-execution.ts            # 100,000 rows per input
 *   ROWS=10000 npx tsx bench/workflow-execution.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { adminApi, fillTextTable, log, type TextTableRows, watchStalls } from './bench-kit.ts';

const ROWS = Number(process.env.ROWS ?? 100_000);

const server = await startTestServer();
const { call, refresh } = await adminApi(server);

const table = (name: string, columns: string[], valueSql: TextTableRows) =>
  fillTextTable(server, call, name, columns, ROWS, valueSql);

log(`filling two tables of ${ROWS} rows`);
const bank = await table(
  'Bench bank',
  ['Date', 'Details', 'Reference', 'Amount'],
  (c) => sql`jsonb_build_object(
  ${c.Date}::text, to_char(date '2026-01-01' + (i % 60), 'YYYY-MM-DD'),
  ${c.Details}::text, 'Pay Bill Online from 2547' || lpad((i % 9973)::text, 8, '0'),
  ${c.Reference}::text, 'INV-' || lpad(i::text, 7, '0'),
  ${c.Amount}::text, case when i % 10 = 0 then '(' || to_char(i % 50000, 'FM99,999') || '.50)' else 'KES ' || to_char(i % 50000 + 1, 'FM99,999') || '.50' end)`,
);
const ledger = await table(
  'Bench ledger',
  ['Posted', 'Invoice', 'Customer', 'Total'],
  (c) => sql`jsonb_build_object(
  ${c.Posted}::text, to_char(date '2026-01-01' + ((i + 1) % 60), 'YYYY-MM-DD'),
  ${c.Invoice}::text, 'INV-' || lpad(i::text, 7, '0'),
  ${c.Customer}::text, 'Customer ' || (i % 5000),
  ${c.Total}::text, to_char(i % 50000 + 1, 'FM99990') || '.50')`,
);

const node = (id: string, type: string, parameters: Record<string, unknown> = {}) => ({
  id,
  type,
  typeVersion: 1,
  position: { x: 0, y: 0 },
  parameters,
  on_error: 'stop',
});
const edge = (source: string, sh: string, target: string, th: string) => ({
  id: `${source}-${sh}-${target}-${th}`,
  source,
  source_handle: sh,
  target,
  target_handle: th,
});
const graph = {
  schemaVersion: 1,
  nodes: [
    node('home', 'home'),
    node('bank', 'table', { table_id: bank }),
    node('dedupe', 'deduplicate', { columns: ['Reference'] }),
    node('clean', 'clean_currency', { columns: ['Amount'] }),
    node('paid', 'filter_rows', { column: 'Amount', operator: 'greater_than', value: '0' }),
    node('ledger', 'table', { table_id: ledger }),
    node('rename', 'map_columns', {
      mapping: [
        { from: 'Posted', to: 'Date' },
        { from: 'Invoice', to: 'Reference' },
        { from: 'Customer', to: 'Customer' },
        { from: 'Total', to: 'Amount' },
      ],
    }),
    node('match', 'reconcile', { rule_set: 'default' }),
    node('board', 'dashboard', { title: 'Bench' }),
    node('open', 'write_to_table', { table_name: `Bench open ${Date.now()}` }),
  ],
  edges: [
    edge('home', 'start', 'bank', 'start'),
    edge('home', 'start', 'ledger', 'start'),
    edge('bank', 'rows', 'dedupe', 'rows'),
    edge('dedupe', 'rows', 'clean', 'rows'),
    edge('clean', 'rows', 'paid', 'rows'),
    edge('ledger', 'rows', 'rename', 'rows'),
    edge('paid', 'rows', 'match', 'left'),
    edge('rename', 'rows', 'match', 'right'),
    edge('match', 'matched', 'board', 'results'),
    edge('match', 'suggested', 'board', 'results'),
    edge('match', 'unmatched', 'open', 'rows'),
  ],
};
const workflow = await call('POST', '/api/workflow/rule_workflows', {
  workflow_name: `Bench ${Date.now()}`,
  graph,
});
const stalls = watchStalls();
const started = performance.now();
const execution = await call('POST', '/api/workflow/workflows/workflow/execution', {
  workflow_id: workflow.data.workflow_id,
  inputs: {},
});
let done: {
  status: string;
  error: string | null;
  started_at: string;
  finished_at: string;
  blocks: Array<{
    node_id: string;
    started_at: string;
    finished_at: string;
    rows_in: number;
    rows_out: number;
  }>;
};
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  await refresh();
  done = (
    await call(
      'GET',
      `/api/workflow/workflows/workflow/execution/one?execution_id=${execution.data.execution_id}`,
    )
  ).data;
  if (!['queued', 'running'].includes(done.status)) break;
}
const wall = performance.now() - started;
stalls.stop();
if (done.status !== 'succeeded') throw new Error(`${done.status}: ${done.error}`);
const t = (iso: string) => new Date(iso).getTime();
const runStart = t(done.started_at);
const runEnd = t(done.finished_at);
const intervals = done.blocks
  .map((b) => [t(b.started_at), t(b.finished_at)] as const)
  .sort((a, b) => a[0] - b[0]);
let covered = 0;
let reach = runStart;
for (const [from, to] of intervals) {
  if (to <= reach) continue;
  covered += to - Math.max(from, reach);
  reach = to;
}
console.log(`${ROWS} rows per input, 10 blocks, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
console.log(`request → finished: ${(wall / 1000).toFixed(2)} s; execution ${(runEnd - runStart) / 1000} s`);
for (const b of done.blocks) {
  console.log(
    `  ${b.node_id.padEnd(7)} ${((t(b.finished_at) - t(b.started_at)) / 1000).toFixed(2).padStart(7)} s  rows ${b.rows_in ?? '-'} → ${b.rows_out ?? '-'}  longest stall ${stalls.longest(t(b.started_at), t(b.finished_at))} ms`,
  );
}
const outside = runEnd - runStart - covered;
console.log(
  `no block running: ${(outside / 1000).toFixed(3)} s = ${((outside / (runEnd - runStart)) * 100).toFixed(2)} % of the execution`,
);
await server.close();

/**
 * Paged, sorted, filtered reads of a 1,000,000-row, 10-column table through the HTTP API:
 * p50/p99 latency per kind of read (target p99 < 100 ms), against a real server on PGlite
 * (or DATABASE_URL). The rows are made with one INSERT … SELECT FROM generate_series.
 *
 *   npx tsx bench/table-read.ts                       # 1,000,000 rows, 200 requests per read
 *   ROWS=100000 REQUESTS=100 npx tsx bench/table-read.ts
 *   DATABASE_URL=postgres://… npx tsx bench/table-read.ts
 *
 * The first read of each kind starts its index build (column-indexes.ts); the bench waits for the
 * builds (timed) and then measures, so the figures are the steady state a user sees.
 */
import { performance } from 'node:perf_hooks';
import { columnIndexesFor } from '../apps/server/src/modules/tables/column-indexes.ts';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { adminApi, fillTenColumnTable, log, TEN_COLUMNS } from './bench-kit.ts';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const BASE = '/api/tables/storage/counterpart_tables';

const server = await startTestServer();
const { call, refresh: refreshToken } = await adminApi(server);
let loadSeconds = 0;
let table: { id: string; columns: Array<{ name: string; id: string }> };
if (process.env.TABLE_ID) {
  // A table this bench filled before (same database): measure again without reloading.
  table = await call('GET', `${BASE}/${process.env.TABLE_ID}`);
} else {
  table = await call('POST', `${BASE}/`, {
    name: `Bench ${ROWS} rows`,
    columns: TEN_COLUMNS,
  });
  log(`inserting ${ROWS} rows into table ${table.id}`);
  const started = performance.now();
  await fillTenColumnTable(server, table, ROWS);
  loadSeconds = (performance.now() - started) / 1000;
}
await refreshToken();
const tableId = table.id;
const col: Record<string, string> = Object.fromEntries(table.columns.map((c) => [c.name, c.id]));

const items = `${BASE}/${tableId}/items`;
const filters = (list: unknown[]) => `filters=${encodeURIComponent(JSON.stringify(list))}`;
const pick = <T>(list: T[], i: number): T => list[i % list.length] as T;
const words = ['safaricom', 'rent 12', 'inv-00042', 'acc-17', 'kplc fuel', 'naivas', 'bolt 99', 'e3b0'];
const parties = ['acme', 'bank', 'foods', 'water', 'jumia', 'kplc'];

/** Each read: a name and the query of its i-th request (varied, so no one page is all the cache). */
const reads: Array<[string, (i: number) => string]> = [
  ['default order, page 1', () => 'page_no=1&page_size=50'],
  ['default order, page 5000', (i) => `page_no=${4990 + (i % 20)}&page_size=20`],
  [
    'sort by currency (asc/desc)',
    (i) => `sort=${col.Amount}&order=${i % 2 ? 'desc' : 'asc'}&page_no=${1 + (i % 10)}&page_size=50`,
  ],
  [
    'filter contains on text',
    (i) =>
      `${filters([{ column_id: col.Counterparty, op: 'contains', value: pick(parties, i) }])}&page_size=50`,
  ],
  [
    'filter between on dates, sorted by date',
    (i) => {
      const from = `2021-${String(1 + (i % 12)).padStart(2, '0')}-01`;
      const to = `2021-${String(1 + (i % 12)).padStart(2, '0')}-28`;
      return `${filters([{ column_id: col.Date, op: 'between', from, to }])}&sort=${col.Date}&page_size=50`;
    },
  ],
  ['search', (i) => `search=${encodeURIComponent(pick(words, i))}&page_size=50`],
  [
    'filter status + sort by amount desc',
    (i) =>
      `${filters([{ column_id: col.Status, op: 'status', values: [pick(['partial', 'suggested', 'reconciled'], i)] }])}&sort=${col.Amount}&order=desc&page_no=${1 + (i % 5)}&page_size=50`,
  ],
];

// Warm-up: one read of each kind starts its index builds; wait for them all.
log('warm-up and index builds');
const started = performance.now();
for (const [, query] of reads) await call('GET', `${items}?${query(0)}`);
await columnIndexesFor(server.database).settled();
await refreshToken();
const indexSeconds = (performance.now() - started) / 1000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const results: Array<Record<string, string | number | boolean>> = [];
for (const [name, query] of reads) {
  log(name);
  await refreshToken();
  const times: number[] = [];
  let last: { total: number; total_is_estimate: boolean; data: unknown[] } | null = null;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    last = await call('GET', `${items}?${query(i)}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  results.push({
    read: name,
    p50_ms: Number(percentile(times, 50).toFixed(1)),
    p99_ms: Number(percentile(times, 99).toFixed(1)),
    max_ms: Number((times.at(-1) ?? 0).toFixed(1)),
    rows: last?.data.length ?? 0,
    total: `${last?.total_is_estimate ? '~' : ''}${last?.total}`,
  });
}

console.log(
  `table-read: ${Number((await call('GET', `${BASE}/${tableId}`)).row_count).toLocaleString('en-US')} rows × 10 columns on ${server.database.kind}; ` +
    `load ${loadSeconds.toFixed(1)} s, index builds ${indexSeconds.toFixed(1)} s; ${REQUESTS} requests per read, one at a time`,
);
console.table(results);
await server.close();

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
import { sql } from 'drizzle-orm';
import { columnIndexesFor } from '../apps/server/src/modules/tables/column-indexes.ts';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { accessTokenFor, organizationIds } from '../apps/server/test/tokens.ts';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const COLUMNS = [
  { name: 'Reference', type: 'text' },
  { name: 'Description', type: 'text' },
  { name: 'Amount', type: 'currency' },
  { name: 'Date', type: 'date' },
  { name: 'Qty', type: 'number' },
  { name: 'Status', type: 'single_select', options: ['reconciled', 'unreconciled', 'partial', 'suggested'] },
  { name: 'Account', type: 'text' },
  { name: 'Cleared', type: 'boolean' },
  { name: 'Counterparty', type: 'text' },
  { name: 'Note', type: 'text' },
];
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const BASE = '/api/tables/storage/counterpart_tables';

const server = await startTestServer();
const token = await accessTokenFor(server, 'admin@demo.test');
const orgs = await organizationIds(server);
const headers = {
  authorization: `Bearer ${token}`,
  organization: orgs['Demo Company'] ?? '',
  'content-type': 'application/json',
};

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

const log = (message: string) => process.stderr.write(`${new Date().toISOString()} ${message}\n`);
let loadSeconds = 0;
let table: { id: string; columns: Array<{ name: string; id: string }> };
if (process.env.TABLE_ID) {
  // A table this bench filled before (same database): measure again without reloading.
  table = await call('GET', `${BASE}/${process.env.TABLE_ID}`);
} else {
  table = await call('POST', `${BASE}/`, {
    name: `Bench ${ROWS} rows`,
    columns: COLUMNS,
  });
  const col = Object.fromEntries(table.columns.map((c) => [c.name, c.id]));
  log(`inserting ${ROWS} rows into table ${table.id}`);
  const started = performance.now();
  await server.database.db.execute(sql`
  insert into table_items (table_id, "values", search_text)
  select ${table.id}::uuid, v, lower(concat_ws(' ', v->>${col.Reference}, v->>${col.Description},
           to_char((v->>${col.Amount})::numeric / 100, 'FM999999999990.00'), v->>${col.Date}, v->>${col.Qty},
           v->>${col.Status}, v->>${col.Account}, v->>${col.Cleared}, v->>${col.Counterparty}, v->>${col.Note}))
  from (
    select jsonb_build_object(
      ${col.Reference}::text, 'INV-' || lpad(i::text, 7, '0'),
      ${col.Description}::text, (array['Rent','Fuel','Salary','Supplies','Transport','Utilities','Fees','Airtime'])[1 + i % 8] || ' ' || (i % 997),
      ${col.Amount}::text, ((i::bigint * 7919) % 10000000 - 2000000)::text,
      ${col.Date}::text, to_char(date '2020-01-01' + (i % 2000), 'YYYY-MM-DD'),
      ${col.Qty}::text, i % 500,
      ${col.Status}::text, (array['reconciled','unreconciled','partial','suggested'])[1 + i % 4],
      ${col.Account}::text, 'ACC-' || (i % 300),
      ${col.Cleared}::text, i % 2 = 0,
      ${col.Counterparty}::text, (array['Safaricom','KPLC','Acme Ltd','Nairobi Water','Equity Bank','Jumia','Twiga Foods','Bolt','Naivas','Total Energies'])[1 + (i * 31) % 10],
      ${col.Note}::text, substr(md5(i::text), 1, 12)
    ) as v
    from generate_series(1, ${ROWS}) as i
  ) as rows`);
  await server.database.db.execute(
    sql`update data_tables set row_count = ${ROWS} where id = ${table.id}::uuid`,
  );
  log('vacuum analyze');
  await server.database.query('vacuum analyze table_items');
  loadSeconds = (performance.now() - started) / 1000;
}
/** Loading and index builds can outlast an access token (5 minutes): a fresh one per phase. */
async function refreshToken() {
  headers.authorization = `Bearer ${await accessTokenFor(server, 'admin@demo.test')}`;
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

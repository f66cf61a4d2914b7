/**
 * What the server benchmarks share: a timestamped log line, the seeded admin's JSON API calls, and
 * the 10-column table of N rows made with one INSERT … SELECT FROM generate_series (bench/table-read.ts,
 * bench/table-grid-fps.ts).
 */
import { sql } from 'drizzle-orm';
import type { startTestServer } from '../apps/server/test/test-server.ts';
import { accessTokenFor, organizationIds } from '../apps/server/test/tokens.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

export const log = (message: string) => process.stderr.write(`${new Date().toISOString()} ${message}\n`);

/**
 * JSON calls as admin@demo.test in Demo Company; `call` throws with the server's answer on an error
 * status. Loading and index builds can outlast an access token (5 minutes): `refresh` gets a fresh one.
 */
export async function adminApi(server: TestServer) {
  const orgs = await organizationIds(server);
  const headers = {
    authorization: `Bearer ${await accessTokenFor(server, 'admin@demo.test')}`,
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
  async function refresh() {
    headers.authorization = `Bearer ${await accessTokenFor(server, 'admin@demo.test')}`;
  }
  return { headers, call, refresh };
}

/** The 10 columns of the read benches' table. */
export const TEN_COLUMNS = [
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

/**
 * Fills a table made with TEN_COLUMNS with `rows` generated rows in one statement, sets its
 * row_count and runs VACUUM ANALYZE.
 */
export async function fillTenColumnTable(
  server: TestServer,
  table: { id: string; columns: Array<{ name: string; id: string }> },
  rows: number,
): Promise<void> {
  const col: Record<string, string> = Object.fromEntries(table.columns.map((c) => [c.name, c.id]));
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
    from generate_series(1, ${rows}) as i
  ) as rows`);
  await server.database.db.execute(
    sql`update data_tables set row_count = ${rows} where id = ${table.id}::uuid`,
  );
  await server.database.query('vacuum analyze table_items');
}

/** One generated row's values as SQL over `i` (the row number), given the column ids by name. */
export type TextTableRows = (col: Record<string, string>) => ReturnType<typeof sql>;

/**
 * A table (columns by name: text; or with their type) filled with `rows` rows by one INSERT … SELECT over generate_series (a bench
 * that measures what reads the table, not its import); answers its id.
 */
export async function fillTextTable(
  server: TestServer,
  call: Awaited<ReturnType<typeof adminApi>>['call'],
  name: string,
  columns: Array<string | { name: string; type: string }>,
  rows: number,
  valueSql: TextTableRows,
): Promise<string> {
  const created = await call('POST', '/api/tables/storage/counterpart_tables/', {
    name: `${name} ${Date.now()}`,
    columns: columns.map((column) => (typeof column === 'string' ? { name: column, type: 'text' } : column)),
  });
  const col = Object.fromEntries(created.columns.map((c: { name: string; id: string }) => [c.name, c.id]));
  await server.database.db.execute(sql`
    insert into table_items (table_id, "values", search_text)
    select ${created.id}::uuid, v, '' from (select ${valueSql(col)} as v from generate_series(1, ${rows}) as i) as rows`);
  await server.database.db.execute(
    sql`update data_tables set row_count = ${rows} where id = ${created.id}::uuid`,
  );
  return created.id as string;
}

/**
 * Event-loop stalls of this process (where a bench's server runs): a 10 ms ticker's gaps longer than
 * 50 ms, each with when it ended (a stall is seen when it ends). `longest(from, to)` is the longest part
 * of one inside [from, to] (Date.now() times; the whole watch when not given).
 */
export function watchStalls() {
  const stalls: Array<{ end: number; ms: number }> = [];
  let last = Date.now();
  const ticker = setInterval(() => {
    const now = Date.now();
    if (now - last > 50) stalls.push({ end: now, ms: now - last });
    last = now;
  }, 10);
  return {
    stop: () => clearInterval(ticker),
    longest: (from = Number.NEGATIVE_INFINITY, to = Number.POSITIVE_INFINITY) =>
      stalls.reduce(
        (most, stall) => Math.max(most, Math.min(stall.end, to) - Math.max(stall.end - stall.ms, from)),
        0,
      ),
    /** How many stalls lasted longer than `ms`. */
    over: (ms: number) => stalls.filter((stall) => stall.ms > ms).length,
  };
}

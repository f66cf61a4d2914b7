import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import { addTestMember, createTestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { columnIndexesFor, INDEX_MIN_ROWS } from './column-indexes.ts';

const BASE = '/api/tables/storage/counterpart_tables';

let server: TestServer;
let call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: Json }>;

beforeAll(async () => {
  server = await startTestServer();
  const org = await createTestOrganization(server, 'Column indexes');
  const token = await (await addTestMember(server, org, { group: 'Administrators' })).token();
  const api = createApiCall(server);
  call = (method, path, body) => api(method, path, token, org.id, body);
});
afterAll(() => server.close());

async function indexesOf(tableId: string): Promise<string[]> {
  const { rows } = await server.database.query<{ name: string }>(
    `select indexname as name from pg_indexes where tablename = 'table_items' and indexname like $1 order by 1`,
    [`tix_${tableId.replaceAll('-', '')}%`],
  );
  return rows.map((r) => r.name);
}

async function createFilled(rows: number) {
  const created = await call('POST', `${BASE}/`, {
    name: `Indexed ${rows}`,
    columns: [
      { name: 'Ref', type: 'text' },
      { name: 'Amount', type: 'currency' },
    ],
  });
  const [ref, amount] = created.body.columns.map((c: Json) => c.id);
  for (let start = 0; start < rows; start += 5000) {
    const items = Array.from({ length: Math.min(5000, rows - start) }, (_, i) => ({
      values: { Ref: `r${start + i}`, Amount: String((start + i) % 977) },
    }));
    expect((await call('POST', `${BASE}/${created.body.id}/items/bulk_create`, { items })).status).toBe(201);
  }
  return { id: created.body.id as string, ref: ref as string, amount: amount as string };
}

describe('per-column read indexes', () => {
  it('are built on the first sort of a big table, dropped on retype and with the table', async () => {
    const table = await createFilled(INDEX_MIN_ROWS);
    const first = await call('GET', `${BASE}/${table.id}/items?sort=${table.amount}&order=desc&page_size=3`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((r: Json) => r.values[table.amount].minor_units)).toEqual([
      '97600',
      '97600',
      '97600',
    ]);
    await columnIndexesFor(server.database).settled();
    const hex = table.id.replaceAll('-', '');
    expect(await indexesOf(table.id)).toEqual([`tix_${hex}_${table.amount}_n`]);
    const { rows } = await server.database.query<{ plan: string }>(
      `explain select seq from table_items where table_id = '${table.id}'::uuid
       order by (("values"->>'${table.amount}')::numeric) desc, seq desc limit 3`,
    );
    expect(JSON.stringify(rows)).toContain(`tix_${hex}_${table.amount}_n`);

    const retyped = await call('PATCH', `${BASE}/${table.id}/columns/${table.amount}`, { type: 'text' });
    expect(retyped.status).toBe(200);
    expect(await indexesOf(table.id)).toEqual([]);

    await call('GET', `${BASE}/${table.id}/items?sort=${table.ref}`);
    await columnIndexesFor(server.database).settled();
    expect(await indexesOf(table.id)).toEqual([`tix_${hex}_${table.ref}_l`]);
    expect((await call('DELETE', `${BASE}/${table.id}`)).status).toBe(204);
    expect(await indexesOf(table.id)).toEqual([]);
  });

  it('are not built for a small table', async () => {
    const table = await createFilled(50);
    await call('GET', `${BASE}/${table.id}/items?sort=${table.amount}`);
    await columnIndexesFor(server.database).settled();
    expect(await indexesOf(table.id)).toEqual([]);
  });
});

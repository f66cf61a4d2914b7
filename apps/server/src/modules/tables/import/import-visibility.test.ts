import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../../test/api-call.ts';
import { addTestMember, createTestOrganization } from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { createExportJob } from '../../exports/export-job.ts';
import { BASE, IMPORTS, uploadFile } from './import-test-kit.ts';

/*
 * All or nothing as anyone sees it: the rows of an import that has not finished are in
 * table_items (written batch by batch) but no reader shows or counts them; a cancel takes them out.
 */

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: { id: string };
let adminId: string;
let admin: string;
let viewer: string;
let stranger: { token: string; org: string };

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  const organization = await createTestOrganization(server, 'Import visibility');
  org = organization;
  const adminMember = await addTestMember(server, organization, { group: 'Administrators' });
  adminId = adminMember.id;
  admin = await adminMember.token();
  viewer = await (await addTestMember(server, organization, { group: 'Viewers' })).token();
  const other = await createTestOrganization(server, 'Other');
  stranger = {
    org: other.id,
    token: await (await addTestMember(server, other, { group: 'Administrators' })).token(),
  };
});
afterAll(() => server.close());

const asAdmin = (method: string, path: string, body?: unknown) => call(method, path, admin, org.id, body);

/** A table of two rows plus an import of it left running with three rows already written. */
async function tableWithRunningImport(name: string) {
  const table = await asAdmin('POST', `${BASE}/`, {
    name,
    columns: [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'currency', currency: 'KES' },
    ],
  });
  expect(table.status).toBe(201);
  const [reference, amount] = table.body.columns.map((c: Json) => c.id);
  const seeded = await asAdmin('POST', `${BASE}/${table.body.id}/items/bulk_create`, {
    items: [
      { values: { Reference: 'kept-1', Amount: '10.00' } },
      { values: { Reference: 'kept-2', Amount: '20.00' } },
    ],
  });
  expect(seeded.status).toBe(201);
  // An import uploaded and confirmed, caught mid-run: three of its rows already written.
  const upload = await uploadFile(server, admin, org.id, 'big.csv', 'Reference,Amount\nx,1\n', table.body.id);
  const importId: string = upload.body.id;
  await server.database.query(
    `update table_imports set status = 'running', started_at = now(), heartbeat_at = now(),
       inserted_rows = 3, options = '{}'::jsonb where id = $1`,
    [importId],
  );
  for (let i = 1; i <= 3; i += 1) {
    await server.database.query(
      `insert into table_items (table_id, values, search_text, import_id)
       values ($1, $2::jsonb, $3, $4)`,
      [
        table.body.id,
        JSON.stringify({ [reference]: `pending-${i}`, [amount]: 1000 }),
        `pending-${i} 10.00`,
        importId,
      ],
    );
  }
  return { tableId: table.body.id as string, importId };
}

async function exportedLines(tableId: string, search?: string): Promise<string[]> {
  const job = createExportJob({ config: server.config, database: server.database });
  const result = await job.run({
    id: randomUUID(),
    data: { area: 'table', table_id: tableId, format: 'csv', order: 'asc', ...(search ? { search } : {}) },
    owner: { organizationId: org.id, userId: adminId },
    progress: async () => {},
    signal: new AbortController().signal,
  });
  const res = await fetch(`${server.url}${result.url}`, {
    headers: { authorization: `Bearer ${admin}`, organization: org.id },
  });
  return (await res.text()).split('\r\n').filter(Boolean).slice(1);
}

describe('rows of an unfinished import', () => {
  it('are seen by no reader until the import commits', async () => {
    const { tableId, importId } = await tableWithRunningImport('Unfinished');
    const other = await asAdmin('POST', `${BASE}/`, {
      name: 'Other side',
      columns: [{ name: 'N', type: 'text' }],
    });

    const items = await asAdmin('GET', `${BASE}/${tableId}/items?page_size=50`);
    expect(items.body.total).toBe(2);
    expect(items.body.data.map((i: Json) => Object.values(i.values)[0])).toEqual(['kept-1', 'kept-2']);
    const searched = await asAdmin('GET', `${BASE}/${tableId}/items?search=pending`);
    expect(searched.body.total).toBe(0);
    expect(searched.body.data).toEqual([]);
    expect((await asAdmin('GET', `${BASE}/${tableId}`)).body.row_count).toBe(2);
    expect(await exportedLines(tableId)).toHaveLength(2);
    expect(await exportedLines(tableId, 'pending')).toHaveLength(0);
    const workspace = await asAdmin(
      'GET',
      `/api/recon/v1/recon/workspace?left_table_id=${tableId}&right_table_id=${other.body.id}`,
    );
    expect(workspace.status).toBe(200);
    expect(workspace.body.left.counts.unreconciled).toBe(2);
    const search = await asAdmin('GET', '/api/recon/v1/search?q=pending-2');
    expect(search.body.data.filter((hit: Json) => hit.type === 'item')).toEqual([]);

    // The commit (what commitImport does): every reader sees the three rows at once.
    await server.database.query(`update table_imports set status = 'succeeded' where id = $1`, [importId]);
    await server.database.query('update data_tables set row_count = row_count + 3 where id = $1', [tableId]);
    expect((await asAdmin('GET', `${BASE}/${tableId}/items?search=pending`)).body.total).toBe(3);
    expect(await exportedLines(tableId)).toHaveLength(5);
    const after = await asAdmin(
      'GET',
      `/api/recon/v1/recon/workspace?left_table_id=${tableId}&right_table_id=${other.body.id}`,
    );
    expect(after.body.left.counts.unreconciled).toBe(5);
  });

  it('survive clearing the table until the import decides', async () => {
    const { tableId } = await tableWithRunningImport('Cleared meanwhile');
    const table = await asAdmin('GET', `${BASE}/${tableId}`);
    const cleared = await asAdmin('POST', `${BASE}/${tableId}/clear_table`, {
      confirm_name: table.body.name,
    });
    expect(cleared.status).toBe(200);
    const left = await server.database.query<{ n: number }>(
      'select count(*)::int as n from table_items where table_id = $1',
      [tableId],
    );
    expect(left.rows[0]?.n).toBe(3);
  });
});

describe('cancelling an import', () => {
  it('takes its rows out at once and says who cancelled it; 409 once finished', async () => {
    const { tableId, importId } = await tableWithRunningImport('Cancelled');
    expect((await call('POST', `${IMPORTS}/${importId}/cancel`, viewer, org.id)).status).toBe(403);
    expect((await call('POST', `${IMPORTS}/${importId}/cancel`, stranger.token, stranger.org)).status).toBe(
      404,
    );
    const res = await asAdmin('POST', `${IMPORTS}/${importId}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', inserted_rows: 0 });
    expect(res.body.error_message).toMatch(/^Cancelled by member-.*@test\.example\. Nothing was added/);
    const rows = await server.database.query<{ n: number }>(
      'select count(*)::int as n from table_items where table_id = $1',
      [tableId],
    );
    expect(rows.rows[0]?.n).toBe(2);
    expect((await asAdmin('GET', `${BASE}/${tableId}`)).body.row_count).toBe(2);
    const again = await asAdmin('POST', `${IMPORTS}/${importId}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/cancelled, not running/);
    expect((await asAdmin('POST', `${IMPORTS}/not-an-id/cancel`)).status).toBe(404);
  });

  it('stops a real run mid-way: the table is as it was', { timeout: 60_000 }, async () => {
    const table = await asAdmin('POST', `${BASE}/`, {
      name: 'Stopped',
      columns: [{ name: 'N', type: 'number' }],
    });
    await asAdmin('POST', `${BASE}/${table.body.id}/items`, { values: { N: -1 } });
    const lines = ['N'];
    for (let i = 0; i < 150_000; i += 1) lines.push(String(i));
    const upload = await uploadFile(server, admin, org.id, 'n.csv', `${lines.join('\n')}\n`, table.body.id);
    const confirmed = await asAdmin('POST', `${IMPORTS}/${upload.body.id}/confirm`, {
      target: { table_id: table.body.id },
      mapping: upload.body.proposal.mapping,
    });
    expect(confirmed.status).toBe(202);
    for (;;) {
      const now = await asAdmin('GET', `${IMPORTS}/${upload.body.id}`);
      if (now.body.status !== 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const cancelled = await asAdmin('POST', `${IMPORTS}/${upload.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    // The run notices (next batch or beat) and stops; nothing it wrote stays.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const end = await asAdmin('GET', `${IMPORTS}/${upload.body.id}`);
    expect(end.body.status).toBe('cancelled');
    expect((await asAdmin('GET', `${BASE}/${table.body.id}/items`)).body.total).toBe(1);
    const rows = await server.database.query<{ n: number }>(
      'select count(*)::int as n from table_items where table_id = $1',
      [table.body.id],
    );
    expect(rows.rows[0]?.n).toBe(1);
    expect((await asAdmin('GET', `${BASE}/${table.body.id}`)).body.row_count).toBe(1);
  });
});

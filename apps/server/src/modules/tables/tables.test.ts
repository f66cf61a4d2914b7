import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import { createPermissionCast, type TestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

const BASE = '/api/tables/storage/counterpart_tables';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let adminToken: string;
let viewerToken: string;
let noRolesToken: string;
let otherToken: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  ({
    org,
    otherOrg,
    tokens: { admin: adminToken, viewer: viewerToken, noRoles: noRolesToken, stranger: otherToken },
  } = await createPermissionCast(server, 'Tables'));
});
afterAll(() => server.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  call(method, path, adminToken, org.id, body);

async function createTable(name = 'Bank lines'): Promise<Json> {
  const res = await asAdmin('POST', `${BASE}/`, {
    name,
    columns: [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'currency' },
      { name: 'Date', type: 'date' },
    ],
  });
  expect(res.status).toBe(201);
  return res.body;
}

const columnId = (table: Json, name: string): string => table.columns.find((c: Json) => c.name === name).id;

describe('tables', () => {
  it('creates a table with typed columns (currency KES with 2 decimals by default) and lists it', async () => {
    const table = await createTable('Ledger');
    expect(table.columns.map((c: Json) => [c.name, c.type, c.position])).toEqual([
      ['Reference', 'text', 0],
      ['Amount', 'currency', 1],
      ['Date', 'date', 2],
    ]);
    expect(table.columns[1]).toMatchObject({ currency: 'KES', decimals: 2 });
    expect(table.row_count).toBe(0);
    const list = await call('GET', `${BASE}/?search=ledg`, viewerToken, org.id);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page_no: 1, page_size: 20, total: 1 });
    expect(list.body.data[0].id).toBe(table.id);
    const audit = await server.database.query<{ action: string }>(
      `select action from audit_log where organization_id = $1 and target_id = $2`,
      [org.id, table.id],
    );
    expect(audit.rows.map((r) => r.action)).toContain('table.created');
  });

  it('renames, describes and deletes a table', async () => {
    const table = await createTable();
    const renamed = await asAdmin('PATCH', `${BASE}/${table.id}`, {
      name: 'Bank KCB',
      description: 'Main account',
    });
    expect(renamed.body).toMatchObject({ name: 'Bank KCB', description: 'Main account' });
    expect((await asAdmin('GET', `${BASE}/${table.id}`)).body.name).toBe('Bank KCB');
    expect((await asAdmin('DELETE', `${BASE}/${table.id}`)).status).toBe(204);
    expect((await asAdmin('GET', `${BASE}/${table.id}`)).status).toBe(404);
  });

  it('refuses bad table input with field messages', async () => {
    const noName = await asAdmin('POST', `${BASE}/`, { name: ' ', columns: [] });
    expect(noName.status).toBe(400);
    const badType = await asAdmin('POST', `${BASE}/`, { name: 'X', columns: [{ name: 'A', type: 'money' }] });
    expect(badType.status).toBe(400);
    const twice = await asAdmin('POST', `${BASE}/`, {
      name: 'X',
      columns: [
        { name: 'A', type: 'text' },
        { name: 'a', type: 'number' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.details.name).toMatch(/already exists/);
    const noOptions = await asAdmin('POST', `${BASE}/`, {
      name: 'X',
      columns: [{ name: 'S', type: 'single_select' }],
    });
    expect(noOptions.body.details.options).toBe('Add at least one option');
    const foreignLink = await asAdmin('POST', `${BASE}/`, {
      name: 'X',
      columns: [{ name: 'L', type: 'link', link_table_id: '0b6f1c1e-2f4a-4c8e-9d7a-1a2b3c4d5e6f' }],
    });
    expect(foreignLink.body.details.link_table_id).toMatch(/No such table/);
  });

  it('checks the {product}_table permission of each action', async () => {
    const table = await createTable();
    const asViewer = (method: string, path: string, body?: unknown) =>
      call(method, path, viewerToken, org.id, body);
    expect((await asViewer('GET', `${BASE}/${table.id}`)).status).toBe(200);
    const create = await asViewer('POST', `${BASE}/`, { name: 'Nope', columns: [] });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('You need the counterpart_table-create permission in this organization');
    expect((await asViewer('PATCH', `${BASE}/${table.id}`, { name: 'Nope' })).status).toBe(403);
    expect((await asViewer('DELETE', `${BASE}/${table.id}`)).status).toBe(403);
    expect(
      (await asViewer('POST', `${BASE}/${table.id}/clear_table`, { confirm_name: 'Bank lines' })).status,
    ).toBe(403);
    expect((await asViewer('POST', `${BASE}/${table.id}/columns`, { name: 'N', type: 'text' })).status).toBe(
      403,
    );
    expect((await call('GET', `${BASE}/`, noRolesToken, org.id)).status).toBe(403);
  });

  it('keeps another organization’s tables invisible (404) and out of its list', async () => {
    const table = await createTable('Private');
    const asOther = (method: string, path: string, body?: unknown) =>
      call(method, path, otherToken, otherOrg.id, body);
    expect((await asOther('GET', `${BASE}/${table.id}`)).status).toBe(404);
    expect((await asOther('PATCH', `${BASE}/${table.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await asOther('DELETE', `${BASE}/${table.id}`)).status).toBe(404);
    expect((await asOther('GET', `${BASE}/${table.id}/items`)).status).toBe(404);
    expect((await asOther('POST', `${BASE}/${table.id}/items`, { values: {} })).status).toBe(404);
    expect(
      (await asOther('POST', `${BASE}/${table.id}/clear_table`, { confirm_name: 'Private' })).status,
    ).toBe(404);
    expect((await asOther('GET', `${BASE}/`)).body.data.map((t: Json) => t.id)).not.toContain(table.id);
    // Naming an organization the token does not hold is refused before any table is looked at.
    expect((await call('GET', `${BASE}/${table.id}`, otherToken, org.id)).status).toBe(403);
    expect((await asAdmin('GET', `${BASE}/${table.id}`)).body.name).toBe('Private');
  });
});

describe('columns', () => {
  it('adds, renames, reorders and removes columns, removing the values too', async () => {
    const table = await createTable();
    const added = await asAdmin('POST', `${BASE}/${table.id}/columns`, {
      name: 'Status',
      type: 'single_select',
      options: ['Matched', 'Unmatched'],
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Status', type: 'single_select', position: 3 });
    const status = added.body.id;
    await asAdmin('POST', `${BASE}/${table.id}/items`, { values: { Reference: 'INV-1', Status: 'Matched' } });
    const renamed = await asAdmin('PATCH', `${BASE}/${table.id}/columns/${status}`, { name: 'State' });
    expect(renamed.body.columns.map((c: Json) => c.name)).toEqual(['Reference', 'Amount', 'Date', 'State']);
    const order = [status, ...table.columns.map((c: Json) => c.id)];
    const reordered = await asAdmin('PUT', `${BASE}/${table.id}/columns/order`, { column_ids: order });
    expect(reordered.body.columns.map((c: Json) => c.name)).toEqual(['State', 'Reference', 'Amount', 'Date']);
    const partial = await asAdmin('PUT', `${BASE}/${table.id}/columns/order`, { column_ids: [status] });
    expect(partial.status).toBe(400);
    const removed = await asAdmin('DELETE', `${BASE}/${table.id}/columns/${status}`);
    expect(removed.body.columns.map((c: Json) => c.name)).toEqual(['Reference', 'Amount', 'Date']);
    const items = await asAdmin('GET', `${BASE}/${table.id}/items?search=matched`);
    expect(items.body.total).toBe(0);
    expect((await asAdmin('DELETE', `${BASE}/${table.id}/columns/cffffffffffff`)).status).toBe(404);
  });

  it('previews the values a retype would lose, then empties only those', async () => {
    const table = await createTable();
    const reference = columnId(table, 'Reference');
    await asAdmin('POST', `${BASE}/${table.id}/items/bulk_create`, {
      items: [{ values: { Reference: '1,200.50' } }, { values: { Reference: 'INV-7' } }, { values: {} }],
    });
    const preview = await asAdmin('POST', `${BASE}/${table.id}/columns/${reference}/retype_preview`, {
      type: 'currency',
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ convertible: 1, failure_count: 1 });
    expect(preview.body.failures[0]).toMatchObject({
      value: 'INV-7',
      reason: '"INV-7" is not an amount',
    });
    expect((await asAdmin('GET', `${BASE}/${table.id}/items?search=inv-7`)).body.total).toBe(1);

    const retyped = await asAdmin('PATCH', `${BASE}/${table.id}/columns/${reference}`, { type: 'currency' });
    expect(retyped.body.columns[0]).toMatchObject({ type: 'currency', currency: 'KES' });
    const rows = await asAdmin('GET', `${BASE}/${table.id}/items`);
    expect(rows.body.data.map((r: Json) => r.values[reference])).toEqual([
      { minor_units: '120050', currency: 'KES' },
      null,
      null,
    ]);
  });
});

describe('clear table', () => {
  it('needs the table’s name, then deletes every row', async () => {
    const table = await createTable('To clear');
    await asAdmin('POST', `${BASE}/${table.id}/items/bulk_create`, {
      items: [{ values: {} }, { values: {} }],
    });
    const wrong = await asAdmin('POST', `${BASE}/${table.id}/clear_table`, { confirm_name: 'Other' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.confirm_name).toBe('Type "To clear" to clear it');
    expect((await asAdmin('GET', `${BASE}/${table.id}`)).body.row_count).toBe(2);
    const cleared = await asAdmin('POST', `${BASE}/${table.id}/clear_table`, { confirm_name: 'To clear' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.row_count).toBe(0);
    expect((await asAdmin('GET', `${BASE}/${table.id}/items`)).body.total).toBe(0);
  });
});

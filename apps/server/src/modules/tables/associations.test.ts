import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import { createPermissionCast, type TestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

const BASE = '/api/tables/storage/counterpart_tables';
const MAPPINGS = `${BASE}/association/mapping`;

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let adminToken: string;
let viewerToken: string;
let strangerToken: string;

interface Table {
  id: string;
  col: Record<string, string>;
}
let bank: Table;
let ledger: Table;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  ({
    org,
    otherOrg,
    tokens: { admin: adminToken, viewer: viewerToken, stranger: strangerToken },
  } = await createPermissionCast(server, 'Associations'));
  bank = await createTable('Bank', [
    { name: 'Reference', type: 'text' },
    { name: 'Amount', type: 'currency' },
    { name: 'Value date', type: 'date' },
    { name: 'Dollars', type: 'currency', currency: 'USD' },
  ]);
  ledger = await createTable('Ledger', [
    { name: 'invoice_no', type: 'number' },
    { name: 'Total', type: 'currency' },
    { name: 'Posted', type: 'date' },
    { name: 'Paid', type: 'boolean' },
  ]);
});
afterAll(() => server.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  call(method, path, adminToken, org.id, body);

async function createTable(name: string, columns: unknown[]): Promise<Table> {
  const res = await asAdmin('POST', `${BASE}/`, { name, columns });
  expect(res.status).toBe(201);
  return { id: res.body.id, col: Object.fromEntries(res.body.columns.map((c: Json) => [c.name, c.id])) };
}

const mapping = (name: string, pairs: Array<[string, string]>) => ({
  name,
  left_table_id: bank.id,
  right_table_id: ledger.id,
  pairs: pairs.map(([l, r]) => ({ left_column_id: bank.col[l], right_column_id: ledger.col[r] })),
});

describe('association mappings', () => {
  it('creates, lists by table, reads, updates and deletes a mapping, auditing each change', async () => {
    const created = await asAdmin(
      'POST',
      MAPPINGS,
      mapping('Bank to ledger', [
        ['Reference', 'invoice_no'],
        ['Amount', 'Total'],
      ]),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Bank to ledger',
      left_table_name: 'Bank',
      right_table_name: 'Ledger',
      pairs: [
        { left_column_id: bank.col.Reference, right_column_id: ledger.col.invoice_no },
        { left_column_id: bank.col.Amount, right_column_id: ledger.col.Total },
      ],
    });
    const id = created.body.id;

    const byLedger = await call('GET', `${MAPPINGS}?table_id=${ledger.id}`, viewerToken, org.id);
    expect(byLedger.status).toBe(200);
    expect(byLedger.body.data.map((m: Json) => m.id)).toEqual([id]);
    const other = await createTable('Other', [{ name: 'x', type: 'text' }]);
    expect((await asAdmin('GET', `${MAPPINGS}?table_id=${other.id}`)).body).toMatchObject({
      data: [],
      total: 0,
    });

    const updated = await asAdmin(
      'PUT',
      `${MAPPINGS}/${id}`,
      mapping('Bank ↔ ledger', [['Value date', 'Posted']]),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.pairs).toEqual([
      { left_column_id: bank.col['Value date'], right_column_id: ledger.col.Posted },
    ]);
    expect((await asAdmin('GET', `${MAPPINGS}/${id}`)).body.name).toBe('Bank ↔ ledger');

    expect((await asAdmin('DELETE', `${MAPPINGS}/${id}`)).status).toBe(204);
    expect((await asAdmin('GET', `${MAPPINGS}/${id}`)).status).toBe(404);
    const { rows } = await server.database.query<{ action: string }>(
      `select action from audit_log where organization_id = $1 and target_id = $2 order by created_at`,
      [org.id, id],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'association_mapping.created',
      'association_mapping.updated',
      'association_mapping.deleted',
    ]);
  });

  it('refuses a duplicate name in the organization, with a message naming it', async () => {
    expect((await asAdmin('POST', MAPPINGS, mapping('Statement match', [['Amount', 'Total']]))).status).toBe(
      201,
    );
    const again = await asAdmin('POST', MAPPINGS, mapping('statement MATCH', [['Reference', 'invoice_no']]));
    expect(again.status).toBe(400);
    expect(again.body.details).toEqual({ name: 'A mapping named "statement MATCH" already exists' });
  });

  it('refuses unknown columns, incomparable types, two currencies, repeated pairs and one table twice', async () => {
    const bad = await asAdmin('POST', MAPPINGS, {
      ...mapping('Bad', [
        ['Reference', 'Paid'],
        ['Dollars', 'Total'],
        ['Amount', 'Total'],
        ['Amount', 'Total'],
      ]),
      pairs: [
        { left_column_id: bank.col.Reference, right_column_id: ledger.col.Paid },
        { left_column_id: bank.col.Dollars, right_column_id: ledger.col.Total },
        { left_column_id: bank.col.Amount, right_column_id: ledger.col.Total },
        { left_column_id: bank.col.Amount, right_column_id: ledger.col.Total },
        { left_column_id: 'cffffffffffff', right_column_id: ledger.col.Total },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({
      'pairs[0]': 'Reference (text) cannot be compared with Paid (boolean)',
      'pairs[1]': 'Dollars is in USD and Total in KES',
      'pairs[3]': 'Amount ↔ Total is paired twice',
      'pairs[4].left_column_id': 'No column "cffffffffffff" in Bank',
    });
    const same = await asAdmin('POST', MAPPINGS, {
      ...mapping('Same', []),
      right_table_id: bank.id,
      pairs: [],
    });
    expect(same.status).toBe(400);
    const self = await asAdmin('POST', MAPPINGS, {
      name: 'Self',
      left_table_id: bank.id,
      right_table_id: bank.id,
      pairs: [{ left_column_id: bank.col.Amount, right_column_id: bank.col.Amount }],
    });
    expect(self.body.details).toEqual({ right_table_id: 'Must differ from the left table' });
  });

  it('drops the pairs of a removed column', async () => {
    const created = await asAdmin(
      'POST',
      MAPPINGS,
      mapping('Dates', [
        ['Value date', 'Posted'],
        ['Amount', 'Total'],
      ]),
    );
    const removed = await asAdmin('DELETE', `${BASE}/${ledger.id}/columns/${ledger.col.Posted}`);
    expect(removed.status).toBe(200);
    const after = await asAdmin('GET', `${MAPPINGS}/${created.body.id}`);
    expect(after.body.pairs).toEqual([
      { left_column_id: bank.col.Amount, right_column_id: ledger.col.Total },
    ]);
  });

  it('keeps mappings to their organization and their permissions', async () => {
    const created = await asAdmin('POST', MAPPINGS, mapping('Private', [['Amount', 'Total']]));
    const id = created.body.id;
    expect((await call('GET', `${MAPPINGS}/${id}`, strangerToken, otherOrg.id)).status).toBe(404);
    expect((await call('GET', MAPPINGS, strangerToken, otherOrg.id)).body.total).toBe(0);
    expect((await call('DELETE', `${MAPPINGS}/${id}`, strangerToken, otherOrg.id)).status).toBe(404);
    const foreign = await call(
      'POST',
      MAPPINGS,
      strangerToken,
      otherOrg.id,
      mapping('Theirs', [['Amount', 'Total']]),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual({ left_table_id: 'No such table in this organization' });
    const viewerWrite = await call(
      'POST',
      MAPPINGS,
      viewerToken,
      org.id,
      mapping('Viewer', [['Amount', 'Total']]),
    );
    expect(viewerWrite.status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import {
  createPermissionCast,
  type PermissionCast,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { BASE, IMPORTS, uploadFile } from './import/import-test-kit.ts';

const RELATIONSHIPS = `${BASE}/records/relationships`;
const MAPPINGS = `${BASE}/association/mapping`;

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let tokens: PermissionCast['tokens'];
/** Ids of what the refused calls aim at. */
const ids = {
  invoices: '',
  number: '',
  invoice: '',
  payments: '',
  receipt: '',
  pays: '',
  payment: '',
  mapping: '',
  import: '',
};

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  ({ org, otherOrg, tokens } = await createPermissionCast(server, 'Tables permissions'));

  const invoices = await asAdmin('POST', `${BASE}/`, {
    name: 'Invoices',
    columns: [{ name: 'Number', type: 'text' }],
  });
  ids.invoices = invoices.body.id;
  ids.number = invoices.body.columns[0].id;
  ids.invoice = (
    await asAdmin('POST', `${BASE}/${ids.invoices}/items`, { values: { Number: 'INV-1' } })
  ).body.id;
  const payments = await asAdmin('POST', `${BASE}/`, {
    name: 'Payments',
    columns: [
      { name: 'Receipt', type: 'text' },
      { name: 'Pays', type: 'link', link_table_id: ids.invoices },
    ],
  });
  ids.payments = payments.body.id;
  ids.receipt = payments.body.columns[0].id;
  ids.pays = payments.body.columns[1].id;
  const payment = await asAdmin('POST', `${BASE}/${ids.payments}/items`, {
    values: { Receipt: 'MP-1', Pays: [ids.invoice] },
  });
  expect(payment.status).toBe(201);
  ids.payment = payment.body.id;
  const mapping = await asAdmin('POST', MAPPINGS, {
    name: 'Receipt to invoice',
    left_table_id: ids.payments,
    right_table_id: ids.invoices,
    pairs: [{ left_column_id: ids.receipt, right_column_id: ids.number }],
  });
  expect(mapping.status).toBe(201);
  ids.mapping = mapping.body.id;
  const upload = await uploadFile(server, tokens.admin, org.id, 'lines.csv', 'Ref;Amount\nA-1;10\n');
  expect(upload.status).toBe(201);
  ids.import = upload.body.id;
});
afterAll(() => server.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  call(method, path, tokens.admin, org.id, body);

/** Everything the refused calls could have changed, as the admin reads it. */
async function snapshot(): Promise<Json> {
  const reads = [
    `${BASE}/${ids.invoices}`,
    `${BASE}/${ids.payments}`,
    `${BASE}/${ids.payments}/items`,
    `${RELATIONSHIPS}?table_id=${ids.payments}&item_id=${ids.payment}`,
    `${MAPPINGS}/${ids.mapping}`,
    `${IMPORTS}/${ids.import}`,
  ];
  const answers = await Promise.all(reads.map((url) => asAdmin('GET', url)));
  for (const [i, res] of answers.entries()) expect(res.status, reads[i]).toBe(200);
  return answers.map((res) => res.body);
}

interface RefusedCall {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
}

const columnCalls: RefusedCall[] = [
  {
    name: 'reorder the columns',
    method: 'PUT',
    path: () => `${BASE}/${ids.payments}/columns/order`,
    body: () => ({ column_ids: [ids.pays, ids.receipt] }),
  },
  {
    name: 'rename a column',
    method: 'PATCH',
    path: () => `${BASE}/${ids.payments}/columns/${ids.receipt}`,
    body: () => ({ name: 'Renamed' }),
  },
  {
    name: 'preview a retype',
    method: 'POST',
    path: () => `${BASE}/${ids.payments}/columns/${ids.receipt}/retype_preview`,
    body: () => ({ type: 'number' }),
  },
  {
    name: 'remove a column',
    method: 'DELETE',
    path: () => `${BASE}/${ids.payments}/columns/${ids.receipt}`,
  },
];

const mappingUpdate: RefusedCall = {
  name: 'change an association mapping',
  method: 'PUT',
  path: () => `${MAPPINGS}/${ids.mapping}`,
  body: () => ({
    name: 'Changed',
    left_table_id: ids.payments,
    right_table_id: ids.invoices,
    pairs: [{ left_column_id: ids.receipt, right_column_id: ids.number }],
  }),
};

/** Each call with the member who lacks the permission it needs (read-only routes: no roles at all). */
const refused: Array<RefusedCall & { as: 'viewer' | 'noRoles'; permission: string }> = [
  ...columnCalls.map((c) => ({
    ...c,
    as: c.name === 'preview a retype' ? ('noRoles' as const) : ('viewer' as const),
    permission: c.name === 'preview a retype' ? 'read' : 'update',
  })),
  {
    name: 'unlink two records',
    method: 'DELETE',
    path: () => RELATIONSHIPS,
    body: () => ({
      table_id: ids.payments,
      item_id: ids.payment,
      column_id: ids.pays,
      linked_item_id: ids.invoice,
    }),
    as: 'viewer',
    permission: 'update',
  },
  { ...mappingUpdate, as: 'viewer', permission: 'update' },
  {
    name: 'delete an association mapping',
    method: 'DELETE',
    path: () => `${MAPPINGS}/${ids.mapping}`,
    as: 'viewer',
    permission: 'delete',
  },
  {
    name: 'propose an import again',
    method: 'POST',
    path: () => `${IMPORTS}/${ids.import}/proposal`,
    body: () => ({ delimiter: ',' }),
    as: 'viewer',
    permission: 'create',
  },
];

describe('tables: permission of each route', () => {
  it.each(refused)('refuses to $name without counterpart_table-$permission, changing nothing', async (c) => {
    const before = await snapshot();
    const res = await call(c.method, c.path(), tokens[c.as], org.id, c.body?.());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      `You need the counterpart_table-${c.permission} permission in this organization`,
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe("tables: another organization's columns and mappings", () => {
  it.each([...columnCalls, mappingUpdate])('answers 404 to $name, changing nothing', async (c) => {
    const before = await snapshot();
    const res = await call(c.method, c.path(), tokens.stranger, otherOrg.id, c.body?.());
    expect(res.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('still lets the admin do them (the refusals above were not for bad input)', async () => {
    const preview = await asAdmin('POST', `${BASE}/${ids.payments}/columns/${ids.receipt}/retype_preview`, {
      type: 'number',
    });
    expect(preview.body).toMatchObject({ convertible: 0, failure_count: 1 });
    expect((await asAdmin('POST', `${IMPORTS}/${ids.import}/proposal`, { delimiter: ',' })).status).toBe(200);
    const unlink = {
      table_id: ids.payments,
      item_id: ids.payment,
      column_id: ids.pays,
      linked_item_id: ids.invoice,
    };
    expect((await asAdmin('DELETE', RELATIONSHIPS, unlink)).status).toBe(200);
    expect((await asAdmin('PUT', `${MAPPINGS}/${ids.mapping}`, mappingUpdate.body?.())).status).toBe(200);
    expect((await asAdmin('DELETE', `${MAPPINGS}/${ids.mapping}`)).status).toBe(204);
    const reordered = await asAdmin('PUT', `${BASE}/${ids.payments}/columns/order`, {
      column_ids: [ids.pays, ids.receipt],
    });
    expect(reordered.body.columns.map((c: Json) => c.name)).toEqual(['Pays', 'Receipt']);
    expect(
      (await asAdmin('PATCH', `${BASE}/${ids.payments}/columns/${ids.receipt}`, { name: 'R' })).status,
    ).toBe(200);
    const removed = await asAdmin('DELETE', `${BASE}/${ids.payments}/columns/${ids.receipt}`);
    expect(removed.body.columns.map((c: Json) => c.name)).toEqual(['Pays']);
  });
});

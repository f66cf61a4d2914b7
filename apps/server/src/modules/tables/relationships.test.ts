import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import { createPermissionCast, type TestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

const BASE = '/api/tables/storage/counterpart_tables';
const RELATIONSHIPS = `${BASE}/records/relationships`;

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let adminToken: string;
let viewerToken: string;
let strangerToken: string;
let invoices: { id: string; items: Record<string, string> };
let payments: { id: string; link: string; ref: string; items: Record<string, string> };

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  ({
    org,
    otherOrg,
    tokens: { admin: adminToken, viewer: viewerToken, stranger: strangerToken },
  } = await createPermissionCast(server, 'Relationships'));

  const inv = await asAdmin('POST', `${BASE}/`, {
    name: 'Invoices',
    columns: [{ name: 'Number', type: 'text' }],
  });
  invoices = { id: inv.body.id, items: {} };
  for (const number of ['INV-1', 'INV-2']) {
    const item = await asAdmin('POST', `${BASE}/${invoices.id}/items`, { values: { Number: number } });
    invoices.items[number] = item.body.id;
  }
  const pay = await asAdmin('POST', `${BASE}/`, {
    name: 'Payments',
    columns: [
      { name: 'Receipt', type: 'text' },
      { name: 'Pays', type: 'link', link_table_id: invoices.id },
    ],
  });
  payments = { id: pay.body.id, ref: pay.body.columns[0].id, link: pay.body.columns[1].id, items: {} };
  for (const [receipt, pays] of [
    ['MP-1', [invoices.items['INV-1']]],
    ['MP-2', []],
  ] as const) {
    const item = await asAdmin('POST', `${BASE}/${payments.id}/items`, {
      values: { Receipt: receipt, Pays: pays },
    });
    expect(item.status).toBe(201);
    payments.items[receipt] = item.body.id;
  }
});
afterAll(() => server.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  call(method, path, adminToken, org.id, body);
const relationshipsOf = (tableId: string, itemId: string, token = adminToken, organization = org.id) =>
  call('GET', `${RELATIONSHIPS}?table_id=${tableId}&item_id=${itemId}`, token, organization);
const labels = (group: Json) => group.records.map((r: Json) => r.label);

describe('relationships', () => {
  it('shows a payment’s invoices (outgoing) and an invoice’s payments (incoming)', async () => {
    const payment = await relationshipsOf(payments.id, payments.items['MP-1']!, viewerToken);
    expect(payment.status).toBe(200);
    expect(payment.body).toMatchObject({ label: 'MP-1', incoming: [] });
    expect(payment.body.outgoing).toHaveLength(1);
    expect(payment.body.outgoing[0]).toMatchObject({
      column_name: 'Pays',
      table_id: invoices.id,
      table_name: 'Invoices',
      total: 1,
    });
    expect(labels(payment.body.outgoing[0])).toEqual(['INV-1']);

    const invoice = await relationshipsOf(invoices.id, invoices.items['INV-1']!);
    expect(invoice.body.outgoing).toEqual([]);
    expect(invoice.body.incoming).toHaveLength(1);
    expect(invoice.body.incoming[0]).toMatchObject({ column_name: 'Pays', table_name: 'Payments', total: 1 });
    expect(labels(invoice.body.incoming[0])).toEqual(['MP-1']);
  });

  it('links and unlinks, seen from both sides', async () => {
    const change = {
      table_id: payments.id,
      item_id: payments.items['MP-2'],
      column_id: payments.link,
      linked_item_id: invoices.items['INV-1'],
    };
    const linked = await asAdmin('POST', RELATIONSHIPS, change);
    expect(linked.status).toBe(200);
    expect(labels(linked.body.outgoing[0])).toEqual(['INV-1']);
    const invoice = await relationshipsOf(invoices.id, invoices.items['INV-1']!);
    expect(labels(invoice.body.incoming[0])).toEqual(['MP-1', 'MP-2']);
    expect(invoice.body.incoming[0].total).toBe(2);

    const unlinked = await asAdmin('DELETE', RELATIONSHIPS, change);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.outgoing[0]).toMatchObject({ records: [], total: 0 });
    expect(labels((await relationshipsOf(invoices.id, invoices.items['INV-1']!)).body.incoming[0])).toEqual([
      'MP-1',
    ]);
    expect((await asAdmin('DELETE', RELATIONSHIPS, change)).status).toBe(404);
  });

  it('refuses a column that is not a link, a record not in the linked table, and readers', async () => {
    const base = {
      table_id: payments.id,
      item_id: payments.items['MP-2'],
      linked_item_id: invoices.items['INV-2'],
    };
    const notLink = await asAdmin('POST', RELATIONSHIPS, { ...base, column_id: payments.ref });
    expect(notLink.status).toBe(400);
    expect(notLink.body.details).toEqual({ column_id: `No link column "${payments.ref}" in Payments` });
    const wrongTable = await asAdmin('POST', RELATIONSHIPS, {
      ...base,
      column_id: payments.link,
      linked_item_id: payments.items['MP-1'],
    });
    expect(wrongTable.status).toBe(400);
    expect(wrongTable.body.details).toEqual({
      Pays: 'Links to a record that does not exist in the linked table',
    });
    const reader = await call('POST', RELATIONSHIPS, viewerToken, org.id, {
      ...base,
      column_id: payments.link,
    });
    expect(reader.status).toBe(403);
  });

  it('is invisible to another organization, and 404 for unknown records', async () => {
    expect(
      (await relationshipsOf(payments.id, payments.items['MP-1']!, strangerToken, otherOrg.id)).status,
    ).toBe(404);
    const foreign = await call('POST', RELATIONSHIPS, strangerToken, otherOrg.id, {
      table_id: payments.id,
      item_id: payments.items['MP-2'],
      column_id: payments.link,
      linked_item_id: invoices.items['INV-2'],
    });
    expect(foreign.status).toBe(404);
    expect((await relationshipsOf(payments.id, invoices.items['INV-1']!)).status).toBe(404);
    expect((await relationshipsOf(payments.id, 'not-an-id')).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

const BASE = '/api/tables/storage/counterpart_tables';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let adminToken: string;
let viewerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  org = await createTestOrganization(server, 'Table items');
  adminToken = await (await addTestMember(server, org, { group: 'Administrators' })).token();
  viewerToken = await (await addTestMember(server, org, { group: 'Viewers' })).token();
});
afterAll(() => server.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  call(method, path, adminToken, org.id, body);

interface Ledger {
  id: string;
  col: Record<string, string>;
  items: string;
}

async function createLedger(): Promise<Ledger> {
  const res = await asAdmin('POST', `${BASE}/`, {
    name: 'Ledger',
    columns: [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'currency' },
      { name: 'Date', type: 'date' },
      { name: 'Qty', type: 'number' },
      { name: 'Cleared', type: 'boolean' },
      { name: 'Status', type: 'single_select', options: ['Matched', 'Unmatched', 'Pending'] },
    ],
  });
  expect(res.status).toBe(201);
  const col = Object.fromEntries(res.body.columns.map((c: Json) => [c.name, c.id]));
  return { id: res.body.id, col, items: `${BASE}/${res.body.id}/items` };
}

async function seed(ledger: Ledger, rows: Array<Record<string, unknown>>): Promise<void> {
  const res = await asAdmin('POST', `${ledger.items}/bulk_create`, {
    items: rows.map((values) => ({ values })),
  });
  expect(res.status).toBe(201);
}

const refs = (page: Json) => page.data.map((row: Json) => row.values[Object.keys(row.values)[0] as string]);

describe('items: writes', () => {
  it('stores the spec §5 currency forms exactly and answers minor units with the code', async () => {
    const ledger = await createLedger();
    const forms = ['(1,234.50)', '1 234.50-', '$12', 'KES 1,200', 1234.5];
    const answers = [];
    for (const amount of forms) {
      const res = await asAdmin('POST', ledger.items, { values: { Amount: amount } });
      expect(res.status).toBe(201);
      answers.push(res.body.values[ledger.col.Amount as string]);
    }
    expect(answers.map((a: Json) => a.minor_units)).toEqual([
      '-123450',
      '-123450',
      '1200',
      '120000',
      '123450',
    ]);
    expect(answers[0].currency).toBe('KES');
  });

  it('refuses invalid values with the first error per column name and writes nothing', async () => {
    const ledger = await createLedger();
    const res = await asAdmin('POST', ledger.items, {
      values: {
        Amount: 'twelve',
        Date: '31/01/2024',
        Status: 'Lost',
        Cleared: 'maybe',
        Reference: 'ok',
        Nope: 1,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({
      Amount: '"twelve" is not an amount',
      Date: 'Must be a date as yyyy-mm-dd',
      Status: 'Must be one of: Matched, Unmatched, Pending',
      Cleared: 'Must be true or false',
      Nope: 'Unknown column',
    });
    expect((await asAdmin('GET', ledger.items)).body.total).toBe(0);
  });

  it('reads, changes some cells, clears one with null, and deletes a row', async () => {
    const ledger = await createLedger();
    const created = (
      await asAdmin('POST', ledger.items, { values: { Reference: 'INV-1', Amount: '10', Qty: 2 } })
    ).body;
    const path = `${ledger.items}/${created.id}`;
    const changed = await asAdmin('PATCH', path, {
      values: { [ledger.col.Amount as string]: '11.5', Qty: null },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.values[ledger.col.Amount as string]).toEqual({
      minor_units: '1150',
      currency: 'KES',
    });
    expect(changed.body.values[ledger.col.Qty as string]).toBeNull();
    expect(changed.body.values[ledger.col.Reference as string]).toBe('INV-1');
    const bad = await asAdmin('PATCH', path, { values: { Reference: 'INV-2', Date: '2024-13-01' } });
    expect(bad.status).toBe(400);
    expect((await asAdmin('GET', path)).body.values[ledger.col.Reference as string]).toBe('INV-1');
    expect((await asAdmin('DELETE', path)).status).toBe(204);
    expect((await asAdmin('GET', path)).status).toBe(404);
    expect((await asAdmin('DELETE', path)).status).toBe(404);
    expect((await asAdmin('GET', `${BASE}/${ledger.id}`)).body.row_count).toBe(0);
  });

  it('bulk creates all or nothing, naming the failing row, and bulk deletes', async () => {
    const ledger = await createLedger();
    const refused = await asAdmin('POST', `${ledger.items}/bulk_create`, {
      items: [{ values: { Amount: '1' } }, { values: { Amount: '1,2,3x' } }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual({ 'rows[1].Amount': '"1,2,3x" is not an amount' });
    expect((await asAdmin('GET', ledger.items)).body.total).toBe(0);
    await seed(ledger, [{ Reference: 'A' }, { Reference: 'B' }, { Reference: 'C' }]);
    const ids = (await asAdmin('GET', ledger.items)).body.data.map((r: Json) => r.id);
    const deleted = await asAdmin('POST', `${ledger.items}/bulk_delete`, {
      ids: [ids[0], ids[2], 'not-an-id'],
    });
    expect(deleted.body).toEqual({ count: 2 });
    expect(refs((await asAdmin('GET', ledger.items)).body)).toEqual(['B']);
    expect((await asAdmin('GET', `${BASE}/${ledger.id}`)).body.row_count).toBe(1);
  });

  it('links rows to another table’s records and refuses ids that are not there', async () => {
    const ledger = await createLedger();
    await seed(ledger, [{ Reference: 'INV-1' }]);
    const invoice = (await asAdmin('GET', ledger.items)).body.data[0].id;
    const bank = await asAdmin('POST', `${BASE}/`, {
      name: 'Bank',
      columns: [{ name: 'Invoice', type: 'link', link_table_id: ledger.id }],
    });
    const linkItems = `${BASE}/${bank.body.id}/items`;
    const linked = await asAdmin('POST', linkItems, { values: { Invoice: [invoice] } });
    expect(linked.status).toBe(201);
    expect(Object.values(linked.body.values)).toEqual([[invoice]]);
    const missing = await asAdmin('POST', linkItems, { values: { Invoice: [bank.body.id] } });
    expect(missing.body.details.Invoice).toBe('Links to a record that does not exist in the linked table');
    const filter = JSON.stringify([{ column_id: bank.body.columns[0].id, op: 'equals', value: invoice }]);
    expect((await asAdmin('GET', `${linkItems}?filters=${encodeURIComponent(filter)}`)).body.total).toBe(1);
  });

  it('needs the create, update and delete permissions, and read for the viewer', async () => {
    const ledger = await createLedger();
    await seed(ledger, [{ Reference: 'A' }]);
    const row = (await asAdmin('GET', ledger.items)).body.data[0].id;
    const asViewer = (method: string, path: string, body?: unknown) =>
      call(method, path, viewerToken, org.id, body);
    expect((await asViewer('GET', ledger.items)).status).toBe(200);
    expect((await asViewer('GET', `${ledger.items}/${row}`)).status).toBe(200);
    expect((await asViewer('POST', ledger.items, { values: {} })).status).toBe(403);
    expect((await asViewer('POST', `${ledger.items}/bulk_create`, { items: [{ values: {} }] })).status).toBe(
      403,
    );
    expect((await asViewer('PATCH', `${ledger.items}/${row}`, { values: { Reference: 'B' } })).status).toBe(
      403,
    );
    expect((await asViewer('DELETE', `${ledger.items}/${row}`)).status).toBe(403);
    expect((await asViewer('POST', `${ledger.items}/bulk_delete`, { ids: [row] })).status).toBe(403);
  });
});

describe('items: reads', () => {
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await createLedger();
    await seed(ledger, [
      { Reference: 'INV-9', Amount: '900', Date: '2024-03-01', Qty: 9, Cleared: true, Status: 'Matched' },
      {
        Reference: 'inv-10',
        Amount: '(1,000.00)',
        Date: '2023-12-31',
        Qty: 10,
        Cleared: false,
        Status: 'Pending',
      },
      { Reference: 'Rent March', Amount: 'KES 25,000', Date: '2024-02-15', Qty: 100, Status: 'Unmatched' },
      { Reference: 'Bank fee', Amount: '12.5', Qty: -1 },
    ]);
  });
  const list = async (query: string) => {
    const res = await asAdmin('GET', `${ledger.items}?${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const filtered = (filters: unknown[]) => list(`filters=${encodeURIComponent(JSON.stringify(filters))}`);

  it('pages from page_no 1 with page_size 20 by default, in insertion order', async () => {
    const page = await list('');
    expect(page).toMatchObject({ page_no: 1, page_size: 20, total: 4, total_is_estimate: false });
    expect(refs(page)).toEqual(['INV-9', 'inv-10', 'Rent March', 'Bank fee']);
    const second = await list('page_no=2&page_size=3');
    expect(refs(second)).toEqual(['Bank fee']);
    expect(second.total).toBe(4);
    const tooDeep = await asAdmin('GET', `${ledger.items}?page_no=2000&page_size=500`);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.details.page_no).toMatch(/at most 500000 rows in/);
  });

  it('sorts by type: amounts and numbers numerically, dates chronologically, text ignoring case', async () => {
    expect(refs(await list(`sort=${ledger.col.Amount}`))).toEqual([
      'inv-10',
      'Bank fee',
      'INV-9',
      'Rent March',
    ]);
    expect(refs(await list(`sort=${ledger.col.Qty}&order=desc`))).toEqual([
      'Rent March',
      'inv-10',
      'INV-9',
      'Bank fee',
    ]);
    expect(refs(await list(`sort=${ledger.col.Date}`))).toEqual([
      'inv-10',
      'Rent March',
      'INV-9',
      'Bank fee',
    ]);
    expect(refs(await list(`sort=${ledger.col.Reference}`))).toEqual([
      'Bank fee',
      'inv-10',
      'INV-9',
      'Rent March',
    ]);
    expect((await asAdmin('GET', `${ledger.items}?sort=cffffffffffff`)).status).toBe(400);
  });

  it('filters with equals, contains, between, is empty and status', async () => {
    const col = ledger.col as Record<string, string>;
    expect(refs(await filtered([{ column_id: col.Amount, op: 'equals', value: '-1,000' }]))).toEqual([
      'inv-10',
    ]);
    expect(refs(await filtered([{ column_id: col.Reference, op: 'contains', value: 'INV' }]))).toEqual([
      'INV-9',
      'inv-10',
    ]);
    expect(refs(await filtered([{ column_id: col.Amount, op: 'between', from: 0, to: '1,000' }]))).toEqual([
      'INV-9',
      'Bank fee',
    ]);
    expect(
      refs(await filtered([{ column_id: col.Date, op: 'between', from: '2024-01-01', to: '2024-12-31' }])),
    ).toEqual(['INV-9', 'Rent March']);
    expect(refs(await filtered([{ column_id: col.Date, op: 'is_empty' }]))).toEqual(['Bank fee']);
    expect(
      refs(await filtered([{ column_id: col.Status, op: 'status', values: ['Matched', 'Pending'] }])),
    ).toEqual(['INV-9', 'inv-10']);
    expect(refs(await filtered([{ column_id: col.Cleared, op: 'equals', value: false }]))).toEqual([
      'inv-10',
    ]);
  });

  it('refuses malformed filters with a field message', async () => {
    const res = await asAdmin('GET', `${ledger.items}?filters=${encodeURIComponent('[{"op":"equals"}]')}`);
    expect(res.status).toBe(400);
    expect(res.body.details.filters).toBeTruthy();
    const badDate = JSON.stringify([{ column_id: ledger.col.Date, op: 'equals', value: 'soon' }]);
    const badValue = await asAdmin('GET', `${ledger.items}?filters=${encodeURIComponent(badDate)}`);
    expect(badValue.status).toBe(400);
    expect(badValue.body.details.filters).toBe('Date: Must be a date as yyyy-mm-dd');
    expect((await asAdmin('GET', `${ledger.items}?filters=not-json`)).body.details.filters).toBe(
      'Must be a JSON array of filters',
    );
  });

  it('searches every cell as text, each word anywhere in the row', async () => {
    expect(refs(await list('search=march'))).toEqual(['Rent March']);
    expect(refs(await list('search=25000'))).toEqual(['Rent March']);
    expect(refs(await list('search=inv%20matched'))).toEqual(['INV-9']);
    expect((await list('search=50%25')).total).toBe(0);
  });
});

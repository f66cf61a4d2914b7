import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { BASE, IMPORTS, rowsByName, uploadFile, waitForImport } from './import-test-kit.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  org = await createTestOrganization(server, 'Import types');
  admin = await (await addTestMember(server, org, { group: 'Administrators' })).token();
});
afterAll(() => server.close());

const CUSTOMERS = [
  'Invoice No,Customer Phone,Account No,Net Amount,VAT %,Total',
  'INV-001,0716 103 413,00123456,"1,000.00",16%,"1,160.00"',
  'INV-002,+254722000111,00987654,500.00,16%,580.00',
  'INV-003,254733123456,01234567,250.00,8%,270.00',
].join('\r\n');

const typeOf = (proposal: Json, header: string) =>
  proposal.columns.find((c: Json) => c.header === header) as Json;

describe('types proposed for an invoice list with phones, accounts and VAT', () => {
  it('keeps phones and accounts as text, money as currency, VAT as a number that says it is a percentage', async () => {
    const uploaded = await uploadFile(server, admin, org.id, 'customers.csv', CUSTOMERS);
    expect(uploaded.status).toBe(201);
    const { proposal } = uploaded.body;
    expect(typeOf(proposal, 'Customer Phone')).toMatchObject({
      guessed_type: 'text',
      note: 'Phone numbers: kept as text, digits and spaces as written',
    });
    expect(typeOf(proposal, 'Account No')).toMatchObject({ guessed_type: 'text' });
    expect(typeOf(proposal, 'Net Amount')).toMatchObject({ guessed_type: 'currency' });
    expect(typeOf(proposal, 'Total')).toMatchObject({ guessed_type: 'currency' });
    expect(typeOf(proposal, 'VAT %')).toMatchObject({
      guessed_type: 'number',
      note: 'Percentages: 16% is kept as the number 16',
    });
    const started = await call('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, admin, org.id, {
      target: { new_table: { name: 'Customers' } },
      mapping: proposal.mapping,
    });
    expect(started.status).toBe(202);
    const done = await waitForImport(call, admin, org.id, uploaded.body.id);
    expect(done).toMatchObject({ status: 'succeeded', inserted_rows: 3 });
    const rows = await rowsByName(call, admin, org.id, done.table_id);
    expect(rows.map((r) => [r['Customer Phone'], r['Account No'], r['VAT %'], r.Total?.minor_units])).toEqual(
      [
        ['0716 103 413', '00123456', 16, '116000'],
        ['+254722000111', '00987654', 16, '58000'],
        ['254733123456', '01234567', 8, '27000'],
      ],
    );
  });
});

describe('a wrong type undone without loss', () => {
  it('imports a phone column as currency by choice, then gives back every digit when it is made text', async () => {
    const phones = CUSTOMERS.replace('0716 103 413', '0716103413');
    const uploaded = await uploadFile(server, admin, org.id, 'phones.csv', phones);
    const { proposal } = uploaded.body;
    const mapping = proposal.mapping.map((entry: Json) =>
      entry.source === 1 || entry.source === 2
        ? { source: entry.source, new_column: { ...entry.new_column, type: 'currency', currency: 'KES' } }
        : entry,
    );
    await call('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, admin, org.id, {
      target: { new_table: { name: 'Phones as money' } },
      mapping,
    });
    const done = await waitForImport(call, admin, org.id, uploaded.body.id);
    expect(done).toMatchObject({ status: 'succeeded', inserted_rows: 3 });
    const tableId = done.table_id;
    let rows = await rowsByName(call, admin, org.id, tableId);
    expect(rows[0]?.['Customer Phone']).toEqual({ minor_units: '71610341300', currency: 'KES' });
    const table = (await call('GET', `${BASE}/${tableId}`, admin, org.id)).body;
    const id = (name: string) => table.columns.find((c: Json) => c.name === name).id;
    // Currency → Number → Text: the text the file gave survives both retypes.
    for (const type of ['number', 'text']) {
      const res = await call('PATCH', `${BASE}/${tableId}/columns/${id('Customer Phone')}`, admin, org.id, {
        type,
      });
      expect(res.status).toBe(200);
    }
    await call('PATCH', `${BASE}/${tableId}/columns/${id('Account No')}`, admin, org.id, { type: 'text' });
    // Formatting is not kept: Total made text reads as its stored amount.
    await call('PATCH', `${BASE}/${tableId}/columns/${id('Total')}`, admin, org.id, { type: 'text' });
    rows = await rowsByName(call, admin, org.id, tableId);
    expect(rows.map((r) => [r['Customer Phone'], r['Account No'], r.Total])).toEqual([
      ['0716103413', '00123456', '1160.00'],
      ['+254722000111', '00987654', '580.00'],
      ['254733123456', '01234567', '270.00'],
    ]);
  });

  it('keeps the text typed into a cell, text → currency → text, and an edit forgets the old text', async () => {
    const created = await call('POST', `${BASE}/`, admin, org.id, {
      name: 'Typed phones',
      columns: [{ name: 'Phone', type: 'text' }],
    });
    const table = created.body;
    const phone = table.columns[0].id;
    const item = await call('POST', `${BASE}/${table.id}/items`, admin, org.id, {
      values: { Phone: '0716 103 413' },
    });
    expect(item.status).toBe(201);
    const to = (type: string) =>
      call('PATCH', `${BASE}/${table.id}/columns/${phone}`, admin, org.id, { type, currency: 'KES' });
    expect((await to('currency')).status).toBe(200);
    expect((await to('text')).status).toBe(200);
    let rows = await rowsByName(call, admin, org.id, table.id);
    expect(rows[0]?.Phone).toBe('0716 103 413');
    await to('currency');
    const itemId = (await call('GET', `${BASE}/${table.id}/items`, admin, org.id)).body.data[0].id;
    const edited = await call('PATCH', `${BASE}/${table.id}/items/${itemId}`, admin, org.id, {
      values: { Phone: '12.5' },
    });
    expect(edited.status).toBe(200);
    await to('text');
    rows = await rowsByName(call, admin, org.id, table.id);
    expect(rows[0]?.Phone).toBe('12.50');
  });
});

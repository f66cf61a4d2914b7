import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  decodeStatementBytes,
  generateMpesaRows,
  readStatement,
  writeMpesaStatementCsv,
} from '@counterpart/statements';
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
  org = await createTestOrganization(server, 'Statement imports');
  admin = await (await addTestMember(server, org, { group: 'Administrators' })).token();
});
afterAll(() => server.close());

const fixture = (path: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../../../../../packages/statements/fixtures/${path}`, import.meta.url)),
  );

const asAdmin = (method: string, path: string, body?: unknown) => call(method, path, admin, org.id, body);

/** Uploads, confirms with the proposed mapping (into a new table unless `tableId`) and waits. */
async function importStatement(
  fileName: string,
  content: string | Uint8Array,
  options: { tableId?: string; qif?: string } = {},
): Promise<{ uploaded: Json; done: Json }> {
  const uploaded = await uploadFile(server, admin, org.id, fileName, content, options.tableId);
  expect(uploaded.status).toBe(201);
  const { proposal } = uploaded.body;
  const started = await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, {
    target: options.tableId ? { table_id: options.tableId } : { new_table: { name: proposal.table_name } },
    mapping: proposal.mapping,
    ...(options.qif ? { options: { qif_date_format: options.qif } } : {}),
  });
  expect(started.status).toBe(202);
  return { uploaded: uploaded.body, done: await waitForImport(call, admin, org.id, uploaded.body.id) };
}

/** The stored duplicate keys of a table's rows (not part of the items API). */
async function itemKeys(tableId: string): Promise<string[]> {
  const result = await server.database.query<{ external_key: string }>(
    'select external_key from table_items where table_id = $1 order by external_key',
    [tableId],
  );
  return result.rows.map((row) => row.external_key);
}

const amounts = (rows: Array<Record<string, Json>>) => rows.map((r) => r.Amount.minor_units).sort();

describe('importing an M-Pesa business statement', () => {
  const csv = fixture('mpesa/business-statement.csv');
  const read = readStatement(decodeStatementBytes(csv), { fileName: 'business-statement.csv' });

  it('recognises the CSV as a statement, imports exact amounts and keys, then adds nothing twice', async () => {
    const uploaded = await uploadFile(server, admin, org.id, 'business-statement.csv', csv);
    expect(uploaded.status).toBe(201);
    const { proposal } = uploaded.body;
    expect(proposal).toMatchObject({ format: 'statement', statement_format: 'mpesa_csv' });
    expect(proposal.columns.map((c: Json) => [c.header, c.guessed_type])).toEqual([
      ['Date', 'date'],
      ['Value date', 'date'],
      ['Amount', 'currency'],
      ['Currency', 'text'],
      ['Reference', 'text'],
      ['Counterparty', 'text'],
      ['Narrative', 'text'],
      ['Bank reference', 'text'],
      ['Counterparty phone', 'text'],
    ]);
    // M-Pesa gives no value date: that column is offered unchecked, and says why.
    expect(proposal.mapping[1]).toEqual({ source: 1, skip: true });
    expect(proposal.columns[1].note).toBe('Empty in every transaction of this file: skipped');
    expect(proposal.mapping[2]).toEqual({
      source: 2,
      new_column: { name: 'Amount', type: 'currency', currency: 'KES', decimals: 2 },
    });
    expect(proposal.sample_rows[0].slice(0, 4)).toEqual(['2024-03-01', '', '-42746.00', 'KES']);

    const started = await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, {
      target: { new_table: { name: proposal.table_name } },
      mapping: proposal.mapping,
    });
    expect(started.status).toBe(202);
    const done = await waitForImport(call, admin, org.id, uploaded.body.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      total_rows: 36,
      inserted_rows: 36,
      duplicate_rows: 0,
      failed_rows: 0,
    });
    expect(done.warnings.map((w: Json) => w.code)).not.toContain('balance_mismatch');
    const rows = await rowsByName(call, admin, org.id, done.table_id);
    expect(amounts(rows)).toEqual(read.transactions.map((t) => t.amount_minor).sort());
    const first = rows.find((r) => r['Bank reference'] === 'SCS8DCYXZQ');
    expect(first).toMatchObject({
      Date: '2024-03-01',
      Amount: { minor_units: '-4274600', currency: 'KES' },
      Currency: 'KES',
      Counterparty: expect.stringContaining('SAMUEL ACHIENG'),
      'Counterparty phone': '254794222417',
    });
    expect(first).not.toHaveProperty('Value date');
    expect((await itemKeys(done.table_id)).sort()).toEqual(
      read.transactions.map((t) => t.external_key).sort(),
    );
    expect(await itemKeys(done.table_id)).toContain('mpesa:600123:SCS3Q7IN4F:charge');

    const again = await importStatement('business-statement.csv', csv, { tableId: done.table_id });
    expect(again.uploaded.proposal.mapping.filter((m: Json) => !m.skip).every((m: Json) => m.column_id)).toBe(
      true,
    );
    expect(again.done).toMatchObject({ status: 'succeeded', inserted_rows: 0, duplicate_rows: 36 });
    const table = await asAdmin('GET', `${BASE}/${done.table_id}`);
    expect(table.body.row_count).toBe(36);
  });

  it('imports only the new rows of an overlapping statement', async () => {
    const all = generateMpesaRows({ rows: 60, seed: 11 });
    const march = writeMpesaStatementCsv(all.slice(0, 40));
    const april = writeMpesaStatementCsv(all.slice(25));
    const keysOf = (text: string) => readStatement(text).transactions.map((t) => t.external_key);
    const union = new Set([...keysOf(march), ...keysOf(april)]);
    const newInApril = keysOf(april).filter((k) => !keysOf(march).includes(k)).length;
    expect(newInApril).toBeGreaterThan(0);

    const first = await importStatement('march.csv', march);
    expect(first.done).toMatchObject({ status: 'succeeded', inserted_rows: keysOf(march).length });
    const second = await importStatement('april.csv', april, { tableId: first.done.table_id });
    expect(second.done).toMatchObject({
      status: 'succeeded',
      inserted_rows: newInApril,
      duplicate_rows: keysOf(april).length - newInApril,
    });
    expect((await itemKeys(first.done.table_id)).sort()).toEqual([...union].sort());
  });
});

describe('importing bank statements', () => {
  it('imports camt.053, MT940 and OFX with exact amounts', async () => {
    const camt = await importStatement('statement.xml', fixture('camt/camt053.v2.multi.statement.xml'));
    expect(camt.uploaded.proposal.statement_format).toBe('camt053');
    expect(camt.done).toMatchObject({ status: 'succeeded', inserted_rows: 2 });
    expect(camt.done.warnings).toEqual([]);
    const camtRows = await rowsByName(call, admin, org.id, camt.done.table_id);
    expect(amounts(camtRows)).toEqual(['-700', '885']);
    expect(camtRows.every((r) => r.Amount.currency === 'EUR' && r.Currency === 'EUR')).toBe(true);

    const mt940 = await importStatement('test1.mt940', fixture('mt940/test1.mt940'));
    expect(mt940.done).toMatchObject({ status: 'succeeded', inserted_rows: 3 });
    const mtRows = await rowsByName(call, admin, org.id, mt940.done.table_id);
    const mtRead = readStatement(decodeStatementBytes(fixture('mt940/test1.mt940')));
    expect(amounts(mtRows)).toEqual(mtRead.transactions.map((t) => t.amount_minor).sort());
    expect(mtRows.find((r) => r['Bank reference'] === 'B4E07XM00J000023')?.Amount).toEqual({
      minor_units: '50000',
      currency: 'EUR',
    });

    const ofx = await importStatement('example1.ofx', fixture('ofx/example1.ofx'));
    expect(ofx.done).toMatchObject({ status: 'succeeded', inserted_rows: 5 });
    const ofxRows = await rowsByName(call, admin, org.id, ofx.done.table_id);
    const ofxRead = readStatement(decodeStatementBytes(fixture('ofx/example1.ofx')));
    expect(amounts(ofxRows)).toEqual(ofxRead.transactions.map((t) => t.amount_minor).sort());
    expect(ofxRows.every((r) => r.Amount.currency === 'NZD')).toBe(true);
  });

  it('refuses a QIF without its date format, and imports it with one', async () => {
    const qif =
      '!Type:Bank\nD03/04/2024\nT-1,250.50\nPCity Power\nMInvoice 77\n^\nD05/04/2024\nT300.00\nPAcme Ltd\n^\n';
    const uploaded = await uploadFile(server, admin, org.id, 'checking.qif', qif);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.proposal).toMatchObject({ statement_format: 'qif', qif_date_format: null });
    const confirm = (options?: Json) =>
      asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, {
        target: { new_table: { name: 'Checking' } },
        mapping: uploaded.body.proposal.mapping,
        ...(options ? { options } : {}),
      });
    const refused = await confirm();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/QIF file.*choose its date format/);
    expect((await asAdmin('GET', `${IMPORTS}/${uploaded.body.id}`)).body.status).toBe('uploaded');

    expect((await confirm({ qif_date_format: 'dd/mm/yyyy' })).status).toBe(202);
    const done = await waitForImport(call, admin, org.id, uploaded.body.id);
    expect(done).toMatchObject({ status: 'succeeded', inserted_rows: 2 });
    const rows = await rowsByName(call, admin, org.id, done.table_id);
    expect(rows.map((r) => [r.Date, r.Amount.minor_units]).sort()).toEqual([
      ['2024-04-03', '-125050'],
      ['2024-04-05', '30000'],
    ]);
  });

  it('reports a camt balance mismatch with both figures, and still imports', async () => {
    const { done } = await importStatement('minimal.xml', fixture('camt/camt053.v2.minimal.xml'));
    expect(done.status).toBe('succeeded');
    const mismatch = done.warnings.find((w: Json) => w.code === 'balance_mismatch');
    // The public fixture really is inconsistent: its closing balance is a SEK debit.
    expect(mismatch?.message).toBe(
      'Statement 253EURNL26VAYB8060476890: opening balance 18.15 EUR + 1 entries 8.85 EUR = 27.00 EUR, but the closing balance is -27.00 SEK',
    );
    expect(mismatch?.line).toEqual(expect.any(Number));
  });

  it('fails a malformed camt, naming the line, and leaves the table as it was', async () => {
    const good = await importStatement('good.xml', fixture('camt/camt053.v2.multi.statement.xml'));
    const tableId = good.done.table_id;
    const before = await itemKeys(tableId);
    const broken = fixture('camt/camt053.v2.minimal.ultimate.xml').toString('utf8').replace('</Ntry>', '');
    const { done } = await importStatement('broken.xml', broken, { tableId });
    expect(done.status).toBe('failed');
    expect(done.error_message).toMatch(/Line \d+: not well-formed XML/);
    expect(done.error_message).toMatch(/Nothing was imported/);
    expect(done.errors[0]).toMatchObject({
      line: expect.any(Number),
      message: expect.stringMatching(/^Line/),
    });
    expect(done.inserted_rows).toBe(0);
    expect(await itemKeys(tableId)).toEqual(before);
    expect((await asAdmin('GET', `${BASE}/${tableId}`)).body.row_count).toBe(2);
  });
});

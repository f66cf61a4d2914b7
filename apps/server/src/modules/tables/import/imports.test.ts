import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../../test/api-call.ts';
import { createPermissionCast, type TestOrganization } from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { BASE, IMPORTS, rowsByName, uploadFile, waitForImport } from './import-test-kit.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let admin: string;
let viewer: string;
let stranger: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  ({
    org,
    otherOrg,
    tokens: { admin, viewer, stranger },
  } = await createPermissionCast(server, 'Imports'));
});
afterAll(() => server.close());

const asAdmin = (method: string, path: string, body?: unknown) => call(method, path, admin, org.id, body);

/** Bank lines with a BOM, mixed line endings, a quoted line break, a formula-like cell and one bad amount. */
const BANK_CSV =
  '\uFEFFDate,Description,Reference,Amount\r\n' +
  '2024-01-05,"Salary, January",REF-1,"KES 1,200"\n' +
  '2024-01-06,"Two\nlines",REF-2,"(1,234.50)"\r\n' +
  '2024-01-07,=SUM(A1:A2),REF-3,1 234.50-\n' +
  '2024-01-08,-Coffee refund,REF-4,$12\n' +
  '2024-01-09,Broken,REF-5,twelve\n' +
  '2024-01-10,+254700000000,REF-6,-5\n' +
  '2024-01-11,@home,REF-7,0.5\n';

async function confirmNewTable(importId: string, proposal: Json, extra: Json = {}) {
  return asAdmin('POST', `${IMPORTS}/${importId}/confirm`, {
    target: { new_table: { name: proposal.table_name } },
    mapping: proposal.mapping,
    ...extra,
  });
}

describe('importing a CSV', () => {
  it('sniffs, proposes, imports the good lines exactly and reports the bad one by its physical line', async () => {
    const uploaded = await uploadFile(server, admin, org.id, 'bank-lines.csv', BANK_CSV);
    expect(uploaded.status).toBe(201);
    const { proposal } = uploaded.body;
    expect(uploaded.body.status).toBe('uploaded');
    expect(proposal).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
      has_header: true,
      line_endings: 'mixed',
      table_name: 'bank-lines',
    });
    expect(proposal.columns.map((c: Json) => [c.header, c.guessed_type])).toEqual([
      ['Date', 'date'],
      ['Description', 'text'],
      ['Reference', 'text'],
      ['Amount', 'text'],
    ]);
    expect(proposal.sample_rows[1]).toEqual(['2024-01-06', 'Two\nlines', 'REF-2', '(1,234.50)']);
    // "twelve" makes Amount text in the guess: the user picks currency.
    const mapping = proposal.mapping.map((m: Json) =>
      m.source === 3 ? { source: 3, new_column: { name: 'Amount', type: 'currency' } } : m,
    );
    const started = await confirmNewTable(uploaded.body.id, proposal, { mapping });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ source: 'document processing', import_id: uploaded.body.id });

    const done = await waitForImport(call, admin, org.id, uploaded.body.id);
    expect(done).toMatchObject({ status: 'succeeded', total_rows: 7, inserted_rows: 6, failed_rows: 1 });
    // Line 7: the header is line 1 and the quoted line break makes REF-2 take lines 3 and 4.
    expect(done.errors).toEqual([
      { line: 7, column: 'Amount', value: 'twelve', message: '"twelve" is not an amount' },
    ]);
    const rows = await rowsByName(call, admin, org.id, done.table_id);
    expect(rows.map((r) => r.Amount?.minor_units)).toEqual([
      '120000',
      '-123450',
      '-123450',
      '1200',
      '-500',
      '50',
    ]);
    expect(rows.map((r) => r.Description)).toEqual([
      'Salary, January',
      'Two\nlines',
      '=SUM(A1:A2)',
      '-Coffee refund',
      '+254700000000',
      '@home',
    ]);
    expect(rows[0]?.Date).toBe('2024-01-05');
    const table = await asAdmin('GET', `${BASE}/${done.table_id}`);
    expect(table.body.row_count).toBe(6);
  });

  it('re-imports into an existing table by name and adds nothing twice with a key column', async () => {
    const table = await asAdmin('POST', `${BASE}/`, {
      name: 'Ledger',
      columns: [
        { name: 'Reference', type: 'text' },
        { name: 'Amount', type: 'currency' },
      ],
    });
    const csv = 'reference;AMOUNT;Note\nR1;10.00;x\nR2;20.50;y\n';
    const first = await uploadFile(server, admin, org.id, 'ledger.csv', csv, table.body.id);
    expect(first.status).toBe(201);
    expect(first.body.proposal.delimiter).toBe(';');
    const [ref, amount] = table.body.columns;
    expect(first.body.proposal.mapping).toEqual([
      { source: 0, column_id: ref.id },
      { source: 1, column_id: amount.id },
      { source: 2, skip: true },
    ]);
    const confirm = (id: string, mapping: Json) =>
      asAdmin('POST', `${IMPORTS}/${id}/confirm`, {
        target: { table_id: table.body.id },
        mapping,
        options: { key_source: 0 },
      });
    expect((await confirm(first.body.id, first.body.proposal.mapping)).status).toBe(202);
    const one = await waitForImport(call, admin, org.id, first.body.id);
    expect(one).toMatchObject({ status: 'succeeded', inserted_rows: 2, duplicate_rows: 0 });

    const again = await uploadFile(server, admin, org.id, 'ledger.csv', `${csv}R3;1;z\n`, table.body.id);
    expect((await confirm(again.body.id, again.body.proposal.mapping)).status).toBe(202);
    const two = await waitForImport(call, admin, org.id, again.body.id);
    expect(two).toMatchObject({ status: 'succeeded', total_rows: 3, inserted_rows: 1, duplicate_rows: 2 });
    const rows = await rowsByName(call, admin, org.id, table.body.id);
    expect(rows.map((r) => [r.Reference, r.Amount.minor_units])).toEqual([
      ['R1', '1000'],
      ['R2', '2050'],
      ['R3', '100'],
    ]);
    expect((await asAdmin('GET', `${BASE}/${table.body.id}`)).body.row_count).toBe(3);

    const list = await asAdmin('GET', `${IMPORTS}?table_id=${table.body.id}`);
    expect(list.body.total).toBe(2);
    expect(list.body.data[0].id).toBe(again.body.id);
  });

  it('proposes a currency column with the code its values carry', async () => {
    const uploaded = await uploadFile(server, admin, org.id, 'fees.csv', 'Fee,Note\nKES 1,200,a\nKES 5,b\n');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.proposal.mapping[0]).toEqual({
      source: 0,
      new_column: { name: 'Fee', type: 'currency', currency: 'KES' },
    });
  });

  it('answers 409 to a second confirm and to a new proposal after confirm', async () => {
    const uploaded = await uploadFile(server, admin, org.id, 'twice.csv', 'a,b\n1,2\n');
    expect((await confirmNewTable(uploaded.body.id, uploaded.body.proposal)).status).toBe(202);
    const second = await confirmNewTable(uploaded.body.id, uploaded.body.proposal);
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/already/);
    const repropose = await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/proposal`, { delimiter: ';' });
    expect(repropose.status).toBe(409);
    await waitForImport(call, admin, org.id, uploaded.body.id);
  });

  it('proposes again with other choices (no header, another delimiter)', async () => {
    const uploaded = await uploadFile(server, admin, org.id, 'plain.csv', 'x|1\ny|2\n');
    expect(uploaded.body.proposal).toMatchObject({ delimiter: '|', has_header: false });
    expect(uploaded.body.proposal.columns.map((c: Json) => c.header)).toEqual(['Column 1', 'Column 2']);
    const res = await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/proposal`, {
      has_header: true,
      delimiter: ',',
    });
    expect(res.status).toBe(200);
    expect(res.body.proposal).toMatchObject({ delimiter: ',', has_header: true });
    expect(res.body.proposal.columns.map((c: Json) => c.header)).toEqual(['x|1']);
  });

  it('proposes again for an existing table chosen after the upload, and back to a new table', async () => {
    const table = await asAdmin('POST', `${BASE}/`, {
      name: 'Payments',
      columns: [
        { name: 'Reference', type: 'text' },
        { name: 'Amount', type: 'currency' },
      ],
    });
    const [ref, amount] = table.body.columns;
    const uploaded = await uploadFile(
      server,
      admin,
      org.id,
      'sent.csv',
      'Reference;Amount;Note\nP1;10.00;x\n',
    );
    expect(uploaded.body).toMatchObject({ table_id: null, proposal: { delimiter: ';' } });

    const into = await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/proposal`, {
      delimiter: ';',
      table_id: table.body.id,
    });
    expect(into.status).toBe(200);
    expect(into.body.table_id).toBe(table.body.id);
    expect(into.body.proposal.mapping).toEqual([
      { source: 0, column_id: ref.id },
      { source: 1, column_id: amount.id },
      { source: 2, skip: true },
    ]);
    // Left out, the target stays; null goes back to a new table.
    const kept = await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/proposal`, { delimiter: ';' });
    expect(kept.body.table_id).toBe(table.body.id);
    const back = await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/proposal`, { table_id: null });
    expect(back.body.table_id).toBeNull();
    expect(back.body.proposal.mapping[0]).toEqual({
      source: 0,
      new_column: { name: 'Reference', type: 'text' },
    });

    const again = await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/proposal`, {
      table_id: table.body.id,
    });
    const started = await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, {
      target: { table_id: table.body.id },
      mapping: again.body.proposal.mapping,
    });
    expect(started.status).toBe(202);
    const done = await waitForImport(call, admin, org.id, uploaded.body.id);
    expect(done).toMatchObject({ status: 'succeeded', table_id: table.body.id, inserted_rows: 1 });
    const rows = await rowsByName(call, admin, org.id, table.body.id);
    expect(rows.map((r) => [r.Reference, r.Amount.minor_units])).toEqual([['P1', '1000']]);
  });

  it('refuses to propose for an unknown table and keeps the target as it was', async () => {
    const uploaded = await uploadFile(server, admin, org.id, 'lost.csv', 'a,b\n1,2\n');
    const missing = await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/proposal`, {
      table_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(404);
    expect((await asAdmin('GET', `${IMPORTS}/${uploaded.body.id}`)).body.table_id).toBeNull();
  });

  it('leaves the table as it was when the file cannot be read to the end', async () => {
    const table = await asAdmin('POST', `${BASE}/`, {
      name: 'Untouched',
      columns: [{ name: 'N', type: 'number' }],
    });
    await asAdmin('POST', `${BASE}/${table.body.id}/items`, { values: { N: 1 } });
    // 20,000 good lines (four insert batches, past the 64 KB sniffed at upload), then a quote that never closes.
    const lines = Array.from({ length: 20_000 }, (_, i) => String(i));
    const csv = `N\n${lines.join('\n')}\n"never closed\n1\n2\n`;
    const uploaded = await uploadFile(server, admin, org.id, 'broken.csv', csv, table.body.id);
    expect(uploaded.status).toBe(201);
    const started = await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, {
      target: { table_id: table.body.id },
      mapping: uploaded.body.proposal.mapping,
    });
    expect(started.status).toBe(202);
    const done = await waitForImport(call, admin, org.id, uploaded.body.id);
    expect(done.status).toBe('failed');
    expect(done.error_message).toMatch(/^Line 20002: a quoted value starts here and is never closed/);
    expect(done.inserted_rows).toBe(0);
    const after = await asAdmin('GET', `${BASE}/${table.body.id}`);
    expect(after.body.row_count).toBe(1);
    const items = await asAdmin('GET', `${BASE}/${table.body.id}/items`);
    expect(items.body.total).toBe(1);
  });
});

describe('imports: a run that died', () => {
  it('is failed once its heartbeat stops, and its rows come out', async () => {
    const table = await asAdmin('POST', `${BASE}/`, {
      name: 'Crashed',
      columns: [{ name: 'N', type: 'number' }],
    });
    await asAdmin('POST', `${BASE}/${table.body.id}/items`, { values: { N: 1 } });
    const uploaded = await uploadFile(server, admin, org.id, 'n.csv', 'N\n2\n3\n', table.body.id);
    await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, {
      target: { table_id: table.body.id },
      mapping: uploaded.body.proposal.mapping,
    });
    expect((await waitForImport(call, admin, org.id, uploaded.body.id)).inserted_rows).toBe(2);
    // As if its process had died mid-run two minutes ago, its rows in but not committed.
    await server.database.query(
      `update table_imports set status = 'running', heartbeat_at = now() - interval '2 minutes' where id = $1`,
      [uploaded.body.id],
    );
    await server.database.query('update data_tables set row_count = row_count - 2 where id = $1', [
      table.body.id,
    ]);
    expect((await asAdmin('GET', `${BASE}/${table.body.id}/items`)).body.total).toBe(1);
    const res = await asAdmin('GET', `${IMPORTS}/${uploaded.body.id}`);
    expect(res.body).toMatchObject({ status: 'failed', inserted_rows: 0 });
    expect(res.body.error_message).toBe('The server stopped during the import; nothing was added.');
    expect((await asAdmin('GET', `${BASE}/${table.body.id}`)).body.row_count).toBe(1);
    expect((await asAdmin('GET', `${BASE}/${table.body.id}/items`)).body.total).toBe(1);
    const left = await server.database.query<{ n: number }>(
      'select count(*)::int as n from table_items where table_id = $1',
      [table.body.id],
    );
    expect(left.rows[0]?.n).toBe(1);
  });
});

describe('imports: access', () => {
  it('refuses a viewer and hides an import from another organization', async () => {
    const refused = await uploadFile(server, viewer, org.id, 'a.csv', 'a,b\n1,2\n');
    expect(refused.status).toBe(403);

    const uploaded = await uploadFile(server, admin, org.id, 'mine.csv', 'a,b\n1,2\n');
    expect((await call('GET', `${IMPORTS}/${uploaded.body.id}`, viewer, org.id)).status).toBe(200);
    const viewerConfirm = await call('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, viewer, org.id, {
      target: { new_table: { name: 'x' } },
      mapping: uploaded.body.proposal.mapping,
    });
    expect(viewerConfirm.status).toBe(403);

    expect((await call('GET', `${IMPORTS}/${uploaded.body.id}`, stranger, otherOrg.id)).status).toBe(404);
    const confirm = await call('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, stranger, otherOrg.id, {
      target: { new_table: { name: 'stolen' } },
      mapping: uploaded.body.proposal.mapping,
    });
    expect(confirm.status).toBe(404);
    const list = await call('GET', IMPORTS, stranger, otherOrg.id);
    expect(list.body.total).toBe(0);
    // Nor can one import into another organization's table.
    const table = await asAdmin('POST', `${BASE}/`, { name: 'Private', columns: [] });
    const into = await uploadFile(server, stranger, otherOrg.id, 'x.csv', 'a\n1\n', table.body.id);
    expect(into.status).toBe(404);
    const theirs = await uploadFile(server, stranger, otherOrg.id, 'y.csv', 'a\n1\n');
    const retarget = await call('POST', `${IMPORTS}/${theirs.body.id}/proposal`, stranger, otherOrg.id, {
      table_id: table.body.id,
    });
    expect(retarget.status).toBe(404);
  });
});

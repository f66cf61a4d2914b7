import { readdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { createApiCall, type Json } from '../../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { IMPORTS, rowsByName, uploadFile, waitForImport } from './import-test-kit.ts';

const MB = 1024 * 1024;

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({}, { importLimits: { maxUploadBytes: 2 * MB, maxUnpackedBytes: 20 * MB } });
  call = createApiCall(server);
  org = await createTestOrganization(server, 'Import files');
  admin = await (await addTestMember(server, org, { group: 'Administrators' })).token();
});
afterAll(() => server.close());

const upload = (name: string, content: string | Uint8Array) =>
  uploadFile(server, admin, org.id, name, content);

function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(content, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Files kept under DATA_DIR/files/imports for this organization. */
function storedFiles(): string[] {
  const folder = path.join(server.config.dataDir, 'files', 'imports', org.id);
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

async function expectRefused(name: string, content: string | Uint8Array, status: number, message: RegExp) {
  const before = (await call('GET', IMPORTS, admin, org.id)).body.total;
  const filesBefore = storedFiles().length;
  const res = await upload(name, content);
  expect(res.status).toBe(status);
  expect(res.body.message).toMatch(message);
  expect((await call('GET', IMPORTS, admin, org.id)).body.total).toBe(before);
  expect(storedFiles()).toHaveLength(filesBefore);
}

describe('refused uploads keep nothing and say why', () => {
  it('refuses an empty file', async () => {
    await expectRefused('empty.csv', '', 400, /^The file is empty$/);
    await expectRefused('blank.csv', '  \r\n\n', 400, /The file is empty/);
  });

  it('refuses a program renamed .csv, and an old .xls', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2000, 7)]);
    await expectRefused(
      'invoice.csv',
      exe,
      400,
      /"invoice.csv" is not a CSV or XLSX file \(its content is binary\)/,
    );
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    await expectRefused('old.xlsx', xls, 400, /old Excel \(\.xls\) workbook/);
  });

  it('refuses a zip bomb disguised as XLSX and a ZIP that is no workbook', async () => {
    const bomb = await zipOf({
      'xl/workbook.xml': Buffer.from('<workbook><sheets><sheet name="S" r:id="rId1"/></sheets></workbook>'),
      'xl/worksheets/sheet1.xml': Buffer.alloc(30 * MB, 0x20),
    });
    expect(bomb.length).toBeLessThan(MB);
    await expectRefused(
      'report.xlsx',
      bomb,
      400,
      /expands to more than 20 MB .*not a spreadsheet we can read safely/,
    );
    const docx = await zipOf({ 'word/document.xml': Buffer.from('<w:document/>') });
    await expectRefused('letter.xlsx', docx, 400, /is a ZIP archive but not an XLSX workbook/);
  });

  it('refuses a file over the size limit with 413', async () => {
    await expectRefused('big.csv', `a,b\n${'1,2\n'.repeat(600_000)}`, 413, /larger than 2 MB/);
  });
});

describe('text files', () => {
  it('reads Windows-1252 text, and refuses a line split by another delimiter by its number', async () => {
    const bytes = Buffer.from(
      'Name,City,Amount\nAndr\xe9,Nairobi,5\nB\xe9a;Mombasa;6\nChlo\xe9,Kisumu,7\n',
      'latin1',
    );
    const uploaded = await upload('people.csv', bytes);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.proposal).toMatchObject({ encoding: 'windows-1252', delimiter: ',' });
    const started = await call('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, admin, org.id, {
      target: { new_table: { name: 'People' } },
      mapping: uploaded.body.proposal.mapping,
    });
    expect(started.status).toBe(202);
    const done = await waitForImport(call, admin, org.id, uploaded.body.id);
    expect(done).toMatchObject({ status: 'succeeded', inserted_rows: 2, failed_rows: 1 });
    expect(done.errors[0]).toMatchObject({
      line: 3,
      message: expect.stringMatching(/Has 1 values where the file has 3/),
    });
    const rows = await rowsByName(call, admin, org.id, done.table_id);
    expect(rows.map((r) => r.Name)).toEqual(['André', 'Chloé']);
  });

  it('refuses a file named like a statement whose content is no statement, and keeps nothing', async () => {
    const uploaded = await upload('notes.xml', '<?xml version="1.0"?>\n<notes><note>hello</note></notes>\n');
    expect(uploaded.status).toBe(400);
    expect(uploaded.body.message).toMatch(/"notes.xml" is not a statement this app reads/);
  });
});

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Empty');
  const payments = book.addWorksheet('Payments');
  payments.addRow(['Date', 'Payee', 'Amount', 'Paid']);
  payments.addRow([new Date(Date.UTC(2024, 0, 5)), 'Acme', 1234.5, true]);
  payments.addRow([new Date(Date.UTC(2024, 0, 6)), '=cmd|calc', 'KES 1,200', false]);
  payments.addRow([new Date(Date.UTC(2024, 0, 7)), 'Bad', 'lots', true]);
  payments.addRow([new Date(Date.UTC(2024, 0, 8)), 'Owed', '(1,234.50)', false]);
  const notes = book.addWorksheet('Notes');
  notes.addRow(['Note']);
  notes.addRow(['hello']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('XLSX workbooks', () => {
  it('lists the sheets, proposes the first non-empty one, imports by sheet row numbers', async () => {
    const uploaded = await upload('payments.xlsx', await workbook());
    expect(uploaded.status).toBe(201);
    const { proposal } = uploaded.body;
    expect(uploaded.body.format).toBe('xlsx');
    expect(proposal.sheets.map((s: Json) => s.name)).toEqual(['Empty', 'Payments', 'Notes']);
    expect(proposal.sheet).toBe('Payments');
    expect(proposal.columns.map((c: Json) => [c.header, c.guessed_type])).toEqual([
      ['Date', 'date'],
      ['Payee', 'text'],
      ['Amount', 'text'],
      ['Paid', 'boolean'],
    ]);
    expect(proposal.sample_rows[0]).toEqual(['2024-01-05', 'Acme', '1234.5', 'true']);

    const notes = await call('POST', `${IMPORTS}/${uploaded.body.id}/proposal`, admin, org.id, {
      sheet: 'Notes',
    });
    expect(notes.status).toBe(200);
    expect(notes.body.proposal.columns.map((c: Json) => c.header)).toEqual(['Note']);
    const missing = await call('POST', `${IMPORTS}/${uploaded.body.id}/proposal`, admin, org.id, {
      sheet: 'Nope',
    });
    expect(missing.status).toBe(400);

    const mapping = proposal.mapping.map((m: Json) =>
      m.source === 2 ? { source: 2, new_column: { name: 'Amount', type: 'currency' } } : m,
    );
    const started = await call('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, admin, org.id, {
      target: { new_table: { name: 'Payments' } },
      mapping,
      options: { sheet: 'Payments' },
    });
    expect(started.status).toBe(202);
    const done = await waitForImport(call, admin, org.id, uploaded.body.id);
    expect(done).toMatchObject({ status: 'succeeded', total_rows: 4, inserted_rows: 3, failed_rows: 1 });
    expect(done.errors).toEqual([
      { line: 4, column: 'Amount', value: 'lots', message: '"lots" is not an amount' },
    ]);
    const rows = await rowsByName(call, admin, org.id, done.table_id);
    expect(rows.map((r) => [r.Date, r.Payee, r.Amount.minor_units, r.Paid])).toEqual([
      ['2024-01-05', 'Acme', '123450', true],
      ['2024-01-06', '=cmd|calc', '120000', false],
      ['2024-01-08', 'Owed', '-123450', false],
    ]);
  });
});

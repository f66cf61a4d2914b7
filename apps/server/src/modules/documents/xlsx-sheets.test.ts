import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import { addTestMember, createTestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { PARSER, upload, waitForDocument } from './documents-test-support.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let organizationId: string;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  const org = await createTestOrganization(server, 'Workbooks');
  organizationId = org.id;
  token = await (await addTestMember(server, org, { group: 'Administrators' })).token();
});
afterAll(() => server.close());

/** A workbook with one sheet per entry, in order (no rows: an empty sheet). */
async function workbook(sheets: Record<string, (string | number)[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function process(name: string, bytes: Buffer): Promise<Json> {
  const res = await upload(server, token, organizationId, [{ name, bytes }]);
  expect(res.status).toBe(201);
  return waitForDocument(server, token, organizationId, res.body.data[0].id);
}

describe('documents: XLSX workbooks with several sheets', () => {
  it('reads the first sheet that holds values and lists every sheet with its rows', async () => {
    const doc = await process(
      'statements.xlsx',
      await workbook({
        Cover: [],
        Payments: [
          ['Ref', 'Amount'],
          ['A-1', 1200.5],
          ['A-2', 7],
        ],
        Notes: [['Checked by'], ['Wanjiru']],
      }),
    );
    expect(doc).toMatchObject({ status: 'processed', row_count: 3 });
    expect(doc.summary).toMatchObject({
      sheet: 'Payments',
      rows: 3,
      columns: 2,
      first_text: 'Ref, Amount',
      sheets: [
        { name: 'Cover', rows: 0 },
        { name: 'Payments', rows: 3 },
        { name: 'Notes', rows: 2 },
      ],
    });
    const parsed = await call('GET', `${PARSER}/${doc.id}`, token, organizationId);
    expect(parsed.body).toMatchObject({ kind: 'rows', total: 3, first_row: 1 });
    expect(parsed.body.rows).toEqual([
      ['Ref', 'Amount'],
      ['A-1', '1200.5'],
      ['A-2', '7'],
    ]);
  });

  it('processes a workbook whose sheets are all empty as no rows, still naming the sheets', async () => {
    const doc = await process('blank.xlsx', await workbook({ First: [], Second: [] }));
    expect(doc).toMatchObject({ status: 'processed', row_count: 0 });
    expect(doc.summary.sheet).toBeUndefined();
    expect(doc.summary.sheets).toEqual([
      { name: 'First', rows: 0 },
      { name: 'Second', rows: 0 },
    ]);
    const parsed = await call('GET', `${PARSER}/${doc.id}`, token, organizationId);
    expect(parsed.body).toMatchObject({ kind: 'rows', total: 0, rows: [] });
  });
});

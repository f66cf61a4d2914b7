import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../../test/api-call.ts';
import { invoiceModelInput, M, MODEL } from '../../../../test/model-fixture.ts';
import type { TestMember, TestOrganization } from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { notifications, outboxEmails } from '../../../db/schema.ts';
import { upload } from '../../documents/documents-test-support.ts';
import { invoicePage, samplePdf } from '../../documents/sample-pdf.ts';
import {
  type AdminCall,
  block,
  createReconcileGraph,
  createTextTable,
  createWorkflow,
  edge,
  node,
  OUTPUT,
  runWorkflow,
  setUpWorkflowTest,
} from '../workflow-test-kit.ts';

const DOWNLOAD = '/api/workflow/block-output/download';
const FILE = '/api/workflow/execution-file';

let server: TestServer;
let org: TestOrganization;
let otherOrg: TestOrganization;
let adminMember: TestMember;
let admin: string;
let viewer: string;
let other: string;
let asAdmin: AdminCall;
let linesTable: string;

const ROWS = 2_500;
const note = (i: number) =>
  i === 1 ? '=HYPERLINK("http://evil.example","x")' : i % 7 === 0 ? 'a, "quoted" note' : `n${i}`;

beforeAll(async () => {
  server = await startTestServer();
  ({ org, otherOrg, adminMember, admin, viewer, other, asAdmin } = await setUpWorkflowTest(
    server,
    'Output blocks',
  ));
  linesTable = await createTextTable(
    asAdmin,
    'Lines',
    ['Reference', 'Amount', 'Note'],
    Array.from({ length: ROWS }, (_, k) => [`REF-${k + 1}`, `${k + 1}.50`, note(k + 1)]),
  );
});
afterAll(() => server.close());

/** Creates the workflow, runs it with no inputs and waits for the end of the run. */
async function run(name: string, nodes: unknown[], edges: unknown[]): Promise<Json> {
  const workflowId = await createWorkflow(asAdmin, `${name} ${Date.now()}`, {
    schemaVersion: 1,
    nodes,
    edges,
  });
  return runWorkflow(asAdmin, workflowId);
}

async function fetchRaw(path: string, token = admin, organization = org.id) {
  const res = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${token}`, organization },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** RFC 4180 records (quoted fields with doubled quotes, CRLF line ends). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  return records;
}

const defused = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);

describe('output blocks and downloads', () => {
  it('exports a table as CSV and Excel files to download, with formula cells neutralised', async () => {
    const done = await run(
      'Export lines',
      [
        node('home', 'home'),
        node('lines', 'table', { table_id: linesTable }, 'Bank lines'),
        node('csv', 'export_file', { format: 'csv', file_name: 'Lines for audit' }),
        node('xlsx', 'export_file', { format: 'xlsx', file_name: 'lines.xlsx' }),
      ],
      [
        edge('home', 'start', 'lines', 'start'),
        edge('lines', 'rows', 'csv', 'data'),
        edge('lines', 'rows', 'xlsx', 'data'),
      ],
    );
    expect(done.status, done.error).toBe('succeeded');
    const value = await asAdmin('GET', `${OUTPUT}?execution_id=${done.execution_id}&node_id=csv&handle=file`);
    expect(value.body.kind).toBe('value');
    expect(value.body.value).toMatchObject({ file_name: 'Lines for audit.csv', format: 'csv', rows: ROWS });
    expect(value.body.value.storage_key).toBeUndefined();
    expect(value.body.value.download_path).toBe(`${FILE}?execution_id=${done.execution_id}&node_id=csv`);

    const csv = await fetchRaw(value.body.value.download_path);
    expect(csv.res.status).toBe(200);
    expect(csv.res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.res.headers.get('content-disposition')).toContain('filename="Lines for audit.csv"');
    expect(csv.bytes.length).toBe(value.body.value.size);
    const text = csv.bytes.toString('utf8');
    expect(text.startsWith('\uFEFFReference,Amount,Note\r\n')).toBe(true);
    expect(text).toContain(`REF-1,1.50,"'=HYPERLINK(""http://evil.example"",""x"")"\r\n`);
    const records = parseCsv(text.slice(1));
    expect(records).toHaveLength(ROWS + 1);
    expect(records[7]).toEqual(['REF-7', '7.50', 'a, "quoted" note']);

    const xlsx = await fetchRaw(`${FILE}?execution_id=${done.execution_id}&node_id=xlsx`);
    expect(xlsx.res.status).toBe(200);
    expect(xlsx.res.headers.get('content-disposition')).toContain('filename="lines.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(ROWS + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Reference', 'Amount', 'Note']);
    expect(sheet.getRow(2).getCell(3).value).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(sheet.getRow(ROWS + 1).getCell(1).value).toBe(`REF-${ROWS}`);
  });

  it('downloads a 2,500-row output read across its chunks, equal to the paged rows', async () => {
    const done = await run(
      'Download lines',
      [node('home', 'home'), node('lines', 'table', { table_id: linesTable }, 'Bank lines')],
      [edge('home', 'start', 'lines', 'start')],
    );
    expect(done.status, done.error).toBe('succeeded');
    const query = `execution_id=${done.execution_id}&node_id=lines&handle=rows`;
    const paged: Json[] = [];
    for (let pageNo = 1; pageNo <= 5; pageNo++) {
      const page = await asAdmin('GET', `${OUTPUT}?${query}&page_no=${pageNo}&page_size=500`);
      paged.push(...page.body.data);
    }
    expect(paged).toHaveLength(ROWS);

    const csv = await fetchRaw(`${DOWNLOAD}?${query}&format=csv`);
    expect(csv.res.status).toBe(200);
    expect(csv.res.headers.get('content-disposition')).toContain('filename="Bank lines - rows.csv"');
    const records = parseCsv(csv.bytes.toString('utf8').replace(/^\uFEFF/, ''));
    expect(records[0]).toEqual(['Reference', 'Amount', 'Note']);
    expect(records.slice(1)).toEqual(
      paged.map((row) => [row.Reference, row.Amount, defused(row.Note)].map((cell) => cell ?? '')),
    );

    const xlsx = await fetchRaw(`${DOWNLOAD}?${query}&format=xlsx`);
    expect(xlsx.res.status).toBe(200);
    expect(xlsx.res.headers.get('content-type')).toMatch(/spreadsheetml/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBe(ROWS + 1);

    // A value (not rows) downloads as JSON.
    const home = await fetchRaw(`${DOWNLOAD}?execution_id=${done.execution_id}&node_id=home&handle=start`);
    expect(home.res.status).toBe(200);
    expect(home.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(home.bytes.toString('utf8'))).toEqual({});
  });

  it('notifies the person who started the run with the dashboard, and refuses a bad recipient by name', async () => {
    // One invoice paid by reference, and one line left on each side.
    const reconcile = await createReconcileGraph(asAdmin, {
      title: 'January close',
      bank: [
        ['2026-01-05', 'Payment Acme Ltd', 'INV-1001', '12,000.00'],
        ['2026-01-14', 'Interest earned', '', '120.00'],
      ],
      ledger: [
        ['2026-01-03', 'INV-1001', 'Acme Ltd', '12,000.00'],
        ['2026-01-13', 'INV-1008', 'Kilimo Motors', '5,000.00'],
      ],
    });
    const graph = (recipients: string) => ({
      nodes: [
        ...reconcile.nodes,
        node('tell', 'notify', { recipients, subject: 'January reconciled', message: 'The run is done.' }),
      ],
      edges: [...reconcile.edges, edge('board', 'dashboard', 'tell', 'data')],
    });
    const ok = graph('');
    const done = await run('Notify me', ok.nodes, ok.edges);
    expect(done.status, done.error).toBe('succeeded');
    const sent = await asAdmin('GET', `${OUTPUT}?execution_id=${done.execution_id}&node_id=tell&handle=sent`);
    expect(sent.body.value).toEqual({ sent_to: [adminMember.email], subject: 'January reconciled' });
    const mails = await server.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.organizationId, org.id), eq(outboxEmails.toAddress, adminMember.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('January reconciled');
    expect(mails[0]?.textBody).toContain('The run is done.');
    expect(mails[0]?.textBody).toMatch(/January close: match rate 50 % of 4 records/);
    // Each side on its own (12,000.00 each), never the two added.
    expect(mails[0]?.textBody).toContain(
      'reconciled: 2 records in 1 groups, left 12000.00 in · right 12000.00 in',
    );
    expect(mails[0]?.htmlBody).toContain('<td>reconciled</td>');
    const inbox = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organizationId, org.id), eq(notifications.userId, adminMember.id)));
    expect(inbox.some((n) => String((n.info as Json).message).startsWith('January reconciled'))).toBe(true);

    const bad = graph('finance@demo.test, finance.demo.test');
    const failed = await run('Notify a bad address', bad.nodes, bad.edges);
    expect(failed.status).toBe('failed');
    expect(failed.failed_node_id).toBe('tell');
    expect(block(failed, 'tell').error).toBe('Not an e-mail address: "finance.demo.test"');
  });

  it('lists the drop box documents chosen by the Documents block', async () => {
    const stamp = `docs${Date.now()}`;
    const uploaded = await upload(server, admin, org.id, [
      { name: `${stamp}-ledger.csv`, bytes: 'Invoice,Amount\nINV-1,10.00\n', type: 'text/csv' },
      { name: `${stamp}-notes.csv`, bytes: 'Note\nhello\n', type: 'text/csv' },
      { name: 'unrelated.csv', bytes: 'A\n1\n', type: 'text/csv' },
    ]);
    expect(uploaded.status).toBe(201);
    const done = await run(
      'Documents',
      [
        node('home', 'home'),
        node('docs', 'documents', {
          kind: 'csv',
          status: 'any',
          name_contains: stamp,
          uploaded_within_days: 1,
        }),
      ],
      [edge('home', 'start', 'docs', 'start')],
    );
    expect(done.status, done.error).toBe('succeeded');
    const page = await asAdmin(
      'GET',
      `${OUTPUT}?execution_id=${done.execution_id}&node_id=docs&handle=documents`,
    );
    expect(page.body.columns).toEqual(['document_id', 'name', 'type', 'status', 'uploaded_at']);
    expect(page.body.data.map((d: Json) => d.name).sort()).toEqual([
      `${stamp}-ledger.csv`,
      `${stamp}-notes.csv`,
    ]);
    expect(page.body.data[0]).toMatchObject({ type: 'csv', document_id: expect.any(String) });
  });

  it('reads every document of a Documents list with Parse file, naming the file of each row', async () => {
    const stamp = `parse${Date.now()}`;
    const uploaded = await upload(server, admin, org.id, [
      { name: `${stamp}-march.csv`, bytes: 'Invoice,Amount\nINV-1,10.00\nINV-2,20.00\n', type: 'text/csv' },
      { name: `${stamp}-april.csv`, bytes: 'Invoice,Amount,Customer\nINV-3,30.00,Acme\n', type: 'text/csv' },
    ]);
    expect(uploaded.status).toBe(201);
    const graph = (contains: string) => [
      node('home', 'home'),
      node('docs', 'documents', { kind: 'csv', status: 'any', name_contains: contains }),
      node('read', 'parse_file'),
    ];
    const edges = [edge('home', 'start', 'docs', 'start'), edge('docs', 'documents', 'read', 'file')];
    const done = await run('Parse the drop box', graph(stamp), edges);
    expect(done.status, done.error).toBe('succeeded');
    expect(block(done, 'read')).toMatchObject({ rows_in: 2, rows_out: 3 });
    const page = await asAdmin('GET', `${OUTPUT}?execution_id=${done.execution_id}&node_id=read&handle=rows`);
    expect([...page.body.columns].sort()).toEqual(['Amount', 'Customer', 'Invoice', 'Source document']);
    expect(
      page.body.data.sort((a: Json, b: Json) => String(a.Invoice).localeCompare(String(b.Invoice))),
    ).toEqual([
      { Invoice: 'INV-1', Amount: '10.00', Customer: null, 'Source document': `${stamp}-march.csv` },
      { Invoice: 'INV-2', Amount: '20.00', Customer: null, 'Source document': `${stamp}-march.csv` },
      { Invoice: 'INV-3', Amount: '30.00', Customer: 'Acme', 'Source document': `${stamp}-april.csv` },
    ]);

    const none = await run('Parse nothing', graph(`${stamp}-none`), edges);
    expect(none.status).toBe('failed');
    expect(block(none, 'read').error).toBe('The documents list given to "File" is empty: nothing to read');
  });

  it('extracts fields and line items from documents with a model, one row per document or per item', async () => {
    const stamp = `extract${Date.now()}`;
    const model = await asAdmin('POST', MODEL, { ...invoiceModelInput(`Invoices ${stamp}`) });
    expect(model.status, JSON.stringify(model.body)).toBe(201);
    const labels = new Map<string, string>(model.body.labels.map((l: Json) => [l.key, l.id]));
    const rules: Array<[string, unknown]> = [
      ['invoice_number', { rules: [{ method: 'regex', pattern: 'Invoice (INV-\\d{4}-\\d{4})' }] }],
      ['total', { rules: [{ method: 'static', value: '1,200.50' }], filters: [{ kind: 'amount' }] }],
      [
        'items',
        {
          rules: [
            {
              method: 'table',
              columns: [
                { key: 'description', header: 'Item' },
                { key: 'quantity', header: 'Qty' },
                { key: 'unit_price', header: 'Unit price' },
                { key: 'amount', header: 'Amount' },
              ],
              end_pattern: 'Thank you',
            },
          ],
        },
      ],
    ];
    for (const [key, body] of rules) {
      const saved = await asAdmin('PUT', `${M}/r_b/label/${labels.get(key)}`, body);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    for (const first of [1, 3]) {
      const bytes = samplePdf([invoicePage(first, 2), invoicePage(first + 1, 2)]);
      const res = await upload(server, admin, org.id, [{ name: `${stamp}-${first}.pdf`, bytes }]);
      expect(res.status).toBe(201);
    }
    const graph = (rows: string, modelId = model.body.id) => [
      node('home', 'home'),
      node('docs', 'documents', { kind: 'pdf', status: 'any', name_contains: stamp }),
      node('read', 'extract_with_model', { model_id: modelId, rows }),
    ];
    const edges = [edge('home', 'start', 'docs', 'start'), edge('docs', 'documents', 'read', 'documents')];
    const rowsOf = async (done: Json) => {
      const page = await asAdmin(
        'GET',
        `${OUTPUT}?execution_id=${done.execution_id}&node_id=read&handle=rows`,
      );
      return page.body.data.sort((a: Json, b: Json) =>
        `${a.Document}${a.Row ?? ''}`.localeCompare(`${b.Document}${b.Row ?? ''}`),
      );
    };

    const perDocument = await run('Extract', graph('document'), edges);
    expect(perDocument.status, perDocument.error).toBe('succeeded');
    expect(await rowsOf(perDocument)).toEqual([
      {
        Document: `${stamp}-1.pdf`,
        'Invoice number': 'INV-2026-0001',
        Total: '1200.50',
        'Needs review': 'no',
      },
      {
        Document: `${stamp}-3.pdf`,
        'Invoice number': 'INV-2026-0003',
        Total: '1200.50',
        'Needs review': 'no',
      },
    ]);

    const perItem = await run('Extract items', graph('line_items'), edges);
    expect(perItem.status, perItem.error).toBe('succeeded');
    const items = await rowsOf(perItem);
    // The rows end at the first "Thank you" (the rule's end): two items per document, the invoice's
    // fields beside each item.
    expect(items.map((row: Json) => [row.Document, row.Row])).toEqual([
      [`${stamp}-1.pdf`, '1'],
      [`${stamp}-1.pdf`, '2'],
      [`${stamp}-3.pdf`, '1'],
      [`${stamp}-3.pdf`, '2'],
    ]);
    expect(items[0]).toMatchObject({
      Document: `${stamp}-1.pdf`,
      Row: '1',
      Description: 'Item 1-1 office supplies',
      'Invoice number': 'INV-2026-0001',
    });
    expect(items.every((row: Json) => /^\d+\.\d{2}$/.test(String(row.Amount)))).toBe(true);

    const unknown = await run(
      'Extract unknown',
      graph('document', '00000000-0000-4000-8000-000000000000'),
      edges,
    );
    expect(unknown.status).toBe('failed');
    expect(block(unknown, 'read').error).toBe('Model not found');
  });

  it('checks the permission and keeps other organizations out of the downloads', async () => {
    const done = await run(
      'Private export',
      [
        node('home', 'home'),
        node('lines', 'table', { table_id: linesTable }),
        node('csv', 'export_file', { format: 'csv', file_name: 'private' }),
      ],
      [edge('home', 'start', 'lines', 'start'), edge('lines', 'rows', 'csv', 'data')],
    );
    expect(done.status, done.error).toBe('succeeded');
    const download = `${DOWNLOAD}?execution_id=${done.execution_id}&node_id=lines&handle=rows`;
    const file = `${FILE}?execution_id=${done.execution_id}&node_id=csv`;
    expect((await fetchRaw(download, viewer)).res.status).toBe(403);
    expect((await fetchRaw(file, viewer)).res.status).toBe(403);
    expect((await fetchRaw(download, other, otherOrg.id)).res.status).toBe(404);
    expect((await fetchRaw(file, other, otherOrg.id)).res.status).toBe(404);
    expect((await fetchRaw(`${FILE}?execution_id=${done.execution_id}&node_id=lines`)).res.status).toBe(404);
    expect(
      (await fetchRaw(`${DOWNLOAD}?execution_id=${done.execution_id}&node_id=x&handle=rows`)).res.status,
    ).toBe(404);
  });
});

import { createCanvas } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { documents } from '../../db/schema.ts';
import { failStuckDocuments, STOPPED_UNEXPECTEDLY } from './document-processing.job.ts';
import { DROP_BOX, PARSER, sampleXlsx, upload, waitForDocument } from './documents-test-support.ts';
import { invoicePage, samplePdf } from './sample-pdf.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  org = await createTestOrganization(server, 'Document processing');
  token = await (await addTestMember(server, org, { group: 'Administrators' })).token();
});
afterAll(() => server.close());

const api = (method: string, url: string, body?: unknown) => call(method, url, token, org.id, body);

async function uploadAndWait(name: string, bytes: Buffer | string): Promise<Json> {
  const res = await upload(server, token, org.id, [{ name, bytes }]);
  expect(res.status).toBe(201);
  return waitForDocument(server, token, org.id, res.body.data[0].id);
}

describe('document processing', () => {
  it('turns a text PDF into lines of words with boxes and detected tables', async () => {
    const doc = await uploadAndWait('invoice.pdf', samplePdf([invoicePage(1, 4), invoicePage(2, 2)]));
    expect(doc).toMatchObject({ status: 'processed', status_reason: null, page_count: 2 });
    expect(doc.summary).toMatchObject({ pages: 2, tables: 2 });
    expect(doc.summary.first_text).toMatch(/^ACME Supplies Ltd Invoice INV-2026-0001/);

    const first = await api('GET', `${PARSER}/${doc.id}?page_size=1`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'pdf', page_no: 1, page_size: 1, total: 2 });
    const page = first.body.pages[0];
    expect(page).toMatchObject({ page: 1, width: 595, height: 842 });
    expect(page.lines[0]).toMatchObject({ text: 'ACME Supplies Ltd', x: 50, y: 40 });
    expect(page.lines[0].words.map((w: Json) => w.text)).toEqual(['ACME', 'Supplies', 'Ltd']);
    // Words follow each other left to right on the same line, within the line's box.
    const [acme, supplies] = page.lines[0].words;
    expect(supplies.x).toBeGreaterThan(acme.x + acme.width);
    expect(page.tables).toHaveLength(1);
    expect(page.tables[0].column_x).toEqual([50, 330, 390, 480]);
    expect(page.tables[0].rows[0]).toEqual(['Item', 'Qty', 'Unit price', 'Amount']);
    expect(page.tables[0].rows).toHaveLength(5);

    const second = await api('GET', `${PARSER}/${doc.id}?page_no=2&page_size=1`);
    expect(second.body.pages[0].lines[1].text).toMatch(/^Invoice INV-2026-0002/);

    // Its owner hears of it as a 'document processing' process that completed.
    const notes = await api('GET', '/api/notifications?page_size=200');
    expect(notes.body.data).toContainEqual(
      expect.objectContaining({
        source: 'document processing',
        info: expect.objectContaining({ status: 'completed', message: 'invoice.pdf: processed (2 pages)' }),
      }),
    );
  });

  it('fails documents left processing by a process that died, so they can be retried', async () => {
    const doc = await uploadAndWait('stuck.csv', 'a,b\n1,2\n');
    const longAgo = new Date(Date.now() - 3 * 3600 * 1000).toISOString();
    await server.database.db
      .update(documents)
      .set({ status: 'processing', summary: { started_at: longAgo } })
      .where(eq(documents.id, doc.id));
    expect(await failStuckDocuments(server.database.db)).toBeGreaterThanOrEqual(1);
    const after = await api('GET', `${DROP_BOX}/${doc.id}`);
    expect(after.body).toMatchObject({ status: 'failed', status_reason: STOPPED_UNEXPECTEDLY });
    expect((await api('POST', `${DROP_BOX}/${doc.id}/retry`)).status).toBe(202);
    expect(await waitForDocument(server, token, org.id, doc.id)).toMatchObject({
      status: 'processed',
      attempts: 2,
    });
  });

  it('gives CSV and XLSX rows page by page, never the whole file', async () => {
    const lines = [
      'Date,Reference,Amount',
      ...Array.from({ length: 1203 }, (_, i) => `2026-11-01,R-${i + 1},${i}.50`),
    ];
    const csv = await uploadAndWait('ledger.csv', `\uFEFF${lines.join('\r\n')}\r\n`);
    expect(csv).toMatchObject({ status: 'processed', row_count: 1204 });
    expect(csv.summary).toMatchObject({ rows: 1204, columns: 3, first_text: 'Date, Reference, Amount' });
    // A page across the boundary of two stored blocks of 1000 rows.
    const page = await api('GET', `${PARSER}/${csv.id}?page_no=5&page_size=250`);
    expect(page.body).toMatchObject({ kind: 'rows', total: 1204, first_row: 1001 });
    expect(page.body.rows).toHaveLength(204);
    expect(page.body.rows[0]).toEqual(['2026-11-01', 'R-1000', '999.50']);
    const head = await api('GET', `${PARSER}/${csv.id}?page_size=2`);
    expect(head.body.rows).toEqual([
      ['Date', 'Reference', 'Amount'],
      ['2026-11-01', 'R-1', '0.50'],
    ]);

    const latin = await uploadAndWait('café.csv', Buffer.from('Payee,Amount\nCaf\xe9 Ol\xe9,5\n', 'latin1'));
    expect((await api('GET', `${PARSER}/${latin.id}`)).body.rows[1]).toEqual(['Café Olé', '5']);

    const xlsx = await uploadAndWait(
      'book.xlsx',
      await sampleXlsx([
        ['Ref', 'Amount', 'Paid'],
        ['A-1', 1200.5, 'yes'],
        ['A-2', 7, 'no'],
      ]),
    );
    expect(xlsx).toMatchObject({ status: 'processed', row_count: 3 });
    expect(xlsx.summary).toMatchObject({ sheet: 'Payments', columns: 3 });
    const rows = await api('GET', `${PARSER}/${xlsx.id}`);
    expect(rows.body.rows).toEqual([
      ['Ref', 'Amount', 'Paid'],
      ['A-1', '1200.5', 'yes'],
      ['A-2', '7', 'no'],
    ]);
  });

  it('reads a photo of an invoice by OCR into lines of words, found by search', async () => {
    const canvas = createCanvas(1240, 900);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 1240, 900);
    context.fillStyle = '#000000';
    context.font = '40px sans-serif';
    const lines = ['TAX INVOICE INV-2026-0042', 'Date 12/03/2026', 'Total KES 104,400.00'];
    for (const [i, line] of lines.entries()) context.fillText(line, 100, 150 + i * 100);
    const doc = await uploadAndWait('receipt-photo.png', await canvas.encode('png'));
    expect(doc).toMatchObject({ kind: 'image', status: 'processed', status_reason: null, page_count: 1 });
    expect(doc.summary).toMatchObject({ pages: 1, lines: 3, first_text: lines.join(' ') });
    expect(doc.summary.ocr_confidence).toBeGreaterThan(0.8);
    const parsed = await api('GET', `${PARSER}/${doc.id}`);
    expect(parsed.status).toBe(200);
    expect(parsed.body.pages[0].lines.map((l: Json) => l.text)).toEqual(lines);
    // The words' boxes are in the image's pixels, where they were drawn.
    expect(parsed.body.pages[0].lines[0].words[0]).toMatchObject({ text: 'TAX' });
    expect(parsed.body.pages[0].lines[0].words[0].x).toBeGreaterThan(90);
    expect(parsed.body.pages[0].lines[0].words[0].x).toBeLessThan(110);
    const found = await api('GET', `${DROP_BOX}?search=inv-2026-0042`);
    expect(found.body.data.map((d: Json) => d.id)).toEqual([doc.id]);
  });

  it('processes a blank scan, saying OCR found no text in it', async () => {
    const doc = await uploadAndWait('scan.pdf', samplePdf([{ texts: [] }, { texts: [] }]));
    expect(doc).toMatchObject({
      status: 'processed',
      status_reason: 'OCR found no text in it',
      page_count: 2,
    });
    expect(doc.summary).toMatchObject({ pages: 2, lines: 0, ocr_confidence: null });
  });

  it('fails a password-protected PDF with its reason, and retries it on request', async () => {
    const doc = await uploadAndWait('locked.pdf', samplePdf([invoicePage(1, 2)], { password: 'secret' }));
    expect(doc).toMatchObject({
      status: 'failed',
      status_reason: 'The PDF is password-protected',
      attempts: 1,
    });

    const retried = await api('POST', `${DROP_BOX}/${doc.id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ status: 'pending', status_reason: null, attempts: 2 });
    const again = await waitForDocument(server, token, org.id, doc.id);
    expect(again).toMatchObject({
      status: 'failed',
      status_reason: 'The PDF is password-protected',
      attempts: 2,
    });
  });

  it('refuses to retry a document that did not fail', async () => {
    const doc = await uploadAndWait('ok.csv', 'a,b\n1,2\n');
    const res = await api('POST', `${DROP_BOX}/${doc.id}/retry`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only a failed document can be retried; this one is processed');
  });

  it('fails a damaged PDF with a clear reason', async () => {
    const doc = await uploadAndWait('broken.pdf', '%PDF-1.7\nthis is not really a pdf\n');
    expect(doc).toMatchObject({
      status: 'failed',
      status_reason: 'The file is not a valid PDF (it may be damaged or cut short)',
    });
  });
});

describe('documents list', () => {
  it('searches names and extracted text, filters by kind, status and date, sorts and pages', async () => {
    const own = await createTestOrganization(server, 'Document list');
    const listToken = await (await addTestMember(server, own, { group: 'Administrators' })).token();
    const send = (name: string, bytes: Buffer | string) =>
      upload(server, listToken, own.id, [{ name, bytes }]);
    const ids: string[] = [];
    for (const [name, bytes] of [
      ['b-invoice.pdf', samplePdf([invoicePage(7, 2)])],
      ['a-payments.csv', 'Reference,Amount\nZEBRA-42,10\n'],
      ['c-scan.pdf', samplePdf([{ texts: [] }])],
    ] as const) {
      const res = await send(name, bytes);
      ids.push(res.body.data[0].id);
    }
    for (const id of ids) await waitForDocument(server, listToken, own.id, id);
    const list = async (query: string) => {
      const res = await call('GET', `${DROP_BOX}?${query}`, listToken, own.id);
      expect(res.status, query).toBe(200);
      return res.body;
    };
    const names = (page: Json) => page.data.map((d: Json) => d.file_name);

    expect(names(await list(''))).toEqual(['c-scan.pdf', 'a-payments.csv', 'b-invoice.pdf']);
    expect(names(await list('sort=file_name&order=asc'))).toEqual([
      'a-payments.csv',
      'b-invoice.pdf',
      'c-scan.pdf',
    ]);
    expect(names(await list('search=zebra'))).toEqual(['a-payments.csv']);
    expect(names(await list('search=INV-2026-0007 acme'))).toEqual(['b-invoice.pdf']);
    expect(names(await list('search=scan'))).toEqual(['c-scan.pdf']);
    expect(names(await list('kind=pdf&sort=file_name&order=asc'))).toEqual(['b-invoice.pdf', 'c-scan.pdf']);
    expect(names(await list('status=processed&sort=file_name&order=asc'))).toEqual([
      'a-payments.csv',
      'b-invoice.pdf',
      'c-scan.pdf',
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).total).toBe(3);
    expect((await list('to=2020-01-01')).total).toBe(0);
    const paged = await list('page_size=2&page_no=2&sort=file_name&order=asc');
    expect({ names: names(paged), total: paged.total, page_no: paged.page_no }).toEqual({
      names: ['c-scan.pdf'],
      total: 3,
      page_no: 2,
    });
    const bad = await call('GET', `${DROP_BOX}?status=done&from=22-11-2026`, listToken, own.id);
    expect(bad.status).toBe(400);
  });
});

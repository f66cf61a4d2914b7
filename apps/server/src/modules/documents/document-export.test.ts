import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import { createPermissionCast, type TestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { DROP_BOX, upload, waitForDocument } from './documents-test-support.ts';
import { invoicePage, samplePdf } from './sample-pdf.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let token: string;
let uploader: string;
let otherToken: string;
let pdfBytes: Buffer;
const csvText = 'Reference,Amount\nINV-9,"1,200.00"\n';
const ids: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  ({
    org,
    otherOrg,
    tokens: { viewer: token, admin: uploader, stranger: otherToken },
  } = await createPermissionCast(server, 'Document export'));
  pdfBytes = samplePdf([invoicePage(3, 2)]);
  for (const [name, bytes] of [
    ['invoice.pdf', pdfBytes],
    ['payments.csv', csvText],
    ['payments.csv', 'Reference,Amount\nINV-10,5\n'],
  ] as const) {
    const res = await upload(server, uploader, org.id, [{ name, bytes }]);
    ids.push(res.body.data[0].id);
    await waitForDocument(server, uploader, org.id, res.body.data[0].id);
  }
});
afterAll(() => server.close());

/** Starts an export and waits for the owner's completion notification; returns the file's bytes. */
async function exportAndDownload(
  body: unknown,
): Promise<{ url: string; bytes: Buffer; type: string | null }> {
  const started = await call('POST', `${DROP_BOX}/export`, token, org.id, body);
  expect(started).toEqual({ status: 202, body: { id: expect.any(String), source: 'export_document' } });
  const deadline = Date.now() + 25_000;
  while (Date.now() < deadline) {
    const page = await call('GET', '/api/notifications?page_size=200', token, org.id);
    const done = page.body.data.find((n: Json) => n.info.process_id === started.body.id);
    if (done?.info.status === 'error') throw new Error(`Export failed: ${done.info.message}`);
    if (done) {
      expect(done.info).toMatchObject({ status: 'completed', progress: 100 });
      const res = await fetch(`${server.url}${done.info.url}`, {
        headers: { authorization: `Bearer ${token}`, organization: org.id },
      });
      expect(res.status).toBe(200);
      return {
        url: done.info.url,
        bytes: Buffer.from(await res.arrayBuffer()),
        type: res.headers.get('content-type'),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The export did not finish in 25 s');
}

function zipEntries(bytes: Buffer): Promise<Record<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: Record<string, Buffer> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries[entry.fileName] = Buffer.concat(chunks);
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

describe('documents export', () => {
  it('zips the originals, naming same-named files apart', async () => {
    const { url, bytes, type } = await exportAndDownload({ ids, as: 'zip' });
    expect(url).toMatch(/\/documents-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(type).toBe('application/zip');
    const entries = await zipEntries(bytes);
    expect(Object.keys(entries)).toEqual(['invoice.pdf', 'payments.csv', 'payments (2).csv']);
    expect(entries['invoice.pdf']?.equals(pdfBytes)).toBe(true);
    expect(entries['payments.csv']?.toString()).toBe(csvText);
  });

  it('writes the parsed data as one CSV: PDF lines with their table cells, then CSV rows', async () => {
    const { bytes } = await exportAndDownload({ ids: [ids[0], ids[1]], as: 'csv' });
    const lines = bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Document,Page,Row,Text,Column 1,Column 2,Column 3,Column 4');
    expect(lines[1]).toBe('invoice.pdf,1,1,ACME Supplies Ltd,,,,');
    expect(lines).toContain('invoice.pdf,1,4,Item Qty Unit price Amount,Item,Qty,Unit price,Amount');
    expect(lines).toContain('payments.csv,,1,,Reference,Amount,,');
    expect(lines).toContain('payments.csv,,2,,INV-9,"1,200.00",,');
  });

  it('writes the parsed data of the selected documents as one XLSX sheet, cell by cell', async () => {
    const { url, bytes, type } = await exportAndDownload({ ids: [ids[0], ids[2]], as: 'xlsx' });
    expect(url).toMatch(/\.xlsx$/);
    expect(type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Documents']);
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]).toEqual([
      'Document',
      'Page',
      'Row',
      'Text',
      'Column 1',
      'Column 2',
      'Column 3',
      'Column 4',
    ]);
    expect(rows[1]?.slice(0, 4)).toEqual(['invoice.pdf', 1, 1, 'ACME Supplies Ltd']);
    expect(rows).toContainEqual([
      'invoice.pdf',
      1,
      4,
      'Item Qty Unit price Amount',
      'Item',
      'Qty',
      'Unit price',
      'Amount',
    ]);
    // The second CSV only (the first was not selected): its rows, numbered, in the first columns.
    const csvRows = rows.filter((row) => row[0] === 'payments.csv');
    expect(csvRows).toEqual([
      ['payments.csv', undefined, 1, undefined, 'Reference', 'Amount'],
      ['payments.csv', undefined, 2, undefined, 'INV-10', '5'],
    ]);
  });

  it("refuses another organization's documents and an empty selection", async () => {
    const foreign = await call('POST', `${DROP_BOX}/export`, otherToken, otherOrg.id, { ids, as: 'zip' });
    expect(foreign.status).toBe(404);
    const empty = await call('POST', `${DROP_BOX}/export`, token, org.id, { ids: [], as: 'zip' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Select at least one document/);
  });
});

import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import { createPermissionCast, type TestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { blobPath } from './document-blobs.ts';
import {
  DROP_BOX,
  EXE_BYTES,
  PARSER,
  PNG_BYTES,
  sampleXlsx,
  upload,
  waitForDocument,
  zipBomb,
} from './documents-test-support.ts';
import { invoicePage, samplePdf } from './sample-pdf.ts';

/**
 * A minimal baseline JPEG: a 1×1 grey image (SOI, a flat quantisation table, SOF0, one-code DC
 * and AC Huffman tables, the scan — DC difference 0 then end of block — and EOI).
 */
const JPEG_BYTES = Buffer.from([
  ...[0xff, 0xd8],
  ...[0xff, 0xdb, 0x00, 0x43, 0x00, ...Array<number>(64).fill(1)],
  ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00],
  ...[0xff, 0xc4, 0x00, 0x14, 0x00, 0x01, ...Array<number>(15).fill(0), 0x00],
  ...[0xff, 0xc4, 0x00, 0x14, 0x10, 0x01, ...Array<number>(15).fill(0), 0x00],
  ...[0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x3f],
  ...[0xff, 0xd9],
]);

/**
 * A minimal TIFF in either byte order ("II*\0" little-endian, "MM\0*" big-endian): one IFD for a
 * 1×1 uncompressed bilevel image (width, length, compression, photometric, strip offset and byte
 * count), then its one pixel byte.
 */
function tiffBytes(order: 'II' | 'MM'): Buffer {
  const entries: [tag: number, type: 3 | 4, value: number][] = [
    [256, 3, 1],
    [257, 3, 1],
    [259, 3, 1],
    [262, 3, 0],
    [273, 4, 8 + 2 + 6 * 12 + 4],
    [279, 4, 1],
  ];
  const bytes = Buffer.alloc(8 + 2 + entries.length * 12 + 4 + 1);
  const little = order === 'II';
  const u16 = (value: number, at: number) =>
    little ? bytes.writeUInt16LE(value, at) : bytes.writeUInt16BE(value, at);
  const u32 = (value: number, at: number) =>
    little ? bytes.writeUInt32LE(value, at) : bytes.writeUInt32BE(value, at);
  bytes.write(order, 0, 'latin1');
  u16(42, 2);
  u32(8, 4);
  u16(entries.length, 8);
  entries.forEach(([tag, type, value], index) => {
    const at = 10 + index * 12;
    u16(tag, at);
    u16(type, at + 2);
    u32(1, at + 4);
    if (type === 3) u16(value, at + 8);
    else u32(value, at + 8);
  });
  return bytes;
}

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let adminToken: string;
let viewerToken: string;
let noRolesToken: string;
let otherToken: string;

const LIMIT = 2 * 1024 * 1024;

beforeAll(async () => {
  server = await startTestServer({ DOCUMENT_MAX_BYTES: String(LIMIT) });
  call = createApiCall(server);
  ({
    org,
    otherOrg,
    tokens: { admin: adminToken, viewer: viewerToken, noRoles: noRolesToken, stranger: otherToken },
  } = await createPermissionCast(server, 'Documents'));
});
/** Uploads queue processing jobs: let them finish, or closing waits on them (slow on PostgreSQL). */
async function settleProcessing(token: string, organizationId: string) {
  const deadline = Date.now() + 90_000;
  for (const status of ['pending', 'processing']) {
    while (Date.now() < deadline) {
      const res = await call('GET', `${DROP_BOX}?status=${status}&page_size=1`, token, organizationId);
      if (res.status !== 200 || res.body.total === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

afterAll(async () => {
  await settleProcessing(adminToken, org.id);
  await settleProcessing(otherToken, otherOrg.id);
  await server.close();
}, 180_000);

const asAdmin = (method: string, url: string, body?: unknown) => call(method, url, adminToken, org.id, body);
const uploadAsAdmin = (files: Parameters<typeof upload>[3]) => upload(server, adminToken, org.id, files);
const blobExists = (bytes: Buffer) =>
  existsSync(
    path.join(server.config.dataDir, 'files', blobPath(createHash('sha256').update(bytes).digest('hex'))),
  );

describe('documents: upload', () => {
  it('recognises each type by its content, whatever the name says', async () => {
    const res = await uploadAsAdmin([
      { name: 'invoice.bin', bytes: samplePdf([invoicePage(1, 3)]) },
      { name: 'scan.pdf', bytes: PNG_BYTES },
      { name: 'photo.png', bytes: JPEG_BYTES },
      { name: 'receipt.pdf', bytes: tiffBytes('II') },
      { name: 'fax.jpg', bytes: tiffBytes('MM') },
      { name: 'payments.txt', bytes: 'Date,Reference,Amount\n2026-11-01,INV-1,"1,200.00"\n' },
      {
        name: 'book',
        bytes: await sampleXlsx([
          ['Ref', 'Amount'],
          ['A-1', 12.5],
        ]),
      },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data.map((d: Json) => [d.file_name, d.kind, d.media_type, d.status])).toEqual([
      ['invoice.bin', 'pdf', 'application/pdf', 'pending'],
      ['scan.pdf', 'image', 'image/png', 'pending'],
      ['photo.png', 'image', 'image/jpeg', 'pending'],
      ['receipt.pdf', 'image', 'image/tiff', 'pending'],
      ['fax.jpg', 'image', 'image/tiff', 'pending'],
      ['payments.txt', 'csv', 'text/csv', 'pending'],
      ['book', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'pending'],
    ]);
    const done = await Promise.all(
      res.body.data.map((d: Json) => waitForDocument(server, adminToken, org.id, d.id)),
    );
    // Images are read by OCR (these tiny ones hold no text); the PNG's bytes are damaged.
    expect(done.map((d: Json) => [d.status, d.status_reason])).toEqual([
      ['processed', null],
      ['failed', 'The PNG image is damaged and cannot be read'],
      ['processed', 'OCR found no text in it'],
      ['processed', 'OCR found no text in it'],
      ['processed', 'OCR found no text in it'],
      ['processed', null],
      ['processed', null],
    ]);
  });

  it('stores the same bytes once but lists two uploads', async () => {
    const bytes = Buffer.from(`Ref,Amount\nDUP-${Date.now()},10\n`);
    const first = await uploadAsAdmin([{ name: 'a.csv', bytes }]);
    const second = await uploadAsAdmin([{ name: 'b.csv', bytes }]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.data[0].id).not.toBe(second.body.data[0].id);
    const sha = createHash('sha256').update(bytes).digest('hex');
    const folder = path.join(server.config.dataDir, 'files', 'blobs', sha.slice(0, 2));
    expect(readdirSync(folder).filter((f) => f.startsWith(sha))).toEqual([sha]);

    // Deleting one keeps the blob for the other; deleting the last removes it.
    expect((await asAdmin('DELETE', `${DROP_BOX}/${first.body.data[0].id}`)).status).toBe(204);
    expect(blobExists(bytes)).toBe(true);
    expect((await asAdmin('DELETE', `${DROP_BOX}/${second.body.data[0].id}`)).status).toBe(204);
    expect(blobExists(bytes)).toBe(false);
    expect((await asAdmin('GET', `${DROP_BOX}/${second.body.data[0].id}`)).status).toBe(404);
  });

  it('refuses an executable renamed to .csv and keeps nothing', async () => {
    const before = (await asAdmin('GET', `${DROP_BOX}?page_size=500`)).body.total;
    const res = await uploadAsAdmin([
      { name: 'fine.csv', bytes: 'a,b,c\n1,2,3\n' },
      { name: 'payroll.csv', bytes: EXE_BYTES, type: 'text/csv' },
    ]);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('payroll.csv: not a PDF, image, CSV, XLSX or bank statement file');
    expect(blobExists(EXE_BYTES)).toBe(false);
    expect(blobExists(Buffer.from('a,b,c\n1,2,3\n'))).toBe(false);
    expect((await asAdmin('GET', `${DROP_BOX}?page_size=500`)).body.total).toBe(before);
  });

  it('refuses a zip bomb disguised as an XLSX', async () => {
    const res = await uploadAsAdmin([{ name: 'statement.xlsx', bytes: await zipBomb() }]);
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(
      /^statement\.xlsx: the workbook expands beyond the safe limits .*zip bomb$/,
    );
  });

  it('refuses a zip that is not a workbook', async () => {
    const { default: yazl } = await import('yazl');
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('hello'), 'notes.txt');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const res = await uploadAsAdmin([{ name: 'book.xlsx', bytes: Buffer.concat(chunks) }]);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('book.xlsx: not a PDF, image, CSV, XLSX or bank statement file');
  });

  it('refuses a file over the size limit with the limit in the message', async () => {
    const big = Buffer.alloc(LIMIT + 1, 'a');
    const res = await uploadAsAdmin([{ name: 'huge.csv', bytes: big }]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('huge.csv is larger than 2 MB: upload a smaller file');
    expect(blobExists(big)).toBe(false);
    const exact = await uploadAsAdmin([{ name: 'max.csv', bytes: Buffer.alloc(LIMIT, 'b') }]);
    expect(exact.status).toBe(201);
  });

  it('refuses a body that is not multipart, and an empty file', async () => {
    const json = await asAdmin('POST', DROP_BOX, { file: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Send the documents as multipart/form-data in the field "file"');
    const empty = await uploadAsAdmin([{ name: 'empty.csv', bytes: Buffer.alloc(0) }]);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('empty.csv is empty');
  });
});

describe('documents: permissions and organizations', () => {
  it('lets a viewer read but not upload, and a member without roles do neither', async () => {
    const denied = await upload(server, viewerToken, org.id, [{ name: 'x.csv', bytes: 'a,b\n' }]);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(
      'You need the counterpart_documents-create permission in this organization',
    );
    expect((await call('GET', DROP_BOX, viewerToken, org.id)).status).toBe(200);
    expect((await call('GET', DROP_BOX, noRolesToken, org.id)).status).toBe(403);
  });

  it("hides one organization's documents from another", async () => {
    const mine = await uploadAsAdmin([{ name: 'private.csv', bytes: `x,y\n${Date.now()},1\n` }]);
    const id = mine.body.data[0].id;
    await waitForDocument(server, adminToken, org.id, id);
    for (const url of [`${DROP_BOX}/${id}`, `${DROP_BOX}/${id}/original`, `${PARSER}/${id}`]) {
      const res = await call('GET', url, otherToken, otherOrg.id);
      expect(res.status, url).toBe(404);
    }
    expect((await call('DELETE', `${DROP_BOX}/${id}`, otherToken, otherOrg.id)).status).toBe(404);
    const list = await call('GET', `${DROP_BOX}?search=private`, otherToken, otherOrg.id);
    expect(list.body.total).toBe(0);
    // Another organization's header with this user's token is refused outright.
    expect((await call('GET', DROP_BOX, adminToken, otherOrg.id)).status).toBe(403);
  });

  it('serves the original with its sniffed type, as an attachment, never sniffed by the browser', async () => {
    const bytes = samplePdf([invoicePage(2, 2)]);
    const { body } = await uploadAsAdmin([{ name: 'facture été.pdf', bytes }]);
    const res = await fetch(`${server.url}${DROP_BOX}/${body.data[0].id}/original`, {
      headers: { authorization: `Bearer ${adminToken}`, organization: org.id },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="facture _t_.pdf"; filename*=UTF-8''${encodeURIComponent('facture été.pdf')}`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

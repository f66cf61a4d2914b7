import ExcelJS from 'exceljs';
import yazl from 'yazl';
import type { Json } from '../../../test/api-call.ts';
import type { TestServer } from '../../../test/test-server.ts';

export const DROP_BOX = '/api/documents/file_handler/drop_box';
export const PARSER = '/api/documents/file_handler/parser';

/** A 1×1 transparent PNG. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

/** The start of a Windows executable (MZ header, then NUL bytes). */
export const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(512),
]);

export async function sampleXlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Payments');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A "workbook" of 20 MB of zeros squeezed into a few kilobytes. */
export async function zipBomb(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('[Content_Types]'), '[Content_Types].xml');
  zip.addBuffer(Buffer.from('<workbook/>'), 'xl/workbook.xml');
  zip.addBuffer(Buffer.alloc(20 * 1024 * 1024), 'xl/worksheets/sheet1.xml', { compress: true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Uploads files (multipart field "file") as a user in an organization. */
export async function upload(
  server: TestServer,
  token: string,
  organization: string,
  files: { name: string; bytes: Buffer | string; type?: string }[],
): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  for (const file of files) {
    form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  const res = await fetch(`${server.url}${DROP_BOX}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, organization },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Polls a document until processing has ended (processed, ocr_needed or failed). */
export async function waitForDocument(
  server: TestServer,
  token: string,
  organization: string,
  id: string,
  timeoutMs = 20_000,
): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${server.url}${DROP_BOX}/${id}`, {
      headers: { authorization: `Bearer ${token}`, organization },
    });
    const body: Json = await res.json();
    if (!['pending', 'processing'].includes(body.status)) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Document ${id} was not processed within ${timeoutMs} ms`);
}

import { createHash } from 'node:crypto';

/**
 * Writes small, valid PDFs for tests and the benchmark: pages of Helvetica text lines placed at
 * given positions, pages without any text layer (a drawn box only, like a scan), and files
 * protected by a user password (standard security handler, revision 2, RC4 40-bit; streams encrypted).
 */

export interface SampleText {
  text: string;
  /** From the left edge, in points. */
  x: number;
  /** From the TOP edge, in points (converted to PDF's bottom-up y here). */
  y: number;
  size?: number;
}

export interface SamplePage {
  texts: SampleText[];
}

export interface SamplePdfOptions {
  /** A user password: opening the file needs it. */
  password?: string;
  width?: number;
  height?: number;
}

const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function escapeText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let n = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + (s[i] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[n] = (data[n] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 255] as number);
  }
  return out;
}

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PAD]).subarray(0, 32);

/** The /Encrypt dictionary of revision 2 for a user password (the owner password is the same). */
function encryptDictionary(password: string, fileId: Buffer): string {
  const owner = rc4(md5(padded(password)).subarray(0, 5), padded(password));
  const key = fileKey(password, fileId);
  const user = rc4(key, PAD);
  return `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P -4 >>`;
}

/** The file's RC4 key (algorithm 2 of the standard security handler, revision 2). */
function fileKey(password: string, fileId: Buffer): Buffer {
  const owner = rc4(md5(padded(password)).subarray(0, 5), padded(password));
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-4);
  return md5(padded(password), owner, permissions, fileId).subarray(0, 5);
}

/** A stream's bytes encrypted for object `number` (generation 0), as a reader with the password decrypts them. */
function encryptStream(key: Buffer, number: number, data: Buffer): Buffer {
  const suffix = Buffer.from([number & 255, (number >> 8) & 255, (number >> 16) & 255, 0, 0]);
  return rc4(md5(key, suffix).subarray(0, Math.min(key.length + 5, 16)), data);
}

/** A PDF of the given pages (an empty `texts` list makes a page with a box and no text). */
export function samplePdf(pages: SamplePage[], options: SamplePdfOptions = {}): Buffer {
  const fileId = md5(Buffer.from(`counterpart-sample-${pages.length}`));
  const width = options.width ?? 595;
  const height = options.height ?? 842;
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pageTree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    const content =
      page.texts.length === 0
        ? '0.6 g 50 50 300 200 re f'
        : page.texts
            .map(
              (t) =>
                `BT /F1 ${t.size ?? 10} Tf ${t.x} ${height - t.y - (t.size ?? 10)} Td (${escapeText(t.text)}) Tj ET`,
            )
            .join('\n');
    // Protected files have their streams encrypted, so only the right password reads the text.
    const data =
      options.password === undefined
        ? Buffer.from(content, 'latin1')
        : encryptStream(
            fileKey(options.password, fileId),
            objects.length + 1,
            Buffer.from(content, 'latin1'),
          );
    const stream = add(`<< /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  const encrypt = options.password === undefined ? 0 : add(encryptDictionary(options.password, fileId));

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const id = `<${fileId.toString('hex')}>`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /ID [${id} ${id}]${
    encrypt ? ` /Encrypt ${encrypt} 0 R` : ''
  } >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** 123456 → "1234.56", without floating point. */
function minorToText(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** An invoice-like page: a header, an address block and a table of line items with amounts. */
export function invoicePage(pageNumber: number, itemsPerPage = 30): SamplePage {
  const texts: SampleText[] = [
    { text: 'ACME Supplies Ltd', x: 50, y: 40, size: 16 },
    { text: `Invoice INV-2026-${String(pageNumber).padStart(4, '0')}`, x: 50, y: 64, size: 12 },
    { text: 'Date: 2026-11-22', x: 400, y: 64 },
    { text: 'Bill to: Counterpart Demo Company, Nairobi', x: 50, y: 90 },
    { text: 'Item', x: 50, y: 120 },
    { text: 'Qty', x: 330, y: 120 },
    { text: 'Unit price', x: 390, y: 120 },
    { text: 'Amount', x: 480, y: 120 },
  ];
  for (let i = 0; i < itemsPerPage; i++) {
    const qty = ((i * 7 + pageNumber) % 9) + 1;
    const cents = 1250 + ((i * 311 + pageNumber * 17) % 90000);
    const y = 138 + i * 18;
    texts.push(
      { text: `Item ${pageNumber}-${i + 1} office supplies`, x: 50, y },
      { text: String(qty), x: 330, y },
      { text: minorToText(cents), x: 390, y },
      { text: minorToText(cents * qty), x: 480, y },
    );
  }
  texts.push({ text: 'Thank you for your business.', x: 50, y: 138 + itemsPerPage * 18 + 20 });
  return { texts };
}

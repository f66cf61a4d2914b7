import { createDeflate } from 'node:zlib';
import { DocumentContentError } from '@counterpart/files';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readDocumentTokens } from './read-document.ts';

/** A PDF with text drawn at known places (pdf-lib's y is the baseline, from the page bottom). */
async function textPdf(
  pages: { size: [number, number]; texts: { text: string; x: number; y: number; size: number }[] }[],
) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const spec of pages) {
    const page = pdf.addPage(spec.size);
    for (const t of spec.texts) page.drawText(t.text, { x: t.x, y: t.y, size: t.size, font });
  }
  return { bytes: await pdf.save(), font };
}

describe('readDocumentTokens on text PDFs', { timeout: 60_000 }, () => {
  it('gives each word a box in page units where it was drawn, with confidence 1 and source pdf', async () => {
    const { bytes, font } = await textPdf([
      { size: [600, 800], texts: [{ text: 'Invoice INV-2001', x: 60, y: 700, size: 20 }] },
    ]);
    const doc = await readDocumentTokens(bytes);
    expect(doc.pages).toEqual([{ page: 1, width: 600, height: 800 }]);
    expect(doc.tokens.map((t) => t.text)).toEqual(['Invoice', 'INV-2001']);
    const [first, second] = doc.tokens;
    expect(first).toMatchObject({ page: 1, confidence: 1, source: 'pdf' });
    // x: from 60 pt; the words share the run's width by their glyphs' widths, so each ends within
    // half a character (≤ 0.005 of the page, 3 pt) of where Helvetica's metrics put them.
    expect(first?.box.x0).toBeCloseTo(60 / 600, 3);
    expect(first?.box.x1).toBeCloseTo((60 + font.widthOfTextAtSize('Invoice', 20)) / 600, 2);
    expect(second?.box.x0).toBeGreaterThan(first?.box.x1 ?? 1);
    expect(second?.box.x0).toBeCloseTo((60 + font.widthOfTextAtSize('Invoice ', 20)) / 600, 2);
    expect(second?.box.x1).toBeCloseTo((60 + font.widthOfTextAtSize('Invoice INV-2001', 20)) / 600, 2);
    // y: the baseline is 100 pt from the top; the box spans the font size above it.
    for (const token of doc.tokens) {
      expect(token.box.y1).toBeCloseTo(100 / 800, 3);
      expect(token.box.y0).toBeCloseTo(80 / 800, 3);
    }
  });

  it('reads a Node Buffer (as readFile gives it), twice: the caller keeps its bytes', async () => {
    const { bytes } = await textPdf([
      { size: [595, 842], texts: [{ text: 'Buffer read', x: 50, y: 800, size: 12 }] },
    ]);
    const buffer = Buffer.from(bytes);
    expect((await readDocumentTokens(buffer)).tokens.map((t) => t.text)).toEqual(['Buffer', 'read']);
    expect((await readDocumentTokens(buffer)).tokens.map((t) => t.text)).toEqual(['Buffer', 'read']);
  });

  it('reads lines top to bottom and words left to right, whatever order they were drawn in', async () => {
    const { bytes } = await textPdf([
      {
        size: [595, 842],
        texts: [
          { text: 'Total 1,250.00', x: 300, y: 100, size: 10 },
          { text: 'right', x: 400, y: 700, size: 10 },
          { text: 'left', x: 50, y: 700, size: 10 },
          { text: 'Bill to', x: 50, y: 760, size: 12 },
        ],
      },
    ]);
    const doc = await readDocumentTokens(bytes);
    expect(doc.tokens.map((t) => t.text)).toEqual(['Bill', 'to', 'left', 'right', 'Total', '1,250.00']);
  });

  it('numbers the pages of a multi-page PDF and reports progress per page', async () => {
    const { bytes } = await textPdf([
      { size: [595, 842], texts: [{ text: 'first page', x: 50, y: 800, size: 12 }] },
      { size: [842, 595], texts: [{ text: 'second', x: 421, y: 297.5, size: 12 }] },
    ]);
    const progress: [number, number][] = [];
    const doc = await readDocumentTokens(bytes, {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(doc.pages).toEqual([
      { page: 1, width: 595, height: 842 },
      { page: 2, width: 842, height: 595 },
    ]);
    expect(doc.tokens.map((t) => [t.page, t.text])).toEqual([
      [1, 'first'],
      [1, 'page'],
      [2, 'second'],
    ]);
    expect(doc.tokens[2]?.box.x0).toBeCloseTo(0.5, 3);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });
});

// The bomb test deflates and inflates 600 MB: seconds on a busy machine.
describe('readDocumentTokens refuses what it cannot read, saying why', { timeout: 120_000 }, () => {
  it('a 0-byte file', async () => {
    await expect(readDocumentTokens(new Uint8Array())).rejects.toThrow(
      new DocumentContentError('The file is empty (0 bytes)'),
    );
  });

  it('bytes that are no PDF or image', async () => {
    await expect(
      readDocumentTokens(new TextEncoder().encode('date,amount\n2026-01-02,10.00\n')),
    ).rejects.toThrow(/not a PDF or an image that can be read/);
  });

  it('a damaged PDF', async () => {
    const { bytes } = await textPdf([{ size: [595, 842], texts: [{ text: 'x', x: 50, y: 50, size: 12 }] }]);
    const cut = new Uint8Array([
      ...new TextEncoder().encode('%PDF-1.7\n'),
      ...bytes.slice(400, 600).map((b) => b ^ 0x55),
    ]);
    await expect(readDocumentTokens(cut)).rejects.toBeInstanceOf(DocumentContentError);
  });

  it('more pages than the cap', async () => {
    const pdf = await PDFDocument.create();
    for (let i = 0; i < 12; i++) pdf.addPage([200, 200]);
    await expect(readDocumentTokens(await pdf.save(), { maxPages: 10 })).rejects.toThrow(
      'The PDF has 12 pages; at most 10 are read',
    );
  });

  it('a page larger than the format allows', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([20_000, 800]);
    await expect(readDocumentTokens(await pdf.save())).rejects.toThrow(
      /Page 1 of the PDF is 20000 × 800 points/,
    );
  });

  it('a decompression bomb', async () => {
    // A content stream of 600 MB of zeros, about 600 KB compressed, deflated in small pieces.
    const deflate = createDeflate();
    const chunks: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
    const zeros = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < 600; i++) deflate.write(zeros);
    await new Promise((resolve) => deflate.end(resolve));
    const stream = Buffer.concat(chunks);
    const bytes = Buffer.concat([
      Buffer.from(
        '%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
          '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R>> endobj\n' +
          `4 0 obj <</Length ${stream.length}/Filter/FlateDecode>> stream\n`,
      ),
      stream,
      Buffer.from('\nendstream endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n'),
    ]);
    await expect(readDocumentTokens(bytes)).rejects.toThrow(
      'The PDF expands to more than 512 MB when decompressed (a decompression bomb?)',
    );
  });
});

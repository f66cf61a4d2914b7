import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DocumentContentError } from '@counterpart/files';
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { estimateSkew, rotateGray } from './deskew.ts';
import { createOcrPool } from './ocr-pool.ts';
import { toGray } from './raster.ts';
import { readDocumentTokens } from './read-document.ts';

const LINES = ['INVOICE INV-2001', 'Date 12/03/2026', 'Total KES 104,400.00'];

/** A white image with lines of known text at known places (40 px type, a line every 90 px). */
function textImage(width: number, height: number, lines = LINES, at = { x: 100, y: 120 }) {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = '40px sans-serif';
  for (const [i, line] of lines.entries()) context.fillText(line, at.x, at.y + i * 90);
  return canvas;
}

/** An uncompressed 8-bit grey TIFF (little-endian, one strip) of the canvas. */
function grayTiff(canvas: Canvas) {
  const { width, height } = canvas;
  const gray = toGray(canvas).data;
  const entries = [
    [256, 3, width],
    [257, 3, height],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, 0],
    [277, 3, 1],
    [278, 3, height],
    [279, 4, width * height],
  ] as const;
  const dataAt = 8 + 2 + entries.length * 12 + 4;
  const head = Buffer.alloc(dataAt);
  head.write('II*\0', 0, 'latin1');
  head.writeUInt32LE(8, 4);
  head.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    head.writeUInt16LE(tag, at);
    head.writeUInt16LE(type, at + 2);
    head.writeUInt32LE(1, at + 4);
    if (type === 3) head.writeUInt16LE(value, at + 8);
    else head.writeUInt32LE(tag === 273 ? dataAt : value, at + 8);
  });
  return Buffer.concat([head, gray]);
}

describe('estimateSkew', { timeout: 60_000 }, () => {
  it('finds how far a page was turned, either way, and 0 for a straight page', () => {
    const page = textImage(
      1200,
      1600,
      Array.from({ length: 14 }, (_, i) => `${LINES[i % 3]} line ${i}`),
    );
    const gray = toGray(page);
    expect(estimateSkew(gray)).toBe(0);
    expect(estimateSkew(rotateGray(gray, 3))).toBeCloseTo(3, 0);
    expect(Math.abs(estimateSkew(rotateGray(gray, -2)) + 2)).toBeLessThanOrEqual(0.3);
  });
});

// OCR takes seconds a page, more on a busy machine.
describe('readDocumentTokens with OCR', { timeout: 120_000 }, () => {
  const ocr = createOcrPool({ workers: 2 });
  afterAll(() => ocr.close(), 60_000);

  it('reads a turned JPEG photo of known text, straightened: words, boxes where drawn, confidence, source ocr', async () => {
    const turned = rotateGray(toGray(textImage(1000, 400)), 4);
    const canvas = createCanvas(1000, 400);
    const pixels = canvas.getContext('2d').createImageData(1000, 400);
    for (const [i, v] of turned.data.entries()) pixels.data.set([v, v, v, 255], i * 4);
    canvas.getContext('2d').putImageData(pixels, 0, 0);
    const doc = await readDocumentTokens(await canvas.encode('jpeg', 90), { ocr });
    expect(doc.pages).toEqual([{ page: 1, width: 1000, height: 400 }]);
    expect(doc.tokens.map((t) => t.text).join(' ')).toBe(LINES.join(' '));
    for (const token of doc.tokens) {
      expect(token).toMatchObject({ page: 1, source: 'ocr' });
      expect(token.confidence).toBeGreaterThan(0.6);
      expect(token.confidence).toBeLessThanOrEqual(1);
    }
    // Straightened, "INVOICE" starts near x = 100 px and sits on the first line (baseline 120 px).
    const invoice = doc.tokens[0];
    expect(invoice?.box.x0).toBeCloseTo(100 / 1000, 1);
    expect(invoice?.box.y1).toBeCloseTo(120 / 400, 1);
    expect(doc.tokens.at(-1)?.box.y1).toBeCloseTo(300 / 400, 1);
  });

  it('OCRs only the pages of a PDF that have no text', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([595, 842]).drawText('Typed page', { x: 50, y: 780, size: 14, font });
    // Page 2: a scan, the picture of the text filling the page at 150 DPI.
    const scan = await pdf.embedPng(await textImage(1240, 1754, LINES, { x: 150, y: 200 }).encode('png'));
    pdf.addPage([595, 842]).drawImage(scan, { x: 0, y: 0, width: 595, height: 842 });
    const progress: number[] = [];
    const doc = await readDocumentTokens(await pdf.save(), {
      ocr,
      onProgress: (done) => progress.push(done),
    });
    expect(doc.pages).toEqual([
      { page: 1, width: 595, height: 842 },
      { page: 2, width: 595, height: 842 },
    ]);
    expect(doc.tokens.filter((t) => t.page === 1).map((t) => [t.text, t.source])).toEqual([
      ['Typed', 'pdf'],
      ['page', 'pdf'],
    ]);
    const scanned = doc.tokens.filter((t) => t.page === 2);
    expect(scanned.map((t) => t.text).join(' ')).toBe(LINES.join(' '));
    expect(scanned.every((t) => t.source === 'ocr')).toBe(true);
    expect(scanned[0]?.box.x0).toBeCloseTo(150 / 1240, 1);
    expect(progress).toEqual([1, 2]);
  });

  it('reads a single-page TIFF and refuses a multi-page one', async () => {
    const tiff = grayTiff(textImage(900, 140, ['Total KES 104,400.00'], { x: 40, y: 90 }));
    const doc = await readDocumentTokens(tiff, { ocr });
    expect(doc.pages).toEqual([{ page: 1, width: 900, height: 140 }]);
    expect(doc.tokens.map((t) => t.text)).toEqual(['Total', 'KES', '104,400.00']);
    // A second page: a copy of the first directory after the data, the first pointing at it.
    const next = 8 + 2 + 9 * 12;
    const second = Buffer.from(tiff.subarray(8, next + 4));
    second.writeUInt32LE(0, next - 8);
    const twoPages = Buffer.concat([tiff, second]);
    twoPages.writeUInt32LE(tiff.length, next);
    await expect(readDocumentTokens(twoPages, { ocr })).rejects.toThrow(
      'The TIFF has several pages; only single-page TIFFs are read (save it as a PDF to read every page)',
    );
  });

  it('refuses a damaged PNG and an image too large to read', async () => {
    const png = await textImage(200, 100).encode('png');
    const cut = png.subarray(0, 60);
    await expect(readDocumentTokens(cut, { ocr })).rejects.toThrow(
      new DocumentContentError('The PNG image is damaged and cannot be read'),
    );
    const huge = Buffer.from(png);
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    await expect(readDocumentTokens(huge, { ocr })).rejects.toThrow(
      'The image is 20,000 × 20,000 pixels; at most 70 megapixels are read',
    );
  });
});

const exec = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));

describe('OCR offline', { timeout: 120_000 }, () => {
  // Without a network namespace (unshare) to cut the network, the run proves nothing: it fails loudly.
  it('reads an image with the network cut off (nothing is downloaded)', async () => {
    expect(existsSync('/usr/bin/unshare')).toBe(true);
    const { stdout } = await exec(
      'unshare',
      ['-rn', process.execPath, '--import', 'tsx', path.join(here, 'ocr-offline.fixture.ts')],
      { cwd: here, timeout: 120_000 },
    );
    expect(stdout.trim()).toBe('Total KES 104,400.00');
  });
});

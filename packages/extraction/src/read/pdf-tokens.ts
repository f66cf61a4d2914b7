import type { Token } from '@counterpart/contracts';
import { DocumentContentError, type OpenedPdf, openPdf } from '@counterpart/files';
import { checkInflatedSize, DEFAULT_MAX_PAGES, MAX_PAGE_POINTS } from './pdf-limits.ts';
import { type PdfRun, readingOrder } from './pdf-words.ts';
import { type PageSize, unitBox } from './tokens.ts';

/** One page of a PDF as read from its text layer: no tokens means it needs OCR. */
export interface PdfTextPage {
  size: PageSize;
  tokens: Token[];
}

/**
 * Opens a PDF within the limits: at most `maxPages` pages, no page larger than the format allows,
 * no decompression bomb. Errors are DocumentContentErrors (PdfPasswordError for a protected file).
 */
export async function openLimitedPdf(bytes: Uint8Array, maxPages = DEFAULT_MAX_PAGES): Promise<OpenedPdf> {
  checkInflatedSize(bytes);
  // pdfjs takes ownership of (detaches) the buffer it is given and refuses a Node Buffer: give it a
  // plain Uint8Array copy (Buffer's slice would be a view, and a Buffer).
  const pdf = await openPdf(new Uint8Array(bytes));
  if (pdf.pageCount > maxPages) {
    await pdf.close();
    throw new DocumentContentError(
      `The PDF has ${pdf.pageCount.toLocaleString('en')} pages; at most ${maxPages.toLocaleString('en')} are read`,
    );
  }
  return pdf;
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/** A page's text layer as tokens: words with boxes in page units, lines top to bottom, words left to right. */
export async function readPdfTextPage(pdf: OpenedPdf, pageNumber: number): Promise<PdfTextPage> {
  const page = await pdf.document.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const width = Math.round(viewport.width * 100) / 100;
    const height = Math.round(viewport.height * 100) / 100;
    if (width > MAX_PAGE_POINTS || height > MAX_PAGE_POINTS || !(width > 0 && height > 0)) {
      throw new DocumentContentError(
        `Page ${pageNumber} of the PDF is ${Math.round(width)} × ${Math.round(height)} points; ` +
          `a page may be at most ${MAX_PAGE_POINTS.toLocaleString('en')} points (200 inches) a side`,
      );
    }
    const content = await page.getTextContent();
    const runs: PdfRun[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      // Text space → viewport (top-left origin): the run's baseline is at tx[5].
      const tx = multiply(viewport.transform as Matrix, item.transform as Matrix);
      const runHeight = Math.hypot(tx[2], tx[3]) || item.height;
      runs.push({
        text: item.str,
        x: tx[4],
        y: tx[5] - runHeight,
        width: item.width,
        height: runHeight,
        monospace: content.styles[item.fontName]?.fontFamily === 'monospace',
      });
    }
    const size: PageSize = { page: pageNumber, width, height };
    const tokens: Token[] = readingOrder(runs).map((word) => ({
      page: pageNumber,
      text: word.text,
      box: unitBox(word.x, word.y, word.width, word.height, size),
      confidence: 1,
      source: 'pdf',
    }));
    return { size, tokens };
  } finally {
    page.cleanup();
  }
}

import type { DocumentTokens, Token } from '@counterpart/contracts';
import type { OcrPool } from './ocr-pool.ts';
import { DEFAULT_MAX_PAGES } from './pdf-limits.ts';
import { openLimitedPdf, readPdfTextPage } from './pdf-tokens.ts';
import { sniffFormat } from './sniff.ts';
import type { OnProgress, PageSize } from './tokens.ts';

export interface ReadOptions {
  /** The OCR pool for scanned pages and images; without one, a pool is made for the call and closed after. */
  ocr?: OcrPool;
  onProgress?: OnProgress;
  /** A PDF with more pages is refused (default 500). */
  maxPages?: number;
}

/**
 * Every input as tokens: a PDF's text layer (pages without text are OCR'd), or a PNG, JPEG or TIFF
 * OCR'd. The format is sniffed from the bytes. A 0-byte file, bytes that are no such document, a
 * damaged PDF or a PDF bomb throw a DocumentContentError saying which.
 */
export async function readDocumentTokens(
  bytes: Uint8Array,
  options: ReadOptions = {},
): Promise<DocumentTokens> {
  const format = sniffFormat(bytes);
  if (format === 'pdf') return readPdf(bytes, options);
  throw new Error(`${format} is not read yet`);
}

async function readPdf(bytes: Uint8Array, options: ReadOptions): Promise<DocumentTokens> {
  const pdf = await openLimitedPdf(bytes, options.maxPages ?? DEFAULT_MAX_PAGES);
  try {
    const pages: PageSize[] = [];
    const tokens: Token[][] = [];
    for (let page = 1; page <= pdf.pageCount; page++) {
      const text = await readPdfTextPage(pdf, page);
      pages.push(text.size);
      tokens.push(text.tokens);
      options.onProgress?.(page, pdf.pageCount);
    }
    return { pages, tokens: tokens.flat() };
  } finally {
    await pdf.close();
  }
}

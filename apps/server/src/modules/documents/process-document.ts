import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type DocumentKind, type DocumentSummary, isStatementKind } from '@counterpart/contracts';
import {
  CsvReadError,
  csvRows,
  DocumentContentError,
  detectTables,
  groupLines,
  openPdf,
  type SheetRows,
  type TextRun,
  xlsxRows,
} from '@counterpart/files';
import { sharedOcrPool } from '../../extraction/ocr.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { blobPath } from './document-blobs.ts';
import { savePdfPage, saveRowBlock } from './parsed-results.ts';
import { processStatement } from './process-statement.ts';

/** A scan or photo in which OCR found no words (a blank page, or a picture without text). */
export const OCR_FOUND_NO_TEXT = 'OCR found no text in it';

/**
 * The widest row and the most cells a CSV or XLSX document may have, as a table import proposes
 * at most 500 columns: a 1,000,000-column line would otherwise be kept, previewed and exported.
 */
export const MAX_DOCUMENT_COLUMNS = 500;
export const MAX_DOCUMENT_CELLS = 20_000_000;

/** How much extracted text is kept in the row for search. */
const SEARCH_TEXT_CHARS = 20_000;

export interface ProcessedDocument {
  status: 'processed' | 'ocr_needed';
  statusReason: string | null;
  pageCount: number | null;
  rowCount: number | null;
  summary: DocumentSummary;
  /** Lower-cased extracted text (its first ~20 KB), searched with the file name. */
  searchText: string;
}

export interface ProcessInput {
  id: string;
  kind: DocumentKind;
  sha256: string;
}

type Progress = (percent: number, message: string) => Promise<void>;

/**
 * Parses a stored document and writes its result to the file store: text PDFs page by page
 * (lines, words with boxes, tables), CSV and XLSX rows in blocks, bank statements as balances and
 * transactions (process-statement.ts); images and PDFs with no text are read by offline OCR into
 * the same pages of lines and words. Progress runs 10 → 90 over pages or bytes.
 */
export async function processDocument(
  store: FileStore,
  document: ProcessInput,
  progress: Progress,
  signal: AbortSignal,
): Promise<ProcessedDocument> {
  const filePath = path.join(store.root, blobPath(document.sha256));
  if (document.kind === 'image') return processByOcr(store, document.id, filePath, progress, signal);
  if (document.kind === 'pdf') return processPdf(store, document.id, filePath, progress, signal);
  if (isStatementKind(document.kind)) {
    const read = await processStatement(store, document.id, document.kind, filePath);
    await progress(90, `Read ${read.rowCount} transactions`);
    return { status: 'processed', pageCount: null, ...read };
  }
  return processRows(store, document, filePath, progress, signal);
}

async function processPdf(
  store: FileStore,
  documentId: string,
  filePath: string,
  progress: Progress,
  signal: AbortSignal,
): Promise<ProcessedDocument> {
  const pdf = await openPdf(new Uint8Array(await readFile(filePath)));
  try {
    let text = '';
    let lines = 0;
    let tables = 0;
    for (let page = 1; page <= pdf.pageCount; page++) {
      signal.throwIfAborted();
      const parsed = await pdf.page(page);
      await savePdfPage(store, documentId, parsed);
      lines += parsed.lines.length;
      tables += parsed.tables.length;
      if (text.length < SEARCH_TEXT_CHARS) text += `${parsed.lines.map((l) => l.text).join('\n')}\n`;
      await progress(10 + Math.floor((80 * page) / pdf.pageCount), `Page ${page} of ${pdf.pageCount}`);
    }
    const summary: DocumentSummary = {
      pages: pdf.pageCount,
      lines,
      tables,
      first_text: text.trim().replace(/\s+/g, ' ').slice(0, 200),
    };
    const base = { pageCount: pdf.pageCount, rowCount: null, summary };
    if (lines === 0) return processByOcr(store, documentId, filePath, progress, signal);
    return {
      ...base,
      status: 'processed',
      statusReason: null,
      searchText: text.slice(0, SEARCH_TEXT_CHARS).toLowerCase(),
    };
  } finally {
    await pdf.close();
  }
}

/**
 * A scan or photo (an image, or a PDF without a text layer) read by OCR: each page's words become
 * lines and tables as a text PDF's do, so the document page, search and Send to table work alike.
 */
async function processByOcr(
  store: FileStore,
  documentId: string,
  filePath: string,
  progress: Progress,
  signal: AbortSignal,
): Promise<ProcessedDocument> {
  const { readDocumentTokens } = await import('@counterpart/extraction');
  const ocr = await sharedOcrPool();
  const read = await readDocumentTokens(new Uint8Array(await readFile(filePath)), {
    ocr,
    onProgress: (done, total) =>
      void progress(10 + Math.floor((70 * done) / total), `OCR: page ${done} of ${total}`).catch(() => {}),
  });
  signal.throwIfAborted();
  let text = '';
  let lines = 0;
  let tables = 0;
  let confidence = 0;
  for (const size of read.pages) {
    const words = read.tokens.filter((t) => t.page === size.page);
    const runs: TextRun[] = words.map((t) => ({
      text: t.text,
      x: t.box.x0 * size.width,
      y: t.box.y0 * size.height,
      width: (t.box.x1 - t.box.x0) * size.width,
      height: (t.box.y1 - t.box.y0) * size.height,
    }));
    const pageLines = groupLines(runs);
    const pageTables = detectTables(pageLines);
    await savePdfPage(store, documentId, {
      page: size.page,
      width: size.width,
      height: size.height,
      lines: pageLines,
      tables: pageTables,
    });
    lines += pageLines.length;
    tables += pageTables.length;
    for (const word of words) confidence += word.confidence;
    if (text.length < SEARCH_TEXT_CHARS) text += `${pageLines.map((l) => l.text).join('\n')}\n`;
  }
  await progress(90, `Read ${read.tokens.length} words by OCR`);
  const summary: DocumentSummary = {
    pages: read.pages.length,
    lines,
    tables,
    first_text: text.trim().replace(/\s+/g, ' ').slice(0, 200),
    ocr_confidence:
      read.tokens.length > 0 ? Math.round((confidence / read.tokens.length) * 1000) / 1000 : null,
  };
  return {
    status: 'processed',
    statusReason: lines === 0 ? OCR_FOUND_NO_TEXT : null,
    pageCount: read.pages.length,
    rowCount: null,
    summary,
    searchText: text.slice(0, SEARCH_TEXT_CHARS).toLowerCase(),
  };
}

async function processRows(
  store: FileStore,
  document: ProcessInput,
  filePath: string,
  progress: Progress,
  signal: AbortSignal,
): Promise<ProcessedDocument> {
  let fraction = 0;
  const sheet: SheetRows =
    document.kind === 'csv'
      ? { batches: csvRows(filePath, (f) => (fraction = f)) }
      : await xlsxRows(filePath).catch(() => {
          throw new DocumentContentError('The workbook could not be read (it may be damaged)');
        });
  let rows = 0;
  let columns = 0;
  let cells = 0;
  let block = 0;
  let text = '';
  let header: string[] | undefined;
  try {
    for await (const batch of sheet.batches) {
      signal.throwIfAborted();
      header ??= batch[0];
      for (const [index, row] of batch.entries()) {
        if (row.length > MAX_DOCUMENT_COLUMNS) {
          throw new DocumentContentError(
            `Row ${rows + index + 1} has ${row.length.toLocaleString('en')} columns: a document may have at most ${MAX_DOCUMENT_COLUMNS}`,
          );
        }
        cells += row.length;
      }
      if (cells > MAX_DOCUMENT_CELLS) {
        throw new DocumentContentError(
          `The file has more than ${MAX_DOCUMENT_CELLS.toLocaleString('en')} cells: split it into smaller files`,
        );
      }
      await saveRowBlock(store, document.id, block, batch);
      block += 1;
      rows += batch.length;
      for (const row of batch) columns = Math.max(columns, row.length);
      if (text.length < SEARCH_TEXT_CHARS) text += `${batch.map((r) => r.join(' ')).join('\n')}\n`;
      const percent = document.kind === 'csv' ? 10 + Math.floor(80 * fraction) : Math.min(90, 10 + block);
      await progress(percent, `Read ${rows} rows`);
    }
  } catch (error) {
    if (error instanceof DocumentContentError || signal.aborted) throw error;
    if (error instanceof CsvReadError) throw new DocumentContentError(error.message);
    if (document.kind === 'xlsx')
      throw new DocumentContentError('The workbook could not be read (it may be damaged)');
    throw error;
  }
  return {
    status: 'processed',
    statusReason: null,
    pageCount: null,
    rowCount: rows,
    summary: {
      rows,
      columns,
      ...(sheet.sheet ? { sheet: sheet.sheet } : {}),
      ...(sheet.sheets ? { sheets: sheet.sheets } : {}),
      first_text: (header ?? []).join(', ').slice(0, 200),
    },
    searchText: text.slice(0, SEARCH_TEXT_CHARS).toLowerCase(),
  };
}

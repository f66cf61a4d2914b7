import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type DocumentKind, type DocumentSummary, isStatementKind } from '@counterpart/contracts';
import {
  CsvReadError,
  csvRows,
  DocumentContentError,
  openPdf,
  type SheetRows,
  xlsxRows,
} from '@counterpart/files';
import type { FileStore } from '../../storage/file-store.ts';
import { blobPath } from './document-blobs.ts';
import { savePdfPage, saveRowBlock } from './parsed-results.ts';
import { processStatement } from './process-statement.ts';

export const OCR_NEEDED_PDF = 'This PDF has no text layer: OCR is needed';
export const OCR_NEEDED_IMAGE = 'This is an image: OCR is needed to read its text';

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
 * transactions (process-statement.ts); images and PDFs with no text
 * are marked for OCR. Progress runs 10 → 90 over pages or bytes.
 */
export async function processDocument(
  store: FileStore,
  document: ProcessInput,
  progress: Progress,
  signal: AbortSignal,
): Promise<ProcessedDocument> {
  const filePath = path.join(store.root, blobPath(document.sha256));
  if (document.kind === 'image') {
    return { ...empty(), status: 'ocr_needed', statusReason: OCR_NEEDED_IMAGE };
  }
  if (document.kind === 'pdf') return processPdf(store, document.id, filePath, progress, signal);
  if (isStatementKind(document.kind)) {
    const read = await processStatement(store, document.id, document.kind, filePath);
    await progress(90, `Read ${read.rowCount} transactions`);
    return { status: 'processed', pageCount: null, ...read };
  }
  return processRows(store, document, filePath, progress, signal);
}

function empty(): Omit<ProcessedDocument, 'status' | 'statusReason'> {
  return { pageCount: null, rowCount: null, summary: {}, searchText: '' };
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
    if (lines === 0) return { ...base, status: 'ocr_needed', statusReason: OCR_NEEDED_PDF, searchText: '' };
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

import { open, readFile } from 'node:fs/promises';
import type { RowSet } from '@counterpart/workflow-engine';
import type { Db } from '../../../db/database.ts';
import type { FileStore } from '../../../storage/file-store.ts';
import {
  type DocumentRow,
  documentBlobFile,
  loadDocument,
  readParsedRows,
} from '../../documents/documents.service.ts';
import {
  detectStatement,
  MAX_STATEMENT_BYTES,
  readStatementBytes,
  STATEMENT_COLUMNS,
  transactionAmountText,
  transactionCells,
} from '../../tables/import/import-from-file.service.ts';

/**
 * Upload document and Parse file in an execution. The person starting a run gives each Upload
 * document block a document of the drop box (its id); Parse file reads it: a bank or M-Pesa
 * statement into the normalised transaction columns, any other CSV or Excel file into its rows
 * (once the drop box has processed it). Given a Documents block's list instead (a scheduled run has
 * nobody to upload), it reads each listed document into one set of rows.
 */

/** What an Upload document block hands on: which document, not its bytes. */
export interface FileRef {
  document_id: string;
  file_name: string;
  kind: string;
}

export function isFileRef(value: unknown): value is FileRef {
  return typeof value === 'object' && value !== null && typeof (value as FileRef).document_id === 'string';
}

export async function uploadedDocument(
  db: Db,
  organizationId: string,
  documentId: string | undefined,
  label: string,
): Promise<{ file: FileRef }> {
  if (!documentId) throw new Error(`No document was given for "${label}"`);
  const row = await loadDocument(db, organizationId, documentId).catch(() => {
    throw new Error(`The document given for "${label}" does not exist`);
  });
  return { file: { document_id: row.id, file_name: row.fileName, kind: row.kind } };
}

const WAIT_STEP_MS = 500;
const WAIT_LIMIT_MS = 5 * 60_000;

/** The document once the drop box has processed it; a failed one fails the block with its reason. */
async function processedDocument(db: Db, organizationId: string, id: string, signal: AbortSignal) {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const row = await loadDocument(db, organizationId, id);
    if (row.status === 'processed') return row;
    if (row.status === 'failed') throw new Error(`"${row.fileName}" could not be read: ${row.statusReason}`);
    if (Date.now() > deadline) throw new Error(`"${row.fileName}" is still being processed`);
    if (signal.aborted) throw signal.reason;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

async function headOf(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  } finally {
    await handle.close();
  }
}

/** Header cells as distinct, non-empty column names ("Column 3", "Amount (2)"). */
function columnNames(header: string[], width: number, hasHeader: boolean): string[] {
  const seen = new Map<string, number>();
  return Array.from({ length: width }, (_, i) => {
    const base = (hasHeader ? (header[i] ?? '').trim() : '') || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

async function sheetRows(store: FileStore, row: DocumentRow, hasHeader: boolean): Promise<RowSet> {
  const cells = await readParsedRows(store, row);
  const width = cells.reduce((max, r) => Math.max(max, r.length), 0);
  const header = hasHeader ? (cells.shift() ?? []) : [];
  const columns = columnNames(header, width, hasHeader);
  return {
    columns,
    rows: cells.map((r) =>
      Object.fromEntries(columns.map((c, i) => [c, r[i]?.trim() ? (r[i] as string) : null])),
    ),
  };
}

export async function parseDocument(
  db: Db,
  store: FileStore,
  organizationId: string,
  file: FileRef,
  params: Record<string, unknown>,
  signal: AbortSignal,
): Promise<{ rows: RowSet }> {
  const row = await loadDocument(db, organizationId, file.document_id);
  const blob = documentBlobFile(store, row);
  if (row.kind === 'csv') {
    const format = await detectStatement({ head: await headOf(blob), fileName: row.fileName });
    if (format) {
      if (row.sizeBytes > MAX_STATEMENT_BYTES)
        throw new Error(`"${row.fileName}" is too large to read as a statement`);
      const result = readStatementBytes(await readFile(blob), row.fileName, null);
      const columns = STATEMENT_COLUMNS.map((c) => c.header as string);
      return {
        rows: {
          columns,
          rows: result.transactions.map((tx) => {
            const cells = transactionCells(tx, transactionAmountText(tx));
            return Object.fromEntries(columns.map((c, i) => [c, cells[i] ? (cells[i] as string) : null]));
          }),
        },
      };
    }
  }
  if (row.kind !== 'csv' && row.kind !== 'xlsx') {
    throw new Error(
      `"${row.fileName}" is a ${row.kind.toUpperCase()} file: Parse file reads CSV, Excel and bank statements`,
    );
  }
  const processed = await processedDocument(db, organizationId, row.id, signal);
  return { rows: await sheetRows(store, processed, params.has_header !== false) };
}

/** The column Parse file adds when it reads a list of documents: which file each row came from. */
export const SOURCE_DOCUMENT_COLUMN = 'Source document';

/**
 * Parse file over a Documents block's list: each listed document read as `parseDocument` reads one, in
 * the list's order, their rows one after the other under the union of their columns, each row naming
 * its file in SOURCE_DOCUMENT_COLUMN. An empty list, or a document it cannot read, fails the block.
 */
export async function parseDocuments(
  db: Db,
  store: FileStore,
  organizationId: string,
  listed: RowSet,
  params: Record<string, unknown>,
  signal: AbortSignal,
): Promise<{ rows: RowSet }> {
  const documents = listed.rows.filter((row) => typeof row.document_id === 'string');
  if (documents.length === 0) throw new Error('The documents list given to "File" is empty: nothing to read');
  const columns = new Set<string>();
  const rows: RowSet['rows'] = [];
  for (const document of documents) {
    signal.throwIfAborted();
    const name = String(document.name ?? document.document_id);
    const ref: FileRef = {
      document_id: String(document.document_id),
      file_name: name,
      kind: String(document.type),
    };
    const read = await parseDocument(db, store, organizationId, ref, params, signal);
    for (const column of read.rows.columns) columns.add(column);
    for (const row of read.rows.rows) rows.push({ ...row, [SOURCE_DOCUMENT_COLUMN]: name });
  }
  columns.add(SOURCE_DOCUMENT_COLUMN);
  const all = [...columns];
  return {
    rows: {
      columns: all,
      rows: rows.map((row) => Object.fromEntries(all.map((column) => [column, row[column] ?? null]))),
    },
  };
}

import type { ImportProposal, ImportProposalInput, ImportSheet, TableColumn } from '@counterpart/contracts';
import {
  CsvReadError,
  readXlsxRows,
  SNIFF_BYTES,
  SNIFF_ROWS,
  sniffDelimiter,
  sniffLineEndings,
  sniffRows,
} from '@counterpart/files';
import { badRequest } from '../../../errors.ts';
import type { FileStore } from '../../../storage/file-store.ts';
import type { RecognisedContent } from './content-check.ts';
import { buildProposal, type ProposalBase, tableNameFrom } from './proposal.ts';
import { buildStatementProposal } from './statement-proposal.ts';
import { detectStatement, MAX_STATEMENT_BYTES, statementTooLarge } from './statement-seam.ts';

/** The first `bytes` bytes of a stored file (fewer when it is shorter). */
export async function readHead(store: FileStore, relativePath: string, bytes = SNIFF_BYTES): Promise<Buffer> {
  const input = store.open(relativePath);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) break;
    }
  } finally {
    input.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

export interface StoredUpload {
  relativePath: string;
  fileName: string;
  sizeBytes: number;
  content: RecognisedContent;
  /** XLSX: the sheets found at upload. */
  sheets: ImportSheet[];
}

function emptyBase(upload: StoredUpload): ProposalBase {
  return {
    format: upload.content.format,
    statement_format: null,
    encoding: upload.content.encoding,
    delimiter: null,
    line_endings: null,
    sheets: upload.sheets,
    sheet: null,
    table_name: tableNameFrom(upload.fileName),
  };
}

async function proposeCsv(
  store: FileStore,
  upload: StoredUpload,
  choices: ImportProposalInput,
  existing: TableColumn[] | null,
  head: Buffer,
): Promise<ImportProposal> {
  const whole = head.length >= upload.sizeBytes;
  // A character cut at the end of the head is dropped by the non-final decode.
  const text = new TextDecoder(upload.content.encoding ?? 'utf-8').decode(head, { stream: !whole });
  const statement = await detectStatement({ head: text, fileName: upload.fileName });
  if (statement) return proposeStatement(store, upload, statement, choices, existing, head);
  const delimiter = choices.delimiter ?? sniffDelimiter(text, whole);
  let rows: string[][];
  try {
    rows = sniffRows(text, delimiter, whole).map((row) => row.fields);
  } catch (error) {
    if (error instanceof CsvReadError)
      throw badRequest(`"${upload.fileName}" cannot be read: ${error.message}`);
    throw error;
  }
  if (rows.length === 0) throw badRequest(`"${upload.fileName}" has no rows to import`);
  const base: ProposalBase = {
    ...emptyBase(upload),
    delimiter,
    line_endings: sniffLineEndings(text),
  };
  return buildProposal(base, rows, choices.has_header, existing);
}

/**
 * A statement is read whole (up to MAX_STATEMENT_BYTES) for its proposal: see statement-proposal.ts.
 * A file no longer than its head is read already.
 */
async function proposeStatement(
  store: FileStore,
  upload: StoredUpload,
  format: string,
  choices: ImportProposalInput,
  existing: TableColumn[] | null,
  head: Buffer,
): Promise<ImportProposal> {
  if (upload.sizeBytes > MAX_STATEMENT_BYTES) throw badRequest(statementTooLarge(upload.fileName).message);
  const bytes =
    head.length >= upload.sizeBytes
      ? head
      : await readHead(store, upload.relativePath, MAX_STATEMENT_BYTES + 1);
  if (bytes.length > MAX_STATEMENT_BYTES) throw badRequest(statementTooLarge(upload.fileName).message);
  return buildStatementProposal(
    emptyBase(upload),
    upload.fileName,
    bytes,
    format,
    choices.qif_date_format,
    existing,
  );
}

async function proposeXlsx(
  store: FileStore,
  upload: StoredUpload,
  choices: ImportProposalInput,
  existing: TableColumn[] | null,
): Promise<ImportProposal> {
  const named = choices.sheet;
  if (named !== undefined && !upload.sheets.some((s) => s.name === named)) {
    throw badRequest(`The workbook has no sheet named "${named}"`, { sheet: 'Choose one of the sheets' });
  }
  const candidates = named !== undefined ? [named] : upload.sheets.map((s) => s.name);
  for (const sheet of candidates) {
    const rows: string[][] = [];
    for await (const group of readXlsxRows(store.open(upload.relativePath), sheet)) {
      rows.push(...group.map((row) => row.fields));
      if (rows.length >= SNIFF_ROWS) break;
    }
    if (rows.length === 0 && named === undefined) continue;
    if (rows.length === 0) throw badRequest(`The sheet "${sheet}" is empty`);
    return buildProposal(
      { ...emptyBase(upload), sheet },
      rows.slice(0, SNIFF_ROWS),
      choices.has_header,
      existing,
    );
  }
  throw badRequest(`Every sheet of "${upload.fileName}" is empty`);
}

/**
 * Reads the start of an upload (`head`: its first SNIFF_BYTES when the caller read them already)
 * and proposes how to import it. A statement (recognised by its content, whatever its name: an
 * M-Pesa .csv too) gets the fixed statement columns.
 */
export async function proposeImport(
  store: FileStore,
  upload: StoredUpload,
  choices: ImportProposalInput,
  existing: TableColumn[] | null,
  head?: Buffer,
): Promise<ImportProposal> {
  if (upload.content.format === 'xlsx') return proposeXlsx(store, upload, choices, existing);
  const start = head ?? (await readHead(store, upload.relativePath));
  if (upload.content.format === 'csv') return proposeCsv(store, upload, choices, existing, start);
  const text = new TextDecoder(upload.content.encoding).decode(start, { stream: true });
  const statement = await detectStatement({ head: text, fileName: upload.fileName });
  if (statement) return proposeStatement(store, upload, statement, choices, existing, start);
  throw badRequest(
    `"${upload.fileName}" is not a statement this app reads (M-Pesa CSV, camt.053/054, MT940, OFX/QFX, QIF)`,
  );
}

/**
 * One side of the run from a file, whatever it is: a statement (M-Pesa CSV/XLSX/PDF, camt.053/054,
 * MT940, OFX: recognised by content) or a CSV/XLSX ledger read through a column map. A map given
 * on the command line always reads the file as a ledger.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { detectStatementFormat } from '@counterpart/statements';
import type { DecimalSeparator } from './amount-column.ts';
import { DataError } from './cli-errors.ts';
import type { ColumnMap } from './column-map.ts';
import { readLedgerCsv } from './ledger-csv.ts';
import { LedgerRows } from './ledger-rows.ts';
import type { SideRead } from './side-read.ts';
import { readMpesaPdf, readStatementSide, rowsToCsv } from './statement-side.ts';

export interface SideOptions {
  map?: ColumnMap;
  currency: string;
  decimal?: DecimalSeparator;
  pdfPassword?: string;
}

const HEAD_BYTES = 64 * 1024;
/** Statements are read whole (their readers take text); beyond this a file is not a statement. */
const MAX_STATEMENT_BYTES = 256 * 1024 * 1024;

function readHead(file: string): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const head = new Uint8Array(HEAD_BYTES);
    return head.subarray(0, readSync(fd, head, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  return [...text].every((char, index) => bytes[index] === char.charCodeAt(0));
}

export async function readSide(file: string, options: SideOptions): Promise<SideRead> {
  const fileName = path.basename(file);
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new DataError(`${file}: not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof DataError) throw error;
    throw new DataError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const head = readHead(file);
  if (startsWith(head, '%PDF-')) {
    return readMpesaPdf(file, fileName, options.currency, options.pdfPassword);
  }
  if (startsWith(head, 'PK\u0003\u0004')) return readXlsx(file, fileName, options);
  const ledger = { fileName, currency: options.currency, ...pick(options) };
  if (options.map) return readLedgerCsv(file, head, ledger);
  const headText = new TextDecoder().decode(head);
  const format = detectStatementFormat(headText, fileName);
  if (!format) return readLedgerCsv(file, head, ledger);
  if (size > MAX_STATEMENT_BYTES) {
    throw new DataError(`${fileName}: a statement larger than 256 MB; split it or export it as a CSV ledger`);
  }
  const { readFileSync } = await import('node:fs');
  return readStatementSide(readFileSync(file, 'utf8'), fileName, options.currency, format);
}

function pick(options: SideOptions): { map?: ColumnMap; decimal?: DecimalSeparator } {
  return {
    ...(options.map ? { map: options.map } : {}),
    ...(options.decimal ? { decimal: options.decimal } : {}),
  };
}

const MPESA_HEADER = (fields: string[]) =>
  fields.some((field) => /^receipt no\.?$/i.test(field.trim())) &&
  fields.some((field) => /^completion time$/i.test(field.trim()));

/** The first sheet of a workbook: an M-Pesa statement (its header) or a ledger. */
async function readXlsx(file: string, fileName: string, options: SideOptions): Promise<SideRead> {
  const { createReadStream } = await import('node:fs');
  const { readXlsxRows } = await import('@counterpart/files');
  const batches = readXlsxRows(createReadStream(file), null);
  const ledger = new LedgerRows(
    { fileName, currency: options.currency, ...pick(options) },
    'XLSX ledger (first sheet)',
  );
  type Row = { fields: string[]; line: number };
  const held: Row[] = [];
  let mode: 'undecided' | 'statement' | 'ledger' = options.map ? 'ledger' : 'undecided';
  const toLedger = (row: Row) => {
    if (!ledger.hasHeader) ledger.setHeader(row.fields);
    else ledger.addRow(row.fields, row.line);
  };
  for await (const batch of batches) {
    for (const row of batch) {
      if (mode === 'ledger') {
        toLedger(row);
        continue;
      }
      held.push(row);
      if (mode === 'undecided' && MPESA_HEADER(row.fields)) mode = 'statement';
      else if (mode === 'undecided' && held.length >= 40) {
        mode = 'ledger';
        held.forEach(toLedger);
        held.length = 0;
      }
    }
  }
  if (mode === 'statement') {
    return readStatementSide(rowsToCsv(held), fileName, options.currency, 'mpesa_csv', 'XLSX ');
  }
  held.forEach(toLedger);
  if (!ledger.hasHeader) throw new DataError(`${fileName}: the first sheet is empty`);
  return ledger.finish();
}

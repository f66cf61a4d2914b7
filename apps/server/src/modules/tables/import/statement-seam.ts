import type { ImportQifDateFormat } from '@counterpart/contracts';
import { formatBytes } from '@counterpart/files';
import {
  decodeStatementBytes,
  detectStatementFormat,
  readStatement,
  type StatementReadResult,
  UnknownStatementFormatError,
} from '@counterpart/statements';

/**
 * The seam where bank statement files (M-Pesa CSV, camt.053/054, MT940, OFX/QFX, QIF) join the
 * import: detection from the file's head (and name), and reading a whole statement with
 * packages/statements. Statements are small (a month of a busy account is a few MB), so they are
 * read whole, up to MAX_STATEMENT_BYTES.
 */
export interface StatementSniff {
  /** The file's first ~64 KB as text (BOM dropped). */
  head: string;
  fileName: string;
}

/** The largest statement file read (whole, in memory). */
export const MAX_STATEMENT_BYTES = 25 * 1024 * 1024;

/** The statement format of a file (mpesa_csv, camt053, camt054, mt940, ofx, qif), or null. */
export async function detectStatement(file: StatementSniff): Promise<string | null> {
  return detectStatementFormat(file.head, file.fileName);
}

/** A statement that cannot be imported, with a message for the user (lines named). */
export class StatementReadError extends Error {
  constructor(
    message: string,
    readonly lineErrors: Array<{ line: number; message: string }> = [],
  ) {
    super(message);
    this.name = 'StatementReadError';
  }
}

export function statementTooLarge(fileName: string): StatementReadError {
  return new StatementReadError(
    `"${fileName}" is larger than ${formatBytes(MAX_STATEMENT_BYTES)}, the most read for a statement: split it into shorter periods`,
  );
}

const SHOWN_ERRORS = 5;

/**
 * Reads a whole statement file, keeping the readers' errors in the result (the proposal shows what
 * could be read). Throws StatementReadError when the file is too large or not a statement.
 */
export function readStatementLeniently(
  bytes: Uint8Array,
  fileName: string,
  qifDateFormat: ImportQifDateFormat | null,
): StatementReadResult {
  if (bytes.length > MAX_STATEMENT_BYTES) throw statementTooLarge(fileName);
  const text = decodeStatementBytes(bytes);
  const format = detectStatementFormat(text, fileName);
  try {
    return readStatement(text, {
      fileName,
      ...(format ? { format } : {}),
      ...(qifDateFormat ? { qifDateFormat } : {}),
    });
  } catch (error) {
    if (error instanceof UnknownStatementFormatError) throw new StatementReadError(error.message);
    throw error;
  }
}

/**
 * Reads a whole statement file for importing. Throws StatementReadError when a QIF file comes
 * without its date layout, or when any entry cannot be read (the readers' messages name the
 * lines): a statement goes in whole or not at all.
 */
export function readStatementBytes(
  bytes: Uint8Array,
  fileName: string,
  qifDateFormat: ImportQifDateFormat | null,
): StatementReadResult {
  const result = readStatementLeniently(bytes, fileName, qifDateFormat);
  if (result.format === 'qif' && !qifDateFormat) throw qifNeedsDateFormat(fileName);
  if (result.errors.length > 0) {
    const shown = result.errors.slice(0, SHOWN_ERRORS).map((e) => e.message);
    const more = result.errors.length - shown.length;
    throw new StatementReadError(
      `"${fileName}" has ${result.errors.length} ${result.errors.length === 1 ? 'entry' : 'entries'} that cannot be read: ${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`,
      result.errors,
    );
  }
  return result;
}

export function qifNeedsDateFormat(fileName: string): StatementReadError {
  return new StatementReadError(
    `"${fileName}" is a QIF file, which does not say how its dates are written: choose its date format (dd/mm/yyyy, mm/dd/yyyy or yyyy-mm-dd)`,
  );
}

/** The statement's currency: the file's, else its first statement's or transaction's, else KES. */
export function statementCurrency(result: StatementReadResult): string {
  return (
    result.currency ??
    result.statements.find((s) => s.currency)?.currency ??
    result.transactions[0]?.currency ??
    'KES'
  );
}

/** Human names of the statement formats, for messages. */
export const STATEMENT_FORMAT_NAMES: Record<string, string> = {
  mpesa_csv: 'M-Pesa',
  camt053: 'camt.053',
  camt054: 'camt.054',
  mt940: 'MT940',
  ofx: 'OFX',
  qif: 'QIF',
};

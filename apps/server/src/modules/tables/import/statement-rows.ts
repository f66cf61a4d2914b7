import type { Readable } from 'node:stream';
import type {
  ImportLineError,
  ImportQifDateFormat,
  ImportWarning,
  TableColumn,
} from '@counterpart/contracts';
import { fromMinorUnits } from '@counterpart/domain';
import type { SourceRow } from '@counterpart/files';
import { minorDigits, type StatementTransaction } from '@counterpart/statements';
import { columnCurrency } from '../cell-values.ts';
import { transactionAmountText, transactionCells } from './statement-proposal.ts';
import { MAX_STATEMENT_BYTES, readStatementBytes, statementTooLarge } from './statement-seam.ts';

/** A statement row for the import loop: the fixed cells then the duplicate key, or a refusal. */
export interface StatementSourceRow extends SourceRow {
  refusal?: ImportLineError;
}

const GROUP = 500;

/** The whole stream, refused past `limit` bytes. */
async function readWhole(input: Readable, limit: number, fileName: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > limit) throw statementTooLarge(fileName);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The amount in the target column's minor digits, exactly: more digits multiply, fewer must divide
 * without a remainder (a row in BHD, 3 digits, into a 2-digit column keeps "1.230" but not "1.234").
 * Null when it cannot be represented exactly.
 */
export function amountInDecimals(tx: StatementTransaction, decimals: number): string | null {
  const own = minorDigits(tx.currency);
  let minor = BigInt(tx.amount_minor);
  if (decimals >= own) {
    minor *= 10n ** BigInt(decimals - own);
  } else {
    const factor = 10n ** BigInt(own - decimals);
    if (minor % factor !== 0n) return null;
    minor /= factor;
  }
  return fromMinorUnits(minor, decimals);
}

/** One transaction as the import loop's row (line = the entry's line in the file). */
export function statementRow(tx: StatementTransaction, amountColumn: TableColumn | null): StatementSourceRow {
  let amount = transactionAmountText(tx);
  if (amountColumn?.type === 'currency') {
    const { currency, decimals } = columnCurrency(amountColumn);
    const exact = amountInDecimals(tx, decimals);
    if (exact === null) {
      return {
        fields: [],
        line: tx.line,
        refusal: {
          line: tx.line,
          column: amountColumn.name,
          value: `${amount} ${tx.currency}`,
          message: `${amount} ${tx.currency} cannot be stored exactly in "${amountColumn.name}" (${currency}, ${decimals} decimals)`,
        },
      };
    }
    amount = exact;
  }
  return { fields: [...transactionCells(tx, amount), tx.external_key], line: tx.line };
}

/**
 * Reads a whole statement (StatementReadError when it has entries in error, or is a QIF without
 * its date layout: nothing goes in), puts its warnings (balance mismatches…) into `warnings`, and
 * yields its transactions as rows in groups.
 */
export async function* readStatementRows(
  input: Readable,
  fileName: string,
  qifDateFormat: ImportQifDateFormat | null,
  amountColumn: TableColumn | null,
  warnings: ImportWarning[],
): AsyncGenerator<StatementSourceRow[]> {
  let bytes: Buffer;
  try {
    bytes = await readWhole(input, MAX_STATEMENT_BYTES, fileName);
  } finally {
    input.destroy();
  }
  const result = readStatementBytes(bytes, fileName, qifDateFormat);
  for (const warning of result.warnings) {
    warnings.push({
      code: warning.code,
      message: warning.message,
      ...(warning.line !== undefined ? { line: warning.line } : {}),
    });
  }
  for (let start = 0; start < result.transactions.length; start += GROUP) {
    yield result.transactions.slice(start, start + GROUP).map((tx) => statementRow(tx, amountColumn));
  }
}

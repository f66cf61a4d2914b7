import {
  IMPORT_QIF_DATE_FORMATS,
  type ImportMappingEntry,
  type ImportProposal,
  type ImportQifDateFormat,
  type ImportSourceColumn,
  type TableColumn,
} from '@counterpart/contracts';
import { fromMinorUnits } from '@counterpart/domain';
import { minorDigits, type StatementReadResult, type StatementTransaction } from '@counterpart/statements';
import { badRequest } from '../../../errors.ts';
import { SAMPLE_ROWS } from './import-limits.ts';
import type { ProposalBase } from './proposal.ts';
import { readStatementLeniently, StatementReadError, statementCurrency } from './statement-seam.ts';

/** The fixed, normalised columns of every statement import (source index = position). */
export const STATEMENT_COLUMNS = [
  { header: 'Date', type: 'date' },
  { header: 'Value date', type: 'date' },
  { header: 'Amount', type: 'currency' },
  { header: 'Currency', type: 'text' },
  { header: 'Reference', type: 'text' },
  { header: 'Counterparty', type: 'text' },
  { header: 'Narrative', type: 'text' },
  { header: 'Bank reference', type: 'text' },
  /** The payer's (or payee's) phone or till as the statement gives it, masked or full (M-Pesa). */
  { header: 'Counterparty phone', type: 'text' },
] as const;

/** Source index of the amount (the one column whose value is converted to the target's decimals). */
export const AMOUNT_SOURCE = 2;
/** Rows of a statement carry their duplicate key after the fixed columns. */
export const KEY_SOURCE = STATEMENT_COLUMNS.length;

/** The amount as a plain decimal in its own currency's minor digits ("-42746.00"). */
export function transactionAmountText(tx: StatementTransaction): string {
  return fromMinorUnits(BigInt(tx.amount_minor), minorDigits(tx.currency));
}

/** A transaction as the text cells of the fixed columns. */
export function transactionCells(tx: StatementTransaction, amountText: string): string[] {
  return [
    tx.booking_date,
    tx.value_date ?? '',
    amountText,
    tx.currency,
    tx.reference,
    tx.counterparty,
    tx.narrative,
    tx.bank_reference,
    tx.extra?.counterparty_number ?? '',
  ];
}

function normalName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * Reads the statement, keeping entries in error out (the import of such a file fails, naming
 * them); a QIF with the chosen layout, or without a choice with the first layout that reads every
 * entry (null when none does: the samples wait until the user picks one).
 */
function readForProposal(
  bytes: Uint8Array,
  fileName: string,
  format: string,
  qifChoice: ImportQifDateFormat | undefined,
): StatementReadResult | null {
  if (format !== 'qif' || qifChoice) return readStatementLeniently(bytes, fileName, qifChoice ?? null);
  for (const layout of IMPORT_QIF_DATE_FORMATS) {
    const result = readStatementLeniently(bytes, fileName, layout);
    if (result.errors.length === 0) return result;
  }
  return null;
}

/**
 * The proposal of a statement file: the whole file is read (entries in error are left out of the
 * samples; confirming such a file fails, naming them), the fixed columns with the statement's
 * currency on Amount, samples from the first transactions, and a mapping to the same-named columns
 * of an existing table, or new columns (created at confirm) for those it lacks — except a column
 * that no transaction fills (an M-Pesa file's value date), skipped and noted so.
 */
export function buildStatementProposal(
  base: ProposalBase,
  fileName: string,
  bytes: Uint8Array,
  format: string,
  qifChoice: ImportQifDateFormat | undefined,
  existing: TableColumn[] | null,
): ImportProposal {
  let result: StatementReadResult | null;
  try {
    result = readForProposal(bytes, fileName, format, qifChoice);
  } catch (error) {
    if (error instanceof StatementReadError) throw badRequest(error.message);
    throw error;
  }
  const currency = result ? statementCurrency(result) : 'KES';
  const transactions = result?.transactions ?? [];
  const cells = transactions.map((tx) => transactionCells(tx, transactionAmountText(tx)));
  // A column no transaction of this file fills (M-Pesa has no value date) is offered unchecked.
  const empty = new Set(
    STATEMENT_COLUMNS.map((_, index) => index).filter(
      (index) => cells.length > 0 && cells.every((row) => (row[index] ?? '') === ''),
    ),
  );
  const columns: ImportSourceColumn[] = STATEMENT_COLUMNS.map((c, index) => ({
    index,
    header: c.header,
    guessed_type: c.type,
    currency: c.type === 'currency' ? currency : null,
    date_format: c.type === 'date' ? 'yyyy-mm-dd' : null,
    note: empty.has(index) ? 'Empty in every transaction of this file: skipped' : null,
  }));
  const mapping = columns.map((column): ImportMappingEntry => {
    if (empty.has(column.index)) return { source: column.index, skip: true };
    const match = existing?.find(
      (c) => normalName(c.name) === normalName(column.header) && c.type !== 'link',
    );
    if (match) return { source: column.index, column_id: match.id };
    return {
      source: column.index,
      new_column: {
        name: column.header,
        type: column.guessed_type,
        ...(column.currency ? { currency, decimals: minorDigits(currency) } : {}),
      },
    };
  });
  const sample_rows = cells.slice(0, SAMPLE_ROWS);
  return {
    ...base,
    format: 'statement',
    statement_format: result?.format ?? format,
    delimiter: null,
    line_endings: null,
    has_header: true,
    columns,
    sample_rows,
    mapping,
    ...(format === 'qif' ? { qif_date_format: qifChoice ?? null } : {}),
  };
}

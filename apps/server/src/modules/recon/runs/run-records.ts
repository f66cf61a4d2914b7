import type { SideFields, TableColumn } from '@counterpart/contracts';
import { proposedAmountColumn, proposedCounterpartyColumn, proposedDateColumn } from '@counterpart/domain';
import { type EngineRecord, parseDay } from '@counterpart/recon-engine';
import { badRequest } from '../../../errors.ts';
import { cellText, columnCurrency } from '../../tables/tables-reader.service.ts';

/**
 * Table rows as the engine's records: which columns are the amount, date, reference… of a side
 * (given, else inferred) and how one row's cells read as an EngineRecord. Shared by runs, manual
 * matches and the workspace (and srv-money's allocations from items).
 */

export type SideLabel = 'left' | 'right';

function columnIn(columns: TableColumn[], id: string, field: string, tableName: string): TableColumn {
  const column = columns.find((c) => c.id === id);
  if (!column) throw badRequest('Unknown column', { [field]: `Table "${tableName}" has no column ${id}` });
  return column;
}

/** The amount column: the given one (currency or number), else the one its name proposes (`proposedAmountColumn`). */
export function amountColumnOf(
  columns: TableColumn[],
  tableName: string,
  given?: string,
  field = 'amount_column',
): TableColumn | null {
  if (given) {
    const column = columnIn(columns, given, field, tableName);
    if (column.type !== 'currency' && column.type !== 'number') {
      throw badRequest('Not an amount column', {
        [field]: `Column "${column.name}" of "${tableName}" is ${column.type}, not an amount (currency or number)`,
      });
    }
    return column;
  }
  return proposedAmountColumn(columns);
}

/** The date column: the given one, else the one its name proposes (`proposedDateColumn`). */
export function dateColumnOf(
  columns: TableColumn[],
  tableName: string,
  given?: string,
  field = 'date_column',
): TableColumn | null {
  if (given) {
    const column = columnIn(columns, given, field, tableName);
    if (column.type !== 'date') {
      throw badRequest('Not a date column', {
        [field]: `Column "${column.name}" of "${tableName}" is ${column.type}, not a date`,
      });
    }
    return column;
  }
  return proposedDateColumn(columns);
}

/**
 * A side's fields as a run reads them: given ones are checked, missing ones inferred (amount, date and
 * counterparty by their types and names — `@counterpart/domain`'s side-columns —, reference = the
 * mapping's columns of this side, else the text columns; a counterparty given as null means none).
 * Refuses a side with no amount or no date column, naming the table.
 */
export function resolveSideFields(
  columns: TableColumn[],
  tableName: string,
  side: SideLabel,
  given: SideFields | undefined,
  mappingColumns: string[] = [],
): SideFields {
  const prefix = `${side}_fields`;
  const amount = amountColumnOf(columns, tableName, given?.amount, `${prefix}.amount`);
  if (!amount) {
    throw badRequest(`Table "${tableName}" has no amount column`, {
      [`${prefix}.amount`]: 'Add a currency column or name the amount column',
    });
  }
  const date = dateColumnOf(columns, tableName, given?.date, `${prefix}.date`);
  if (!date) {
    throw badRequest(`Table "${tableName}" has no date column`, {
      [`${prefix}.date`]: 'Add a date column or name the date column',
    });
  }
  const check = (id: string | undefined, field: string) => {
    if (id !== undefined) columnIn(columns, id, `${prefix}.${field}`, tableName);
    return id;
  };
  if (given?.value_date) dateColumnOf(columns, tableName, given.value_date, `${prefix}.value_date`);
  const reference =
    given?.reference ??
    (mappingColumns.length > 0
      ? mappingColumns
      : columns.filter((c) => c.type === 'text' || c.type === 'single_select').map((c) => c.id));
  reference.forEach((id, i) => {
    check(id, `reference[${i}]`);
  });
  (given?.text ?? []).forEach((id, i) => {
    check(id, `text[${i}]`);
  });
  const fields: SideFields = { amount: amount.id, date: date.id, reference };
  if (given?.value_date) fields.value_date = given.value_date;
  const counterparty =
    given?.counterparty === undefined ? proposedCounterpartyColumn(columns)?.id : given.counterparty;
  if (counterparty !== null && check(counterparty, 'counterparty')) fields.counterparty = counterparty;
  if (given?.text) fields.text = given.text;
  if (check(given?.currency, 'currency')) fields.currency = given?.currency;
  return fields;
}

const MAJOR_EXACT = /^(-?)(\d{1,16})(?:\.(\d+))?$/;

/**
 * A stored amount cell in minor units: a currency cell is already minor units (a string); a number
 * cell is major units and must be exact in the column's decimals (12.345 with 2 decimals is refused).
 */
export function amountOfCell(
  column: TableColumn,
  stored: unknown,
): { ok: true; amount: bigint } | { ok: false; reason: string } {
  if (stored === null || stored === undefined || stored === '') return { ok: false, reason: 'no amount' };
  if (column.type === 'currency') {
    const text = String(stored);
    return /^-?\d{1,18}$/.test(text)
      ? { ok: true, amount: BigInt(text) }
      : { ok: false, reason: `amount "${text}" is not whole minor units` };
  }
  if (column.type === 'number') {
    const decimals = column.decimals ?? 2;
    const text = String(stored);
    const match = MAJOR_EXACT.exec(text);
    const fraction = (match?.[3] ?? '').replace(/0+$/, '');
    if (!match || fraction.length > decimals) {
      return { ok: false, reason: `amount ${text} is not exact in ${decimals} decimals` };
    }
    const minor = BigInt(`${match[2]}${fraction.padEnd(decimals, '0')}`);
    return { ok: true, amount: match[1] === '-' ? -minor : minor };
  }
  return { ok: false, reason: `column "${column.name}" is not an amount` };
}

/** The currency of a side: a text column of ISO codes for this row, else the amount column's. */
export function currencyOf(amountColumn: TableColumn, defaultCurrency: string): string {
  if (amountColumn.type === 'currency') return columnCurrency(amountColumn).currency;
  return amountColumn.currency ?? defaultCurrency;
}

/** How a side's rows are read: the resolved columns, looked up once. */
export interface SideReader {
  amount: TableColumn;
  date: TableColumn;
  valueDate: TableColumn | null;
  reference: TableColumn[];
  text: TableColumn[];
  counterparty: TableColumn | null;
  currency: TableColumn | null;
  defaultCurrency: string;
}

export function sideReader(columns: TableColumn[], fields: SideFields, defaultCurrency: string): SideReader {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const pick = (id: string | null | undefined) => (id ? (byId.get(id) ?? null) : null);
  const amount = pick(fields.amount);
  const date = pick(fields.date);
  if (!amount || !date) throw new Error('Side fields are not resolved');
  return {
    amount,
    date,
    valueDate: pick(fields.value_date),
    reference: (fields.reference ?? []).flatMap((id) => pick(id) ?? []),
    text: (fields.text ?? []).flatMap((id) => pick(id) ?? []),
    counterparty: pick(fields.counterparty),
    currency: pick(fields.currency),
    defaultCurrency: currencyOf(amount, defaultCurrency),
  };
}

function joinedText(columns: TableColumn[], values: Record<string, unknown>): string {
  return columns
    .map((column) => cellText(column, values[column.id]))
    .filter((text) => text !== '')
    .join(' ');
}

export type RecordRead = { ok: true; record: EngineRecord } | { ok: false; reason: string };

/** One row as an EngineRecord, or why it cannot take part (no amount, bad date). */
export function recordOf(
  reader: SideReader,
  row: { id: string; values: Record<string, unknown> },
): RecordRead {
  const amount = amountOfCell(reader.amount, row.values[reader.amount.id]);
  if (!amount.ok) return amount;
  const dateText = row.values[reader.date.id];
  const date = typeof dateText === 'string' ? parseDay(dateText) : null;
  if (date === null) {
    return { ok: false, reason: dateText ? `date "${String(dateText)}" is not a date` : 'no date' };
  }
  const codeText = reader.currency ? String(row.values[reader.currency.id] ?? '').trim() : '';
  const currency = /^[A-Za-z]{3}$/.test(codeText) ? codeText.toUpperCase() : reader.defaultCurrency;
  const record: EngineRecord = {
    id: row.id,
    amount: amount.amount,
    currency,
    date,
    reference: joinedText(reader.reference, row.values),
  };
  if (reader.valueDate) {
    const value = row.values[reader.valueDate.id];
    const day = typeof value === 'string' ? parseDay(value) : null;
    if (day !== null) record.value_date = day;
  }
  if (reader.counterparty)
    record.counterparty = cellText(reader.counterparty, row.values[reader.counterparty.id]);
  if (reader.text.length > 0) record.text = joinedText(reader.text, row.values);
  return { ok: true, record };
}

import type {
  ImportDateFormat,
  ImportDecimalSeparator,
  ImportLineError,
  TableColumn,
} from '@counterpart/contracts';
import { NOT_AN_AMOUNT, parseAmount } from '@counterpart/domain';
import type { SourceRow } from '@counterpart/files';
import { keepsSourceText, setSourceText } from '../cell-source-text.ts';
import { columnCurrency, parseCell, type StoredCell } from '../cell-values.ts';
import { toIsoDate } from './date-formats.ts';
import { plainNumberCell } from './fast-cells.ts';

/** A source column and the table column it fills. */
export interface MappedColumn {
  source: number;
  column: TableColumn;
  dateFormat: ImportDateFormat | null;
  /**
   * Currency columns read exactly (CSV): the decimal separator of the file's column; a value that
   * does not read exactly with it and the column's decimals is refused. Null: the spec §5 cleaning.
   */
  decimal?: ImportDecimalSeparator | null;
}

export interface RowPlan {
  /** Source columns of the file (the header's width). */
  width: number;
  /** CSV: a row with another number of values is refused (XLSX leaves trailing empty cells out). */
  strictWidth: boolean;
  columns: MappedColumn[];
  keySource: number | null;
}

export type ConvertedRow =
  | { ok: true; values: Record<string, unknown>; key: string | null }
  | { ok: false; error: ImportLineError };

const MAX_ERROR_VALUE = 200;

function lineError(line: number, column: string | null, value: string | null, message: string): ConvertedRow {
  return { ok: false, error: { line, column, value: value?.slice(0, MAX_ERROR_VALUE) ?? null, message } };
}

function widthError(row: SourceRow, plan: RowPlan): ConvertedRow | null {
  const { fields } = row;
  if (fields.length > plan.width && fields.slice(plan.width).some((field) => field.trim() !== '')) {
    return lineError(
      row.line,
      null,
      null,
      `Has ${fields.length} values where the file has ${plan.width} columns (check the delimiter and quotes)`,
    );
  }
  if (plan.strictWidth && fields.length < plan.width) {
    return lineError(
      row.line,
      null,
      null,
      `Has ${fields.length} values where the file has ${plan.width} columns (check the delimiter and quotes)`,
    );
  }
  return null;
}

function dateCell(raw: string, format: ImportDateFormat | null): string | null {
  const text = raw.trim();
  return (
    toIsoDate(text, format ?? 'yyyy-mm-dd') ??
    (format === 'yyyy-mm-dd' ? null : toIsoDate(text, 'yyyy-mm-dd'))
  );
}

/** A currency cell read exactly with its column's decimal separator (domain's parseAmount). */
function exactAmountCell(
  column: TableColumn,
  raw: string,
  decimal: ImportDecimalSeparator,
): { ok: true; value: StoredCell } | { ok: false; error: string } {
  // A plain "1234.5" reads the same with a decimal point, through the fast path.
  const plain = decimal === '.' ? plainNumberCell(column, raw) : undefined;
  if (plain !== undefined) return { ok: true, value: plain };
  const { currency, decimals } = columnCurrency(column);
  const reading = parseAmount(raw, { decimal, digits: decimals, currency });
  if (reading.ok) return { ok: true, value: reading.minor.toString() };
  if (reading.reason === NOT_AN_AMOUNT) return { ok: false, error: `"${raw}" is not an amount` };
  const separator = decimal === '.' ? 'decimal point' : 'decimal comma';
  return {
    ok: false,
    error: `"${raw}" is not an amount in ${currency} with a ${separator}: ${reading.reason}`,
  };
}

/**
 * Converts one row of the file into stored cells with the tables module's own validation
 * (currency exactly with the column's decimal separator when the plan has one, else through the
 * spec §5 cleaning; dates from the column's layout to yyyy-mm-dd). The first value that does not
 * convert refuses the row, naming its line, column and reason.
 */
export function convertRow(plan: RowPlan, row: SourceRow): ConvertedRow {
  const refused = widthError(row, plan);
  if (refused) return refused;
  const values: Record<string, unknown> = {};
  for (const { source, column, dateFormat, decimal } of plan.columns) {
    const raw = row.fields[source] ?? '';
    if (raw.trim() === '') continue;
    const cell = convertCell(column, raw, dateFormat, decimal);
    if (!cell.ok) return lineError(row.line, column.name, raw, cell.error);
    if (cell.value === null) continue;
    values[column.id] = cell.value;
    if (keepsSourceText(column, raw, cell.value)) setSourceText(values, column.id, raw.trim());
  }
  const key = plan.keySource === null ? '' : (row.fields[plan.keySource] ?? '').trim();
  return { ok: true, values, key: key === '' ? null : key };
}

/** One cell's stored form, or why the value does not convert. */
function convertCell(
  column: TableColumn,
  raw: string,
  dateFormat: ImportDateFormat | null,
  decimal: ImportDecimalSeparator | null | undefined,
): { ok: true; value: StoredCell } | { ok: false; error: string } {
  const plain = decimal === ',' && column.type === 'currency' ? undefined : plainNumberCell(column, raw);
  if (plain !== undefined) return { ok: true, value: plain };
  if (column.type === 'currency' && decimal) {
    return exactAmountCell(column, raw, decimal);
  }
  if (column.type === 'date') {
    const iso = dateCell(raw, dateFormat);
    if (iso === null) return { ok: false, error: `"${raw}" is not a date as ${dateFormat ?? 'yyyy-mm-dd'}` };
    return { ok: true, value: iso };
  }
  return parseCell(column, raw);
}

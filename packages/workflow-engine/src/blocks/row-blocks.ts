import { cleanAmount, compareAmounts } from './amounts.ts';
import { noSuchColumn, readColumn, readColumns, readJson, readText } from './block-params.ts';
import { BlockParameterError, cellOf, ITEM_ID_FIELD, itemIdOf, type RowSet, setCell } from './row-set.ts';

/**
 * The row blocks of the catalog (`filter_rows`, `deduplicate`, `map_columns`, `clean_currency`):
 * pure functions of the input rows and the node's parameters. None changes its input; each makes
 * one pass over the rows. Filter and deduplicate pass the input's row objects on as they are.
 */

export const FILTER_OPERATORS = [
  'equals',
  'contains',
  'greater_than',
  'less_than',
  'is_empty',
  'is_not_empty',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const fold = (text: string | null) => (text ?? '').trim().toLowerCase();

function readOperator(params: Record<string, unknown>): FilterOperator {
  const operator =
    params.operator === undefined || params.operator === null || params.operator === ''
      ? 'equals'
      : params.operator;
  if (!FILTER_OPERATORS.includes(operator as FilterOperator)) {
    throw new BlockParameterError(
      'operator',
      `Unknown condition "${String(operator)}": use one of ${FILTER_OPERATORS.join(', ')}`,
    );
  }
  return operator as FilterOperator;
}

/** Builds the test for `greater_than` / `less_than`: amounts exactly, else ISO dates, else no match. */
function orderTest(value: string, wanted: 1 | -1): (cell: string | null) => boolean {
  const target = value.trim();
  const targetIsDate = ISO_DATE.test(target);
  if (compareAmounts(target, '0') === null && !targetIsDate) {
    throw new BlockParameterError('value', `"${value}" is neither an amount nor a date (YYYY-MM-DD)`);
  }
  return (cell) => {
    if (cell === null) return false;
    const text = cell.trim();
    const amounts = compareAmounts(text, target);
    if (amounts !== null) return amounts === wanted;
    if (!targetIsDate || !ISO_DATE.test(text)) return false;
    return (text < target ? -1 : text > target ? 1 : 0) === wanted;
  };
}

/**
 * `filter_rows`: rows whose `column` meets the condition go to `rows`, the others to `rest`.
 * equals / contains compare text case-insensitively after trimming; greater_than / less_than compare
 * exact amounts when both sides are amounts, else dates when both are YYYY-MM-DD, else the row is
 * not matched; is_empty matches null or blank text.
 */
export function filterRows(input: RowSet, params: Record<string, unknown>): { rows: RowSet; rest: RowSet } {
  const column = readColumn(input, params, 'column');
  const operator = readOperator(params);
  let test: (cell: string | null) => boolean;
  if (operator === 'is_empty') test = (cell) => fold(cell) === '';
  else if (operator === 'is_not_empty') test = (cell) => fold(cell) !== '';
  else {
    const value = readText(params, 'value');
    if (value === undefined) {
      throw new BlockParameterError('value', `Give the value to compare with (or use "is empty")`);
    }
    const target = fold(value);
    if (operator === 'equals') test = (cell) => fold(cell) === target;
    else if (operator === 'contains') test = (cell) => fold(cell).includes(target);
    else test = orderTest(value, operator === 'greater_than' ? 1 : -1);
  }
  const matching: RowSet['rows'] = [];
  const rest: RowSet['rows'] = [];
  for (const row of input.rows) (test(cellOf(row, column)) ? matching : rest).push(row);
  return {
    rows: { columns: [...input.columns], rows: matching },
    rest: { columns: [...input.columns], rows: rest },
  };
}

/**
 * `deduplicate`: keeps the first row of each key (the `columns`' values trimmed and lower-cased;
 * empty and null are the same); later rows with that key go to `duplicates`.
 */
export function deduplicateRows(
  input: RowSet,
  params: Record<string, unknown>,
): { rows: RowSet; duplicates: RowSet } {
  const columns = readColumns(input, params, 'columns');
  const seen = new Set<string>();
  const unique: RowSet['rows'] = [];
  const duplicates: RowSet['rows'] = [];
  for (const row of input.rows) {
    const key =
      columns.length === 1
        ? fold(cellOf(row, columns[0]!))
        : JSON.stringify(columns.map((c) => fold(cellOf(row, c))));
    if (seen.has(key)) duplicates.push(row);
    else {
      seen.add(key);
      unique.push(row);
    }
  }
  return {
    rows: { columns: [...input.columns], rows: unique },
    duplicates: { columns: [...input.columns], rows: duplicates },
  };
}

function readMapping(input: RowSet, params: Record<string, unknown>): Array<{ from: string; to: string }> {
  const mapping = readJson(params, 'mapping');
  if (!Array.isArray(mapping) || mapping.length === 0) {
    throw new BlockParameterError(
      'mapping',
      'List at least one column, as [{ "from": "Txn Ref", "to": "reference" }]',
    );
  }
  const known = new Set(input.columns);
  const targets = new Set<string>();
  return mapping.map((entry: unknown) => {
    const { from, to } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<
      string,
      unknown
    >;
    if (typeof from !== 'string' || typeof to !== 'string') {
      throw new BlockParameterError('mapping', 'Each column needs a "from" and a "to" name');
    }
    if (!known.has(from)) throw new BlockParameterError('mapping', noSuchColumn(from));
    const name = to.trim();
    if (name === '') throw new BlockParameterError('mapping', `Give "${from}" a new name`);
    if (targets.has(name)) throw new BlockParameterError('mapping', `Two columns are named "${name}"`);
    targets.add(name);
    return { from, to: name };
  });
}

/**
 * `map_columns`: the `mapping`'s columns (`[{ from, to }]`, or its JSON text) renamed, in the
 * mapping's order; columns not listed are dropped. A column may be listed twice under two names.
 */
export function mapColumns(input: RowSet, params: Record<string, unknown>): { rows: RowSet } {
  const mapping = readMapping(input, params);
  const rows = input.rows.map((row) => {
    const mapped: Record<string, string | null> = {};
    for (const { from, to } of mapping) setCell(mapped, to, cellOf(row, from));
    // The hidden item id stays with its row, unless a column of that name was mapped.
    const item = itemIdOf(row);
    if (item && !Object.hasOwn(mapped, ITEM_ID_FIELD)) mapped[ITEM_ID_FIELD] = item;
    return mapped;
  });
  return { rows: { columns: mapping.map(({ to }) => to), rows } };
}

/** A cell `clean_currency` could not read, left as it was. `row` is the row's index in the input (0 = first). */
export interface CurrencyProblem {
  row: number;
  column: string;
  value: string;
  reason: string;
}

function readCurrency(params: Record<string, unknown>): string {
  const currency = params.currency ?? 'KES';
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency.trim())) {
    throw new BlockParameterError('currency', 'Give a three-letter currency code, such as KES');
  }
  return currency.trim().toUpperCase();
}

/**
 * `clean_currency`: each of the `columns`' values becomes a plain decimal with exactly the
 * `currency`'s minor digits (`"(1,234.50)"` → `"-1234.50"`, `"KES 1,200"` → `"1200.00"`) by the
 * spec §5 cleaning; blank stays null. A value that is not an amount, or would need rounding, is left
 * as it was and listed in `problems`.
 */
export function cleanCurrency(
  input: RowSet,
  params: Record<string, unknown>,
): { rows: RowSet; problems: CurrencyProblem[] } {
  const columns = readColumns(input, params, 'columns');
  const currency = readCurrency(params);
  const problems: CurrencyProblem[] = [];
  const rows = input.rows.map((row, index) => {
    const cleaned = { ...row };
    for (const column of columns) {
      const value = cellOf(row, column);
      if (value === null || value.trim() === '') {
        setCell(cleaned, column, null);
        continue;
      }
      const amount = cleanAmount(value, currency);
      if (amount.ok) setCell(cleaned, column, amount.text);
      else problems.push({ row: index, column, value, reason: amount.reason });
    }
    return cleaned;
  });
  return { rows: { columns: [...input.columns], rows }, problems };
}

import type { CellValue, TableColumn } from '@counterpart/contracts';
import {
  cleanCurrency,
  DEFAULT_CURRENCY,
  fromMinorUnits,
  percentNumber,
  toMinorUnits,
} from '@counterpart/domain';

/**
 * What a cell holds in `table_items.values`: text/select/date as strings, number as a JSON number,
 * currency as a string of integer minor units (never a float), boolean, link as a list of item ids.
 */
export type StoredCell = string | number | boolean | string[] | null;

export type CellResult = { ok: true; value: StoredCell } | { ok: false; error: string };

const MAX_TEXT = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINOR_UNITS = /^-?\d{1,30}$/;
const LEADING_CODE = /^[\s(+-]*([A-Za-z]{3})(?=[\s\d.,$+-])/;
const TRUE_TEXT = new Set(['true', 'yes', '1']);
const FALSE_TEXT = new Set(['false', 'no', '0']);

const ok = (value: StoredCell): CellResult => ({ ok: true, value });
const fail = (error: string): CellResult => ({ ok: false, error });

export function columnCurrency(column: TableColumn): { currency: string; decimals: number } {
  return { currency: column.currency ?? DEFAULT_CURRENCY, decimals: column.decimals ?? 2 };
}

function isEmpty(input: unknown): boolean {
  return input === null || input === undefined || (typeof input === 'string' && input.trim() === '');
}

function parseText(input: unknown): CellResult {
  if (typeof input === 'number' || typeof input === 'boolean') return ok(String(input));
  if (typeof input !== 'string') return fail('Must be text');
  if (input.length > MAX_TEXT) return fail(`Must be at most ${MAX_TEXT} characters`);
  return ok(input);
}

function parseNumber(input: unknown): CellResult {
  if (typeof input === 'number') return Number.isFinite(input) ? ok(input) : fail('Must be a finite number');
  if (typeof input !== 'string') return fail('Must be a number');
  const value = cleanCurrency(input) ?? percentNumber(input);
  return value === null ? fail(`"${input}" is not a number`) : ok(value);
}

function parseCurrency(column: TableColumn, input: unknown): CellResult {
  const { currency, decimals } = columnCurrency(column);
  if (typeof input === 'object' && input !== null && 'minor_units' in input) {
    const minor = String((input as { minor_units: unknown }).minor_units);
    return MINOR_UNITS.test(minor) ? ok(BigInt(minor).toString()) : fail('minor_units must be an integer');
  }
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return fail('Must be a finite amount');
    return ok((toMinorUnits(input, decimals) ?? 0n).toString());
  }
  if (typeof input !== 'string') return fail('Must be an amount');
  const minor = toMinorUnits(input, decimals);
  if (minor === null) return fail(`"${input}" is not an amount`);
  const code = LEADING_CODE.exec(input)?.[1]?.toUpperCase();
  if (code && code !== currency)
    return fail(`Amount in ${code} does not match the column's currency ${currency}`);
  return ok(minor.toString());
}

function parseDate(input: unknown): CellResult {
  const text = typeof input === 'string' ? input.trim() : '';
  const match = ISO_DATE.exec(text);
  if (!match) return fail('Must be a date as yyyy-mm-dd');
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return fail(`"${text}" is not a calendar date`);
  }
  return ok(text);
}

function parseBoolean(input: unknown): CellResult {
  if (typeof input === 'boolean') return ok(input);
  const text = String(input).trim().toLowerCase();
  if (TRUE_TEXT.has(text)) return ok(true);
  if (FALSE_TEXT.has(text)) return ok(false);
  return fail('Must be true or false');
}

function parseSelect(column: TableColumn, input: unknown): CellResult {
  const text = typeof input === 'string' ? input.trim() : String(input);
  const options = column.options ?? [];
  const option =
    options.find((o) => o === text) ?? options.find((o) => o.toLowerCase() === text.toLowerCase());
  return option === undefined ? fail(`Must be one of: ${options.join(', ')}`) : ok(option);
}

function parseLink(input: unknown): CellResult {
  const ids = Array.isArray(input) ? input : [input];
  if (!ids.every((id): id is string => typeof id === 'string' && UUID.test(id))) {
    return fail('Must be a list of record ids');
  }
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  return ok(unique.length === 0 ? null : unique);
}

/** Validates one input value against its column and returns the stored form (empty input → null). */
export function parseCell(column: TableColumn, input: unknown): CellResult {
  if (isEmpty(input) || (Array.isArray(input) && input.length === 0)) return ok(null);
  switch (column.type) {
    case 'text':
      return parseText(input);
    case 'number':
      return parseNumber(input);
    case 'currency':
      return parseCurrency(column, input);
    case 'date':
      return parseDate(input);
    case 'boolean':
      return parseBoolean(input);
    case 'single_select':
      return parseSelect(column, input);
    case 'link':
      return parseLink(input);
  }
}

/** The stored cell as answered on the wire (currency with its code; see the contract). */
export function cellToWire(column: TableColumn, stored: unknown): CellValue {
  if (stored === null || stored === undefined) return null;
  if (column.type === 'currency') {
    return { minor_units: String(stored), currency: columnCurrency(column).currency };
  }
  if (Array.isArray(stored)) return stored.map(String);
  if (typeof stored === 'string' || typeof stored === 'number' || typeof stored === 'boolean') return stored;
  return null;
}

/** A stored cell as plain text: what search matches and what a retype converts from. */
export function cellText(column: TableColumn, stored: unknown): string {
  if (stored === null || stored === undefined) return '';
  if (column.type === 'currency')
    return fromMinorUnits(BigInt(String(stored)), columnCurrency(column).decimals);
  if (Array.isArray(stored)) return stored.join(' ');
  return String(stored);
}

/** Lower-cased text of every cell of a row, for search. */
export function searchTextOf(columns: TableColumn[], values: Record<string, unknown>): string {
  return columns
    .map((column) => cellText(column, values[column.id]))
    .filter((text) => text !== '')
    .join(' ')
    .toLowerCase();
}

import type { ColumnType, ImportDateFormat, ImportDecimalSeparator } from '@counterpart/contracts';
import { detectDecimalSeparator, MixedDecimalSeparatorsError, toMinorUnits } from '@counterpart/domain';
import { guessDateFormat } from './date-formats.ts';

export interface GuessedType {
  type: ColumnType;
  currency: string | null;
  dateFormat: ImportDateFormat | null;
}

const PLAIN_NUMBER = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/;
/** Signs of money: a symbol, parentheses, a trailing minus, grouped thousands, an ISO code. */
const MONEY_MARK = /[$€£¥₦]|^\(.*\)$|\d-$|\d[, ]\d{3}\b|^[+-]?\(?[A-Z]{3}\s?[\d(.-]/;
const CODE = /^[\s(+-]*([A-Z]{3})(?=[\s\d.(-])/;
const MONEY_HEADER =
  /amount|balance|debit|credit|paid|price|total|withdraw|deposit|fee|cost|charge|payment|sum|value|kes|usd|eur/i;
const BOOLEAN_TEXT = new Set(['true', 'false', 'yes', 'no']);

let isoCodes: Set<string> | null = null;
function isIsoCode(code: string): boolean {
  isoCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return isoCodes.has(code);
}

function isAmount(value: string): boolean {
  return toMinorUnits(value, 6) !== null;
}

function moneyCode(value: string): string | null {
  const code = CODE.exec(value)?.[1];
  return code && isIsoCode(code) ? code : null;
}

/** How many decimals a plain amount has (for telling 1.5 kg from 1.50 KES). */
function decimals(value: string): number {
  const dot = value.lastIndexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/**
 * Guesses a column's type from its non-empty values (and its header): date when one layout reads
 * them all; currency when they are all amounts and one carries a sign of money (or the header says
 * amount and none has more than 2 decimals); number when all are plain numbers; boolean for
 * true/false/yes/no; else text.
 */
export function guessColumnType(header: string, values: string[]): GuessedType {
  const present = values.map((v) => v.trim()).filter((v) => v !== '');
  const text: GuessedType = { type: 'text', currency: null, dateFormat: null };
  if (present.length === 0) return text;
  const dateFormat = guessDateFormat(present);
  if (dateFormat) return { type: 'date', currency: null, dateFormat };
  if (present.every(isAmount)) {
    const code = present.map(moneyCode).find((c) => c !== null) ?? null;
    const currency: GuessedType = { type: 'currency', currency: code, dateFormat: null };
    if (code || present.some((v) => MONEY_MARK.test(v))) return currency;
    const moneyHeader = MONEY_HEADER.test(header) && present.every((v) => decimals(v) <= 2);
    if (moneyHeader || !present.every((v) => PLAIN_NUMBER.test(v))) return currency;
    return { type: 'number', currency: null, dateFormat: null };
  }
  if (present.every((v) => BOOLEAN_TEXT.has(v.toLowerCase()))) {
    return { type: 'boolean', currency: null, dateFormat: null };
  }
  return text;
}

/** Does a header cell look like data rather than a name (a number, an amount or a date)? */
export function looksLikeData(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || isAmount(trimmed) || guessDateFormat([trimmed]) !== null;
}

/**
 * The decimal separator of an amount column from its sampled values (domain's
 * detectDecimalSeparator: a value that reads only one way decides, `1,234` alone keeps the point);
 * null when values decide both ways — the import then reads each value with the point and names
 * every one that does not fit.
 */
export function guessDecimalSeparator(values: string[]): ImportDecimalSeparator | null {
  try {
    return detectDecimalSeparator(values).separator;
  } catch (error) {
    if (error instanceof MixedDecimalSeparatorsError) return null;
    throw error;
  }
}

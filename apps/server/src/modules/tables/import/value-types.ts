import type { ColumnType, ImportDateFormat, ImportDecimalSeparator } from '@counterpart/contracts';
import {
  detectDecimalSeparator,
  guessValueKind,
  MixedDecimalSeparatorsError,
  toMinorUnits,
} from '@counterpart/domain';
import { guessDateFormat } from './date-formats.ts';

export interface GuessedType {
  type: ColumnType;
  currency: string | null;
  dateFormat: ImportDateFormat | null;
  /** Why the type was chosen, when it is not obvious (domain's ValueKindGuess.note). */
  note: string | null;
}

/**
 * Guesses a column's type from its non-empty values (and its header): date when one layout reads
 * them all; otherwise the domain's guessValueKind (identifiers and phone numbers stay text, money
 * only when the values or the header look like money, percentages are numbers), with its note.
 */
export function guessColumnType(header: string, values: string[]): GuessedType {
  const present = values.map((v) => v.trim()).filter((v) => v !== '');
  const dateFormat = present.length > 0 ? guessDateFormat(present) : null;
  if (dateFormat) return { type: 'date', currency: null, dateFormat, note: null };
  const guess = guessValueKind(header, present);
  const type: ColumnType = guess.kind === 'percent' ? 'number' : guess.kind;
  return { type, currency: guess.currency, dateFormat: null, note: guess.note };
}

function isAmount(value: string): boolean {
  return toMinorUnits(value, 6) !== null;
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

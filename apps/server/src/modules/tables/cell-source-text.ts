import type { TableColumn } from '@counterpart/contracts';
import { looksLikeIdentifier } from '@counterpart/domain';
import { cellText } from './cell-values.ts';

/**
 * The text a cell was given, kept beside its typed form when it says more, so that a retype
 * starts from what the user or the file wrote and a wrong type is undone without loss: a phone
 * `0716 103 413` imported as Currency (stored 71610341300 minor units) comes back as
 * `0716 103 413` when the column is made Text again. Kept in the row's values under `_text`
 * (`{ [columnId]: text }`), a key no column id can take; readers go by column id and never see it.
 */
export const SOURCE_TEXT_KEY = '_text';

type Values = Record<string, unknown>;

function textsOf(values: Values): Record<string, string> | undefined {
  const texts = values[SOURCE_TEXT_KEY];
  return texts && typeof texts === 'object' && !Array.isArray(texts)
    ? (texts as Record<string, string>)
    : undefined;
}

/** The text a cell was given, when it was kept (else undefined: the stored form says it all). */
export function sourceTextOf(values: Values, columnId: string): string | undefined {
  const text = textsOf(values)?.[columnId];
  return typeof text === 'string' ? text : undefined;
}

/**
 * Whether `raw` says more than the stored cell's own text: true for a number or currency column
 * given a value written like an identifier (domain's looksLikeIdentifier: a leading
 * zero, a phone, digits in odd groups) whose stored form reads back otherwise (`0716 103 413` →
 * `716103413.00`). Formatting alone (`1,234.50`, a date's layout, `16%`) is not kept: the stored form
 * holds the same value, and keeping it would cost every imported row.
 */
export function keepsSourceText(column: TableColumn, raw: string, stored: unknown): boolean {
  if (column.type !== 'number' && column.type !== 'currency') return false;
  if (stored === null || stored === undefined || !looksLikeIdentifier(raw)) return false;
  return raw.trim() !== cellText(column, stored);
}

/** Sets (a string) or forgets (null) the kept text of one cell; mutates and answers `values`. */
export function setSourceText(values: Values, columnId: string, text: string | null): Values {
  const texts = { ...textsOf(values) };
  if (text === null) delete texts[columnId];
  else texts[columnId] = text;
  if (Object.keys(texts).length === 0) delete values[SOURCE_TEXT_KEY];
  else values[SOURCE_TEXT_KEY] = texts;
  return values;
}

/**
 * Amounts read exactly as a file writes them, in any locale, never guessed silently.
 *
 * - `detectDecimalSeparator` looks at a whole column and decides whether its decimal separator is the
 *   point or the comma. A value decides when only one reading is possible (`1.234,56`, `250,00`,
 *   `1 234,56` → comma; `1,234.56`, `250.00`, `1,234,567` → point); `1,234` or `1.234` alone could be
 *   either and is counted as ambiguous. A column with no deciding value keeps the spec §5 default (the
 *   comma groups thousands, the point is decimal); a column with values deciding both ways throws
 *   `MixedDecimalSeparatorsError`.
 * - `parseAmount` reads one value with a known separator into integer minor units of a currency with
 *   `digits` minor digits (currency-digits.ts: KES 2, JPY 0, KWD 3). Group separators are the other
 *   of point/comma, spaces (also no-break and thin) and apostrophes (`1'234.50`), in groups of three
 *   (or the Indian 2-2-3 grouping); sign, currency and parentheses as amount-text.ts reads them.
 *   More decimals than the currency has is an error, not rounding (`250.004` KES, `12.5` JPY);
 *   extra zeros lose nothing and are read (`12.00` JPY → 12). Exponents (`1.5e3`) are refused.
 *
 * Relation to money.ts: `toMinorUnits`/`cleanCurrency` keep the spec §5 cleaning (commas stripped,
 * point decimal, rounding half away from zero) for the callers that follow the spec — workflow
 * blocks, table cells typed by hand. File readers (table import, CLI) use this module, whose readings
 * agree with `toMinorUnits` on every value both accept with the point as decimal and no rounding.
 */
import { splitAmountText } from './amount-text.ts';

export type DecimalSeparator = '.' | ',';

export interface AmountFormat {
  /** The column's decimal separator (from `detectDecimalSeparator` or given by the user). */
  decimal: DecimalSeparator;
  /** Minor digits of the currency (`minorDigits('KES')` = 2). */
  digits: number;
  /** When given, a value written with another ISO code (`USD 5` in a KES column) is refused. */
  currency?: string;
}

export type AmountReading = { ok: true; minor: bigint } | { ok: false; reason: string };

export interface DecimalSeparatorDetection {
  separator: DecimalSeparator;
  /** Values whose separator could only be read one way. */
  decisive: number;
  /** Values such as `1,234` that read either way; they follow `separator`. */
  ambiguous: number;
}

/** The spec §5 default when nothing in the column decides: commas group thousands. */
export const DEFAULT_DECIMAL_SEPARATOR: DecimalSeparator = '.';

/** The reason given for text that holds no amount at all (`twelve`, `INV-7`). */
export const NOT_AN_AMOUNT = 'not an amount';

const AMOUNT_BODY = /^[\d.,'’ʼ \u00a0\u202f\u2009]+$/;
const SPACES = /[ \u00a0\u202f\u2009]/;
const APOSTROPHES = /['’ʼ]/;

function places(count: number): string {
  return count === 1 ? '1 decimal place' : `${count} decimal places`;
}

function separatorName(separator: DecimalSeparator): string {
  return separator === '.' ? 'decimal point' : 'decimal comma';
}

export class MixedDecimalSeparatorsError extends Error {
  constructor(
    readonly pointExample: string,
    readonly commaExample: string,
  ) {
    super(
      `the column mixes decimal separators: "${pointExample}" has a decimal point and "${commaExample}" a decimal comma`,
    );
    this.name = 'MixedDecimalSeparatorsError';
  }
}

type GroupKind = 'mark' | 'space' | 'apostrophe';

function groupKind(char: string): GroupKind {
  if (SPACES.test(char)) return 'space';
  if (APOSTROPHES.test(char)) return 'apostrophe';
  return 'mark';
}

/** Checks digit groups `1,234,567` / `12,34,567` / `1 234`; returns the digits or a reason. */
function readIntegerPart(
  integer: string,
  decimal: DecimalSeparator,
): { digits: string } | { reason: string } {
  if (/^\d*$/.test(integer)) return { digits: integer };
  const separators = integer.replace(/\d/g, '');
  const kinds = new Set([...separators].map(groupKind));
  if (kinds.size > 1) {
    return { reason: 'mixes digit group separators' };
  }
  const groups = integer.split(/[^\d]/);
  const [first = '', ...rest] = groups;
  const last = rest.at(-1) ?? '';
  const middle = rest.slice(0, -1);
  const middleFits =
    middle.every((group) => group.length === 3) || middle.every((group) => group.length === 2);
  if (first.length < 1 || first.length > 3 || last.length !== 3 || !middleFits) {
    const mark = separators[0] ?? '';
    const role =
      groupKind(mark) === 'mark' ? ` ("${mark}" groups thousands with a ${separatorName(decimal)})` : '';
    return { reason: `digit groups "${integer}" are not groups of three${role}` };
  }
  return { digits: groups.join('') };
}

/** Reads one amount into minor units, or says why it cannot be read exactly. */
export function parseAmount(text: string, format: AmountFormat): AmountReading {
  const { decimal, digits } = format;
  if (!Number.isInteger(digits) || digits < 0) {
    throw new RangeError(`digits must be a non-negative integer, got ${digits}`);
  }
  const parts = splitAmountText(text);
  if (!parts.ok) return parts;
  const expected = format.currency?.toUpperCase();
  if (expected && parts.currency && parts.currency !== expected) {
    return { ok: false, reason: `written in ${parts.currency}, the column is ${expected}` };
  }
  const { body } = parts;
  if (/^[\d.,]+e[+-]?\d+$/i.test(body)) {
    return { ok: false, reason: 'exponent notation is not read as money' };
  }
  if (!AMOUNT_BODY.test(body)) return { ok: false, reason: NOT_AN_AMOUNT };
  const pieces = body.split(decimal);
  if (pieces.length > 2) return { ok: false, reason: `more than one ${separatorName(decimal)}` };
  const [integer = '', fraction = ''] = pieces;
  if (!/^\d*$/.test(fraction)) {
    return { ok: false, reason: `"${fraction}" after the ${separatorName(decimal)} is not digits` };
  }
  const integerPart = readIntegerPart(integer, decimal);
  if ('reason' in integerPart) return { ok: false, reason: integerPart.reason };
  if (integerPart.digits === '' && fraction === '') return { ok: false, reason: 'no digits' };
  let kept = fraction;
  if (fraction.length > digits) {
    if (!/^0*$/.test(fraction.slice(digits))) {
      return {
        ok: false,
        reason: `${places(fraction.length)}, the currency has ${digits}`,
      };
    }
    kept = fraction.slice(0, digits);
  }
  const magnitude = BigInt((integerPart.digits || '0') + kept.padEnd(digits, '0'));
  return { ok: true, minor: parts.negative ? -magnitude : magnitude };
}

const PLAIN = {
  '.': /^(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/,
  ',': /^(-?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/,
} as const;

/**
 * The fast path for the common value, for readers of millions of cells: an optional minus, digits
 * (grouped by threes with the other mark, or not), and at most `digits` decimals. Reads exactly what
 * `parseAmount` reads for it (tested side by side); anything else is null and goes through
 * `parseAmount`, which explains a refusal.
 */
export function readPlainAmount(text: string, decimal: DecimalSeparator, digits: number): bigint | null {
  const match = PLAIN[decimal].exec(text);
  if (!match) return null;
  const fraction = match[3] ?? '';
  if (fraction.length > digits) return null;
  const integer = match[2]!;
  const magnitude = BigInt(
    integer.replaceAll(decimal === '.' ? ',' : '.', '') + fraction.padEnd(digits, '0'),
  );
  return match[1] === '-' ? -magnitude : magnitude;
}

/** What one value says about its decimal separator: one of them, `ambiguous`, or nothing. */
export function decimalEvidence(text: string): DecimalSeparator | 'ambiguous' | null {
  const parts = splitAmountText(text);
  if (!parts.ok || !AMOUNT_BODY.test(parts.body)) return null;
  const { body } = parts;
  const lastPoint = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  if (lastPoint < 0 && lastComma < 0) return null;
  if (lastPoint >= 0 && lastComma >= 0) return lastPoint > lastComma ? '.' : ',';
  const mark: DecimalSeparator = lastPoint >= 0 ? '.' : ',';
  const other: DecimalSeparator = mark === '.' ? ',' : '.';
  if (body.indexOf(mark) !== body.lastIndexOf(mark)) return other;
  const before = body.slice(0, body.indexOf(mark));
  const after = body.slice(body.indexOf(mark) + 1);
  if (after.length !== 3) return mark;
  // Grouped by spaces or apostrophes already, or not a possible thousands group: the mark is decimal.
  if (SPACES.test(before) || APOSTROPHES.test(before)) return mark;
  if (/^0*$/.test(before) || before.length > 3) return mark;
  return 'ambiguous';
}

/** Decides a column's decimal separator from all its values (see the file header). */
export function detectDecimalSeparator(values: Iterable<string>): DecimalSeparatorDetection {
  let pointExample: string | null = null;
  let commaExample: string | null = null;
  let decisive = 0;
  let ambiguous = 0;
  for (const value of values) {
    const evidence = decimalEvidence(value);
    if (evidence === 'ambiguous') ambiguous += 1;
    else if (evidence === '.') {
      decisive += 1;
      pointExample ??= value;
    } else if (evidence === ',') {
      decisive += 1;
      commaExample ??= value;
    }
    if (pointExample !== null && commaExample !== null) {
      throw new MixedDecimalSeparatorsError(pointExample, commaExample);
    }
  }
  const separator = commaExample !== null ? ',' : pointExample !== null ? '.' : DEFAULT_DECIMAL_SEPARATOR;
  return { separator, decisive, ambiguous };
}

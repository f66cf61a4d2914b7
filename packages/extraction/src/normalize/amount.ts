import type { DecimalSeparator } from '@counterpart/domain';
import { decimalEvidence, minorDigits, parseAmount, splitAmountText } from '@counterpart/domain';
import { formatMinor } from './number.ts';
import { fixOcrConfusions, hasDigitConfusions } from './ocr-confusions.ts';

/**
 * An amount read from a document into integer minor units of its currency — "1,471.60",
 * "1.471,60", "1 471,60", "KES 12,000.00", "(1,234.50)", "1 234.50-" — never through a float.
 *
 * The model's decimal separator is tried first. When it cannot read the text, readings it could
 * still trust are tried, each lowering `certainty` (1: read as written):
 * - the other separator, when the text can only mean that ("1.471,60" in a point model): 0.9;
 * - OCR confusions undone in the digits ("1,47l.6O" → 1471.60): 0.85;
 * - a comma misread for the decimal point or the reverse ("1,471,60"): 0.7;
 * - the one amount inside longer text ("Total due KES 1,200.00 now"): 0.95.
 */
export interface AmountValue {
  /** Integer minor units, e.g. "147160". */
  minor: string;
  currency: string;
  /** The amount as a plain decimal with a dot ("1471.60"). */
  decimal: string;
  certainty: number;
  /** True when the amount is only part of the text (found inside longer text). */
  partial?: boolean;
}

export interface AmountOptions {
  decimal: DecimalSeparator;
  /** The currency of amounts that do not name one. */
  currency: string;
}

function readExactly(text: string, decimal: DecimalSeparator, fallbackCurrency: string): AmountValue | null {
  const parts = splitAmountText(text);
  if (!parts.ok) return null;
  const currency = parts.currency ?? fallbackCurrency;
  const digits = minorDigits(currency);
  const reading = parseAmount(text, { decimal, digits });
  if (!reading.ok) return null;
  return {
    minor: reading.minor.toString(),
    currency,
    decimal: formatMinor(reading.minor, digits),
    certainty: 1,
  };
}

const AMOUNT_INSIDE =
  /(?:\(\s*)?(?:[A-Z]{3}\s*|KSh\s*|[$€£]\s*)?-?\d[\d.,' \u00a0\u202f]*\d(?:\s*[A-Z]{3})?(?:\s*\))?-?|-?\d/g;

export function readAmount(input: string, options: AmountOptions): AmountValue | null {
  const text = input.trim();
  if (text === '') return null;
  const direct = readExactly(text, options.decimal, options.currency);
  if (direct) return direct;
  const other: DecimalSeparator = options.decimal === '.' ? ',' : '.';
  if (decimalEvidence(text) === other) {
    const read = readExactly(text, other, options.currency);
    if (read) return { ...read, certainty: 0.9 };
  }
  const parts = splitAmountText(text);
  if (parts.ok && hasDigitConfusions(parts.body)) {
    const fixed = `${parts.negative ? '-' : ''}${fixOcrConfusions(parts.body, 'digits')}${parts.currency ? ` ${parts.currency}` : ''}`;
    const read = readExactly(fixed, options.decimal, options.currency) ?? readWithEitherMark(fixed, options);
    if (read) return { ...read, certainty: Math.min(read.certainty, 0.85) };
  }
  const marks = readWithEitherMark(text, options);
  if (marks) return marks;
  for (const match of text.matchAll(AMOUNT_INSIDE)) {
    const piece = match[0].trim();
    if (piece === text) continue;
    const read = readExactly(piece, options.decimal, options.currency);
    if (read && /\d/.test(piece)) return { ...read, certainty: 0.95, partial: true };
  }
  return null;
}

/** "1,471,60" / "1.471.60": the last mark before two decimals taken as the decimal separator. */
function readWithEitherMark(text: string, options: AmountOptions): AmountValue | null {
  const parts = splitAmountText(text);
  if (!parts.ok) return null;
  const currency = parts.currency ?? options.currency;
  const digits = minorDigits(currency);
  if (digits === 0) return null;
  const match = new RegExp(`^(\\d{1,3}(?:[.,]\\d{3})*)[.,](\\d{${digits}})$`).exec(parts.body);
  if (!match) return null;
  const whole = match[1]!.replace(/[.,]/g, '');
  const magnitude = BigInt(whole + match[2]!);
  const minor = parts.negative ? -magnitude : magnitude;
  return { minor: minor.toString(), currency, decimal: formatMinor(minor, digits), certainty: 0.7 };
}

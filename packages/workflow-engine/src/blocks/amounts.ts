import { fromMinorUnits, minorDigits, toMinorUnits } from '@counterpart/domain';

/**
 * Amounts in row text, read with the domain's currency cleaning (spec §5: `toMinorUnits`), always as
 * exact integers (BigInt), never binary floats.
 */

/** Decimal places of a currency's minor unit (`KES` → 2, `JPY` → 0, `BHD` → 3): the domain's table. */
export const currencyMinorDigits = minorDigits;

const EXPONENT = /e([+-]?\d+)/i;
/** The cleaning refuses exponents beyond ±1000; a bound past that is never needed. */
const MAX_EXPONENT_DIGITS = 1001;

/**
 * Decimal places that hold `text` exactly once cleaned: at least its count of fraction digits. The
 * text's length bounds them, plus a negative exponent's size (`1e-5` has 5).
 */
function exactScale(text: string): number {
  const exponent = EXPONENT.exec(text)?.[1];
  const shift = exponent === undefined ? 0 : Math.min(Math.abs(Number(exponent)), MAX_EXPONENT_DIGITS);
  return text.length + shift;
}

/**
 * Compares two amounts written as text exactly (`"1,000.01"` > `"1000.00"`, `"(5.00)"` < `"0"`):
 * negative, zero or positive like a sort comparator; null when either is not an amount.
 */
export function compareAmounts(left: string, right: string): number | null {
  const scale = Math.max(exactScale(left), exactScale(right));
  const a = toMinorUnits(left, scale);
  if (a === null) return null;
  const b = toMinorUnits(right, scale);
  if (b === null) return null;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Digits after the last decimal point (at least the fraction digits once spaces are removed). */
function digitsAfterPoint(text: string): number {
  const point = text.lastIndexOf('.');
  if (point < 0) return 0;
  let count = 0;
  for (let i = point + 1; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) count += 1;
  }
  return count;
}

export type CleanedAmount = { ok: true; text: string } | { ok: false; reason: string };

/**
 * An amount written as text, as a plain decimal with exactly the currency's minor digits
 * (`"(1,234.50)"` → `"-1234.50"`, `"$12"` → `"12.00"`). Extra fraction digits are accepted only
 * when they are zeros (`"8.850"` → `"8.85"`): money is never rounded silently.
 */
export function cleanAmount(text: string, currency: string): CleanedAmount {
  const digits = currencyMinorDigits(currency);
  const minor = toMinorUnits(text, digits);
  if (minor === null) return { ok: false, reason: 'Is not an amount' };
  // Cheap path: no exponent and no more fraction digits than the currency has → nothing was rounded.
  const mayRound = EXPONENT.test(text) || digitsAfterPoint(text) > digits;
  if (mayRound) {
    const scale = Math.max(exactScale(text), digits);
    const exact = toMinorUnits(text, scale);
    if (exact !== minor * 10n ** BigInt(scale - digits)) {
      return {
        ok: false,
        reason: `Has more decimal places than ${currency.toUpperCase()} has (${digits})`,
      };
    }
  }
  return { ok: true, text: fromMinorUnits(minor, digits) };
}

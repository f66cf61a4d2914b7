import { fromMinorUnits, minorDigits } from '@counterpart/domain';

export { minorDigits };

/**
 * Exact decimal → integer minor units, by string arithmetic only (never a binary float).
 *
 * Minor digits: the domain's `minorDigits` (ISO 4217).
 */

export function isCurrencyCode(value: string): boolean {
  return /^[A-Z]{3}$/.test(value);
}

export type MinorResult = { ok: true; minor: bigint } | { ok: false; reason: string };

const DECIMAL = /^([+-]?)(\d*)(?:[.,](\d*))?$/;

/**
 * Reads a plain decimal (`-12.50`, `+721.01`, `8.850`, `500,` with a comma as decimal point) into
 * minor units of `currency`. Extra fraction digits are accepted only when they are zeros
 * (`8.850` EUR → 885): a non-zero digit beyond the currency's minor unit is refused, never rounded.
 * Thousands separators are not accepted here: callers strip them when their format has them.
 */
export function decimalToMinor(text: string, currency: string): MinorResult {
  const trimmed = text.trim();
  const match = DECIMAL.exec(trimmed);
  const integer = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (integer === '' && fraction === '')) {
    return { ok: false, reason: `"${text}" is not a decimal amount` };
  }
  const digits = minorDigits(currency);
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const dropped = fraction.slice(digits);
  if (/[1-9]/.test(dropped)) {
    return {
      ok: false,
      reason: `"${text}" has more decimals than ${currency} allows (${digits}); it is not rounded`,
    };
  }
  const magnitude = BigInt((integer || '0') + kept);
  return { ok: true, minor: match[1] === '-' ? -magnitude : magnitude };
}

/** `formatMinor(-1050n, 'EUR')` → `'-10.50 EUR'`: for messages. */
export function formatMinor(minor: bigint | string, currency: string | null): string {
  const code = currency ?? '';
  const text = fromMinorUnits(BigInt(minor), code ? minorDigits(code) : 2);
  return code ? `${text} ${code}` : text;
}

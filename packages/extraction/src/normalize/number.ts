import type { DecimalSeparator } from '@counterpart/domain';
import { parseAmount, splitAmountText } from '@counterpart/domain';

/**
 * A number exactly as written, as a decimal string with a dot ("1,234.5" → "1234.5", "1.471,60" with
 * the comma → "1471.60", "(12)" → "-12", "16 %" → "16"); null when the text is not one number.
 * Never a binary float.
 */
export function parseDecimal(text: string, decimal: DecimalSeparator): string | null {
  const cleaned = text.trim().replace(/\s*%$/, '');
  const parts = splitAmountText(cleaned);
  if (!parts.ok) return null;
  const lastDecimal = parts.body.lastIndexOf(decimal);
  const fraction = lastDecimal >= 0 ? parts.body.slice(lastDecimal + 1) : '';
  const digits = /^\d+$/.test(fraction) ? fraction.length : 0;
  const reading = parseAmount(cleaned, { decimal, digits });
  if (!reading.ok) return null;
  return formatMinor(reading.minor, digits);
}

/** Integer minor units as a decimal string with `digits` places ("-12345", 2 → "-123.45"). */
export function formatMinor(minor: bigint, digits: number): string {
  const negative = minor < 0n;
  const magnitude = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = magnitude.slice(0, magnitude.length - digits);
  const fraction = magnitude.slice(magnitude.length - digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

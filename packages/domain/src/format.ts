/**
 * Display formatting (spec §9): currency en-US with the currency code, min 2 / max 3 decimals, default KES;
 * plain numbers rounded to 2 decimals; short numbers with K, M, B, T.
 * Non-breaking spaces produced by Intl are normalised to plain spaces. Invalid values format as '-'.
 */
import { minorDigits } from './currency-digits.ts';
import { cleanCurrency, fromMinorUnits } from './money.ts';

export const DEFAULT_CURRENCY = 'KES';
export const INVALID_VALUE_TEXT = '-';

const MIN_CURRENCY_DECIMALS = 2;
const MAX_CURRENCY_DECIMALS = 3;

const currencyFormatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string): Intl.NumberFormat | null {
  const cached = currencyFormatters.get(currency);
  if (cached) return cached;
  try {
    const formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: MIN_CURRENCY_DECIMALS,
      maximumFractionDigits: MAX_CURRENCY_DECIMALS,
      signDisplay: 'negative',
    });
    currencyFormatters.set(currency, formatter);
    return formatter;
  } catch {
    return null;
  }
}

const amountFormatter = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: MIN_CURRENCY_DECIMALS,
  maximumFractionDigits: MAX_CURRENCY_DECIMALS,
  signDisplay: 'negative',
});

const numberFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'negative' });

function normaliseSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/**
 * `formatCurrency(1234.5)` → `'KES 1,234.50'`, `formatCurrency(-1234.5)` → `'-KES 1,234.50'`.
 * Strings are cleaned with cleanCurrency first; invalid or non-finite values → '-'.
 * A currency code Intl rejects is still shown as a prefix (`'XX 1.00'`) rather than throwing.
 */
export function formatCurrency(value: number | bigint | string, currency = DEFAULT_CURRENCY): string {
  const amount = typeof value === 'string' ? cleanCurrency(value) : value;
  if (amount === null || (typeof amount === 'number' && !Number.isFinite(amount))) return INVALID_VALUE_TEXT;
  const formatter = currencyFormatter(currency);
  if (formatter) return normaliseSpaces(formatter.format(amount));
  const text = amountFormatter.format(amount);
  return text.startsWith('-') ? `-${currency} ${text.slice(1)}` : `${currency} ${text}`;
}

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Rounds minor units with `decimals` places to `target` places, half away from zero. */
function roundMinor(minor: bigint, decimals: number, target: number): bigint {
  const divisor = 10n ** BigInt(decimals - target);
  const magnitude = minor < 0n ? -minor : minor;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return minor < 0n ? -rounded : rounded;
}

/**
 * Formats an amount held in minor units exactly, like formatCurrency (same shape, same 2–3 decimals),
 * without going through a float: `formatMinorCurrency(123450n)` → `'KES 1,234.50'`. Huge bigints keep
 * every digit. More than 3 decimals are rounded half away from zero.
 */
export function formatMinorCurrency(
  minor: bigint | number,
  currency = DEFAULT_CURRENCY,
  decimals = 2,
): string {
  let value = BigInt(minor);
  let places = decimals;
  if (places > MAX_CURRENCY_DECIMALS) {
    value = roundMinor(value, places, MAX_CURRENCY_DECIMALS);
    places = MAX_CURRENCY_DECIMALS;
  }
  const exact = fromMinorUnits(value, places);
  const negative = exact.startsWith('-');
  const [integerPart = '0', fractionPart = ''] = (negative ? exact.slice(1) : exact).split('.');
  let fraction = fractionPart.padEnd(MIN_CURRENCY_DECIMALS, '0');
  while (fraction.length > MIN_CURRENCY_DECIMALS && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${negative ? '-' : ''}${currency} ${groupThousands(integerPart)}.${fraction}`;
}

/**
 * A signed statement amount in its currency's own digits, credits marked `+`:
 * `formatSignedMinor('12500000', 'KES')` → `'+KES 125,000.00'`, `('-120505', 'BHD')` → `'-BHD 120.505'`.
 */
export function formatSignedMinor(minor: bigint | string, currency: string): string {
  const value = BigInt(minor);
  const text = formatMinorCurrency(value, currency, minorDigits(currency));
  return value > 0n ? `+${text}` : text;
}

/**
 * A match's amount difference in words (left − right, in minor units, in the currency's own digits):
 * `KES 15.00 short` when the left side is less (a payment short of its invoice), `KES 500.00 over`
 * when it is more. The engine's explanations and every screen that shows a difference use it.
 */
export function differenceWords(difference: bigint | number, currency: string): string {
  const value = BigInt(difference);
  if (value === 0n) return 'equal';
  const size = formatMinorCurrency(value < 0n ? -value : value, currency, minorDigits(currency));
  return `${size} ${value < 0n ? 'short' : 'over'}`;
}

/** en-US grouping, rounded to at most 2 decimals: `formatNumber(1234.567)` → `'1,234.57'`. Non-finite → '-'. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return INVALID_VALUE_TEXT;
  return numberFormatter.format(value);
}

const SHORT_UNITS = [
  { suffix: 'T', size: 1e12 },
  { suffix: 'B', size: 1e9 },
  { suffix: 'M', size: 1e6 },
  { suffix: 'K', size: 1e3 },
] as const;

const shortFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: false });

/**
 * Compact number: `999` → `'999'`, `1500` → `'1.5K'`, `2_000_000` → `'2M'`, `3.25e9` → `'3.25B'`,
 * `1e12` → `'1T'`. At most 2 decimals, no trailing zeros, negatives keep the sign. A value that rounds up
 * to the next unit moves to it (`999_999` → `'1M'`). Non-finite → '-'.
 */
export function formatShortNumber(value: number): string {
  if (!Number.isFinite(value)) return INVALID_VALUE_TEXT;
  const magnitude = Math.abs(value);
  let text = shortFormatter.format(magnitude);
  let suffix = '';
  for (let index = SHORT_UNITS.length - 1; index >= 0; index--) {
    const unit = SHORT_UNITS[index];
    if (!unit || Number(text) < 1000) break;
    text = shortFormatter.format(magnitude / unit.size);
    suffix = unit.suffix;
  }
  return text === '0' ? '0' : `${value < 0 ? '-' : ''}${text}${suffix}`;
}

const countFormatter = new Intl.NumberFormat('en-US');

/**
 * A count with its unit, singular for one: `countOf(1, 'item')` → `'1 item'`,
 * `countOf(1480, 'group')` → `'1,480 groups'`; `plural` for an irregular word (`'entries'`).
 */
export function countOf(count: number, unit: string, plural = `${unit}s`): string {
  return `${countFormatter.format(count)} ${count === 1 ? unit : plural}`;
}

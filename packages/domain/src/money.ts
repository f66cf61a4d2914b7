/**
 * Money parsing (spec §5 currency cleaning) and exact minor-unit arithmetic.
 *
 * Cleaning rules, applied in this order to a string:
 * 1. all whitespace is removed (`'$ 1 000'` → `'$1000'`);
 * 2. dollar signs and commas are stripped;
 * 3. surrounding parentheses `(…)` or a trailing minus `…-` mean negative;
 * 4. a leading `-`/`+` sign is accepted (but not combined with 3.: `'(-5)'` is ambiguous → invalid);
 * 5. a leading ISO 4217 currency code is stripped (`'KES 1,000'`, `'-KES 1,000'`, `'(KES 1,000)'`) —
 *    not in the spec, but finance exports often carry it; only real codes (Intl's list), so a
 *    reference such as `'INV-7'` is not read as the amount -7;
 * 6. what is left must be a plain decimal (`12`, `12.`, `.5`, `12.50`, optionally with an exponent `1e3`).
 * Anything else is invalid (`null`).
 *
 * These rules are the spec's and stay for the callers that follow it (workflow blocks, hand-typed
 * cells). Reading amounts out of files — where the decimal separator depends on the locale and an
 * over-precise value must be refused rather than rounded — goes through locale-amount.ts
 * (`detectDecimalSeparator`, `parseAmount`), which agrees with `toMinorUnits` whenever both accept a
 * value written with a decimal point and no rounding is involved.
 */

interface ParsedDecimal {
  negative: boolean;
  /** All significant digits, integer part then fraction part, without the point. */
  digits: string;
  /** Power of ten the digits are divided by: value = digits × 10^-scale. */
  scale: number;
}

const DECIMAL_PATTERN = /^(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const CURRENCY_CODE_PATTERN = /^([a-z]{3})(?=[\d.+-])/i;

let isoCurrencies: Set<string> | null = null;

/** Removes a leading currency code when it is an ISO 4217 one (KES, USD…), else leaves the text as it is. */
function stripCurrencyCode(text: string): string {
  const code = CURRENCY_CODE_PATTERN.exec(text)?.[1]?.toUpperCase();
  if (!code) return text;
  isoCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return isoCurrencies.has(code) ? text.slice(3) : text;
}
/** Beyond this exponent a string is treated as invalid rather than expanded into a huge number. */
const MAX_EXPONENT = 1000;

function stripSign(value: string): { negative: boolean; rest: string } {
  const sign = value[0];
  if (sign === '-' || sign === '+') return { negative: sign === '-', rest: value.slice(1) };
  return { negative: false, rest: value };
}

function parseDecimal(input: string | number): ParsedDecimal | null {
  if (typeof input === 'number' && !Number.isFinite(input)) return null;
  let text = String(input).replace(/\s+/g, '').replace(/[$,]/g, '');
  let negative = false;
  let marked = false;
  const parenthesised = /^\((.*)\)$/.exec(text);
  if (parenthesised) {
    text = parenthesised[1] ?? '';
    negative = true;
    marked = true;
  } else if (text.length > 1 && text.endsWith('-')) {
    text = text.slice(0, -1);
    negative = true;
    marked = true;
  }
  const signed = stripSign(text);
  if (signed.rest !== text) {
    if (marked) return null;
    negative = signed.negative;
    marked = true;
  }
  text = stripCurrencyCode(signed.rest);
  if (!marked) {
    const afterCode = stripSign(text);
    if (afterCode.rest !== text) {
      negative = afterCode.negative;
      text = afterCode.rest;
    }
  }
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const integerPart = match[1] ?? '';
  const fractionPart = match[2] ?? '';
  if (integerPart === '' && fractionPart === '') return null;
  const exponent = match[3] === undefined ? 0 : Number(match[3]);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  return { negative, digits: integerPart + fractionPart, scale: fractionPart.length - exponent };
}

/**
 * Cleans a currency value into a number (spec §5). Numbers pass through (NaN and ±Infinity → null);
 * strings follow the cleaning rules above; null, undefined and invalid strings → null. Never returns -0.
 */
export function cleanCurrency(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isFinite(input) ? input + 0 : null;
  const parsed = parseDecimal(input);
  if (!parsed) return null;
  const magnitude = Number(`${parsed.digits}e${-parsed.scale}`);
  if (!Number.isFinite(magnitude)) return null;
  return magnitude === 0 ? 0 : parsed.negative ? -magnitude : magnitude;
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
}

/**
 * Converts a value to integer minor units exactly (no binary floating point on the digits): the cleaned
 * decimal string is shifted by `decimals` places and rounded half away from zero.
 * A number is read through its shortest string form (`String(0.125)` = `'0.125'`, `String(1e21)` = `'1e+21'`).
 * Invalid input → null. `toMinorUnits('1,234.505')` → 123451n.
 */
export function toMinorUnits(input: string | number, decimals = 2): bigint | null {
  assertDecimals(decimals);
  const parsed = parseDecimal(input);
  if (!parsed) return null;
  const shift = decimals - parsed.scale;
  let magnitude: bigint;
  if (shift >= 0) {
    magnitude = BigInt(parsed.digits + '0'.repeat(shift));
  } else {
    const keep = parsed.digits.length + shift;
    if (keep < 0) {
      magnitude = 0n;
    } else {
      const kept = parsed.digits.slice(0, keep);
      const firstDropped = parsed.digits[keep] ?? '0';
      magnitude = BigInt(kept || '0') + (firstDropped >= '5' ? 1n : 0n);
    }
  }
  return parsed.negative ? -magnitude : magnitude;
}

/**
 * Exact decimal string of an amount in minor units: `fromMinorUnits(-10n)` → `'-0.10'`,
 * `fromMinorUnits(5n, 0)` → `'5'`. A number must be a safe integer (otherwise RangeError).
 */
export function fromMinorUnits(minor: bigint | number, decimals = 2): string {
  assertDecimals(decimals);
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) {
    throw new RangeError(`minor units must be a safe integer, got ${minor}`);
  }
  const value = BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const integerPart = digits.slice(0, digits.length - decimals);
  const fractionPart = digits.slice(digits.length - decimals);
  const body = decimals > 0 ? `${integerPart}.${fractionPart}` : integerPart;
  return negative ? `-${body}` : body;
}

/**
 * The outer layer of an amount as finance exports write it, peeled off before its digits are read
 * (locale-amount.ts): surrounding spaces, one currency code or symbol at the start or the end
 * (`KES 1,000`, `1 000 €`, `KSh 250`), and one negative marker — a leading `-`, a trailing `-`, or
 * parentheses `(…)` (a leading `+` is allowed). Two negative markers (`(-5)`, `-5-`) are refused as
 * ambiguous, as in money.ts.
 */

/** Longest amount text read; anything longer is not an amount (and is not worth scanning). */
export const MAX_AMOUNT_TEXT_LENGTH = 64;

/** Currency symbols and local abbreviations accepted around an amount (longest first). */
const CURRENCY_SYMBOLS = [
  'KShs',
  'Kshs',
  'KSh',
  'Ksh',
  'US$',
  'R$',
  '$',
  '€',
  '£',
  '¥',
  '₹',
  '₩',
  '₦',
  '₱',
  '₺',
  '₽',
  '₪',
  '₫',
  '฿',
  '₵',
];

const ISO_CODE_AT_START = /^([A-Za-z]{3})(?![A-Za-z])/;
const ISO_CODE_AT_END = /(?<![A-Za-z])([A-Za-z]{3})$/;

let isoCurrencies: Set<string> | null = null;

function isIsoCurrency(code: string): boolean {
  isoCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return isoCurrencies.has(code.toUpperCase());
}

export interface AmountParts {
  negative: boolean;
  /** The digits with their separators (`1.234,56`, `1 234`, `.5`), nothing else checked yet. */
  body: string;
  /** The ISO code written beside the amount, upper case, if any (`KES 5` → `KES`). */
  currency: string | null;
}

export type AmountPartsResult = ({ ok: true } & AmountParts) | { ok: false; reason: string };

interface Peeled {
  currency: string | null;
  symbol: boolean;
}

function peelCurrency(text: string, peeled: Peeled): string {
  if (peeled.currency !== null || peeled.symbol) return text;
  const start = ISO_CODE_AT_START.exec(text)?.[1];
  if (start && isIsoCurrency(start)) {
    peeled.currency = start.toUpperCase();
    return text.slice(3).trimStart();
  }
  const end = ISO_CODE_AT_END.exec(text)?.[1];
  if (end && isIsoCurrency(end)) {
    peeled.currency = end.toUpperCase();
    return text.slice(0, -3).trimEnd();
  }
  for (const symbol of CURRENCY_SYMBOLS) {
    if (text.startsWith(symbol)) {
      peeled.symbol = true;
      return text.slice(symbol.length).trimStart();
    }
    if (text.endsWith(symbol)) {
      peeled.symbol = true;
      return text.slice(0, -symbol.length).trimEnd();
    }
  }
  return text;
}

/**
 * Splits an amount text into its sign, currency and digit body. The body is not validated here:
 * it may still hold letters or stray signs, which the digit reader refuses.
 */
export function splitAmountText(input: string): AmountPartsResult {
  let text = input.trim().replaceAll('\u2212', '-');
  if (text === '') return { ok: false, reason: 'empty amount' };
  if (text.length > MAX_AMOUNT_TEXT_LENGTH) {
    return { ok: false, reason: `longer than ${MAX_AMOUNT_TEXT_LENGTH} characters` };
  }
  const peeled: Peeled = { currency: null, symbol: false };
  let markers = 0;
  let negative = false;
  const parenthesised = /^\((.*)\)$/s.exec(text);
  if (parenthesised) {
    text = (parenthesised[1] ?? '').trim();
    negative = true;
    markers += 1;
  }
  text = peelCurrency(text, peeled);
  for (let pass = 0; pass < 2; pass += 1) {
    const first = text[0];
    if (first === '-' || first === '+') {
      text = text.slice(1).trimStart();
      if (first === '-') negative = true;
      markers += 1;
    }
    if (text.length > 1 && text.endsWith('-')) {
      text = text.slice(0, -1).trimEnd();
      negative = true;
      markers += 1;
    }
    text = peelCurrency(text, peeled);
  }
  if (markers > 1) return { ok: false, reason: 'more than one sign' };
  if (text === '') return { ok: false, reason: 'no digits' };
  return { ok: true, negative, body: text, currency: peeled.currency };
}

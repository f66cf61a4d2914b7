import { toMinorUnits } from './money.ts';

/**
 * What a column of imported text holds, decided from its values and its header — the one
 * definition the table import proposes types with (dates are recognised before this, by the
 * import's own layouts). Identifiers look like numbers but are not: a leading zero, a phone
 * number, an account or PIN number stays text, so no digit is lost. A column is money only when
 * its values look like money (a currency code or symbol, parentheses or a trailing minus, two
 * decimals) or its header names an amount; a percentage column is a number, and says so.
 */
export type ValueKind = 'text' | 'number' | 'percent' | 'currency' | 'boolean';

export interface ValueKindGuess {
  kind: ValueKind;
  /** Currency columns: the ISO code the values carry ("KES 1,200"), else null. */
  currency: string | null;
  /** Why, in a finance user's words, when the choice is not obvious from the values; else null. */
  note: string | null;
}

/** Leading zero before another digit (`0716…`, `007`), not `0.50`. */
const LEADING_ZERO = /^[+(]?0\d/;
/** An international phone number: `+254716103413`, `+254 716 103 413`. */
const INTERNATIONAL = /^\+\d[\d ]{7,}$/;
/** A Kenyan number written without the plus: `254716103413`. */
const KENYAN_MSISDN = /^254[17]\d{8}$/;
/** Digits only (spaces allowed between groups), no sign, no decimals. */
const DIGITS = /^\d[\d ]*$/;
const ID_HEADER =
  /phone|mobile|msisdn|tel\b|telephone|\bid\b|_id\b|\bno\b|\bno\.|number|\bnum\b|\bnr\b|account|\bacc\b|\ba\/c\b|\bpin\b|\bkra\b|code|ref|iban|till|paybill|zip|postal/i;
const MONEY_HEADER =
  /amount|balance|debit|credit|paid|price|total|withdraw|deposit|fee|cost|charge|payment|sum|kes|usd|eur|gross|net\b|due/i;
const PERCENT_HEADER = /%|percent|\bpct\b|\brate\b/i;
/** Signs of money in a value: a symbol, parentheses, a trailing minus, an ISO code before the digits. */
const MONEY_SIGN = /[$€£¥₦]|^\(.*\)$|\d-$/;
const CODE = /^[\s(+-]*([A-Z]{3})(?=[\s\d.(-])/;
const PERCENT_VALUE = /^[+-]?\d+(?:[.,]\d+)?\s?%$/;
const PLAIN_NUMBER = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/;
const BOOLEAN_TEXT = new Set(['true', 'false', 'yes', 'no']);
/** Ten digits or more with no grouping is an identifier (an account, a receipt), not a quantity. */
const LONG_DIGITS = 10;

let isoCodes: Set<string> | null = null;
function isIsoCode(code: string): boolean {
  isoCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return isoCodes.has(code);
}

function moneyCode(value: string): string | null {
  const code = CODE.exec(value)?.[1];
  return code && isIsoCode(code) ? code : null;
}

function isAmount(value: string): boolean {
  return toMinorUnits(value, 6) !== null;
}

/** How many decimals a value written with a decimal point has. */
function decimals(value: string): number {
  const dot = value.lastIndexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** Why a column of number-like values is an identifier, or null when it is not one. */
function identifierNote(header: string, present: string[]): string | null {
  if (present.some((v) => INTERNATIONAL.test(v) || KENYAN_MSISDN.test(v.replace(/ /g, '')))) {
    return 'Phone numbers: kept as text, digits and spaces as written';
  }
  if (present.some((v) => LEADING_ZERO.test(v) && !/^0[.,]/.test(v))) {
    return 'Leading zeros: kept as text so no digit is lost';
  }
  if (!present.every((v) => DIGITS.test(v))) return null;
  if (ID_HEADER.test(header) && !MONEY_HEADER.test(header)) {
    return 'Identifiers (numbers that are not quantities): kept as text';
  }
  if (MONEY_HEADER.test(header)) return null;
  if (present.some((v) => v.includes(' '))) return 'Numbers in groups of digits: kept as text';
  if (present.some((v) => v.length >= LONG_DIGITS)) return 'Long numbers (accounts, receipts): kept as text';
  return null;
}

/** The money reading of amount-like values: currency with the reason, or null (a plain number). */
function moneyGuess(header: string, present: string[]): ValueKindGuess | null {
  const code = present.map(moneyCode).find((c) => c !== null) ?? null;
  if (code) return { kind: 'currency', currency: code, note: `Amounts in ${code}` };
  if (present.some((v) => MONEY_SIGN.test(v))) {
    return { kind: 'currency', currency: null, note: 'Amounts: the values carry a sign of money' };
  }
  const upToTwo = present.every((v) => decimals(v) <= 2);
  if (MONEY_HEADER.test(header) && upToTwo) {
    return { kind: 'currency', currency: null, note: 'Amounts: the header names an amount' };
  }
  if (upToTwo && present.some((v) => decimals(v) === 2)) {
    return { kind: 'currency', currency: null, note: 'Amounts: the values have two decimals' };
  }
  if (!present.every((v) => PLAIN_NUMBER.test(v))) {
    return { kind: 'currency', currency: null, note: null };
  }
  return null;
}

/**
 * The kind of a column from its non-empty values and its header (see the module's comment).
 * Order: percentages, identifiers, money, numbers, booleans, else text.
 */
export function guessValueKind(header: string, values: readonly string[]): ValueKindGuess {
  const present = values.map((v) => v.trim()).filter((v) => v !== '');
  const text: ValueKindGuess = { kind: 'text', currency: null, note: null };
  if (present.length === 0) return text;
  if (present.every((v) => PERCENT_VALUE.test(v))) {
    return { kind: 'percent', currency: null, note: 'Percentages: 16% is kept as the number 16' };
  }
  const identifier = identifierNote(header, present);
  if (identifier) return { kind: 'text', currency: null, note: identifier };
  if (present.every(isAmount)) {
    if (PERCENT_HEADER.test(header) && present.every((v) => PLAIN_NUMBER.test(v))) {
      return { kind: 'percent', currency: null, note: 'Percentages: the header names a rate' };
    }
    return moneyGuess(header, present) ?? { kind: 'number', currency: null, note: null };
  }
  if (present.every((v) => BOOLEAN_TEXT.has(v.toLowerCase()))) {
    return { kind: 'boolean', currency: null, note: null };
  }
  return text;
}

/** Digits in spaced groups that are not thousands (`0716 103 413`, `12 34`), unlike `1 234 567`. */
const ODD_GROUPS = /^\d+(?: \d+)+$/;
const THOUSANDS = /^\d{1,3}(?: \d{3})+$/;

/**
 * Whether one value is written like an identifier, whose text a number or amount would not keep: a
 * leading zero (`0716103413`, not `0.50`), a phone (`+254…`, `2547…` with 12 digits), digits in
 * groups that are not thousands (`0716 103 413`). What a table keeps besides a typed cell, so that a
 * wrong type is undone without loss.
 */
export function looksLikeIdentifier(value: string): boolean {
  const text = value.trim();
  const first = text.charCodeAt(0);
  // Checked per imported cell: most amounts are out after a character or two, without a regex.
  if (first === 43) return INTERNATIONAL.test(text); // +
  if (first === 40) return LEADING_ZERO.test(text) && !/^\(0[.,]/.test(text); // (
  if (first < 48 || first > 57) return false;
  if (first === 48 && text.length > 1) {
    const second = text.charCodeAt(1);
    if (second >= 48 && second <= 57) return true; // 07…, 007
  }
  if (text.length >= 12 && KENYAN_MSISDN.test(text.replace(/ /g, ''))) return true;
  return text.includes(' ') && ODD_GROUPS.test(text) && !THOUSANDS.test(text);
}

/** A percentage as its number (`16%` → 16, `7.5 %` → 7.5); null when it is not one. */
export function percentNumber(value: string): number | null {
  const text = value.trim();
  if (!PERCENT_VALUE.test(text)) return null;
  const number = Number(text.replace('%', '').trim().replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

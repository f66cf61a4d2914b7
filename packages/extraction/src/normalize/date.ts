import { fixOcrConfusions } from './ocr-confusions.ts';

/**
 * A date as documents write it, to ISO "YYYY-MM-DD": numeric ("12/03/2026", "12.03.26",
 * "2026-03-12", "20260312"), with month names ("12 March 2026", "12-Mar-2026", "March 12th, 2026",
 * "Thu, 12 Mar 2026", "2026 Mar 12"), or by explicit formats ("DD/MM/YYYY", "D MMM YYYY", "YYYYMMDD";
 * tokens YYYY YY MMMM MMM MM M DD D, anything else literal).
 *
 * An ambiguous numeric date follows the model's date order. `certainty` is 1 for a reading as
 * configured; 0.85 when only the other day/month order makes a valid date ("03/25/2026" in a DMY
 * model) or when OCR confusions had to be undone ("l2/O3/2026").
 */
export type DateOrder = 'DMY' | 'MDY' | 'YMD';

export interface DateValue {
  iso: string;
  certainty: number;
  /** True when the date is only part of the text ("Date: 1/2/2026"). */
  partial?: boolean;
}

const MONTHS = [
  ['january', 'jan'],
  ['february', 'feb'],
  ['march', 'mar'],
  ['april', 'apr'],
  ['may', 'may'],
  ['june', 'jun'],
  ['july', 'jul'],
  ['august', 'aug'],
  ['september', 'sep', 'sept'],
  ['october', 'oct'],
  ['november', 'nov'],
  ['december', 'dec'],
] as const;

function monthOf(name: string): number | null {
  const lower = name.toLowerCase().replace(/\.$/, '');
  const index = MONTHS.findIndex((names) => (names as readonly string[]).includes(lower));
  return index >= 0 ? index + 1 : null;
}

function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

/** ISO date of y-m-d when it exists on the calendar. */
function isoOf(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1900 || year > 2200) return null;
  if (month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const WEEKDAYS = /\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday|sday)?\b\.?,?/gi;

function clean(text: string): string {
  return text
    .replace(WEEKDAYS, ' ')
    .replace(/(\d)(?:st|nd|rd|th)\b/gi, '$1')
    .replace(/,/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

type Reader = (match: RegExpExecArray, order: DateOrder) => DateValue | null;

const NUMERIC_YEAR_FIRST = /(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/;
const NUMERIC_YEAR_LAST = /(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4}|\d{2})/;
const DAY_MONTH_NAME = /(\d{1,2})[-. ]?([A-Za-z]{3,9})\.?[-. ]?(\d{4}|\d{2})/;
const MONTH_NAME_DAY = /([A-Za-z]{3,9})\.?[-. ]?(\d{1,2})[-. ]+(\d{4})/;
const YEAR_MONTH_NAME = /(\d{4})[-. ]([A-Za-z]{3,9})\.?[-. ](\d{1,2})/;
const COMPACT = /(\d{8})/;

const READERS: [RegExp, Reader][] = [
  [NUMERIC_YEAR_FIRST, (m) => certain(isoOf(Number(m[1]), Number(m[2]), Number(m[3])))],
  [
    NUMERIC_YEAR_LAST,
    (m, order) => {
      const year = fullYear(m[3]!);
      const a = Number(m[1]);
      const b = Number(m[2]);
      const [first, second] =
        order === 'MDY' ? [isoOf(year, a, b), isoOf(year, b, a)] : [isoOf(year, b, a), isoOf(year, a, b)];
      if (first) return { iso: first, certainty: 1 };
      return second ? { iso: second, certainty: 0.85 } : null;
    },
  ],
  [DAY_MONTH_NAME, (m) => certain(withMonth(m[3]!, m[2]!, m[1]!))],
  [MONTH_NAME_DAY, (m) => certain(withMonth(m[3]!, m[1]!, m[2]!))],
  [YEAR_MONTH_NAME, (m) => certain(withMonth(m[1]!, m[2]!, m[3]!))],
  [
    COMPACT,
    (m, order) => {
      const s = m[1]!;
      const ymd = isoOf(Number(s.slice(0, 4)), Number(s.slice(4, 6)), Number(s.slice(6, 8)));
      const d = Number(s.slice(0, 2));
      const mo = Number(s.slice(2, 4));
      const y = Number(s.slice(4, 8));
      const other = order === 'MDY' ? isoOf(y, d, mo) : isoOf(y, mo, d);
      return certain(ymd ?? other);
    },
  ],
];

function withMonth(year: string, month: string, day: string): string | null {
  const number = monthOf(month);
  return number ? isoOf(fullYear(year), number, Number(day)) : null;
}

function certain(iso: string | null): DateValue | null {
  return iso ? { iso, certainty: 1 } : null;
}

function readAuto(text: string, order: DateOrder, anywhere: boolean): DateValue | null {
  for (const [pattern, read] of READERS) {
    const source = anywhere ? `(?<![\\dA-Za-z])${pattern.source}(?![\\dA-Za-z])` : `^${pattern.source}$`;
    const match = new RegExp(source, 'i').exec(text);
    if (!match) continue;
    const value = read(match, order);
    if (value) return value;
  }
  return null;
}

/** Reads a date by explicit formats ("DD/MM/YYYY"); null when none reads it. */
function readByFormats(text: string, formats: readonly string[]): DateValue | null {
  for (const format of formats) {
    const groups: string[] = [];
    const source = format.replace(/YYYY|YY|MMMM|MMM|MM|M|DD|D|\s+|[^YMD\s]+/g, (token) => {
      if (/^\s+$/.test(token)) return '\\s*';
      if (!/^[YMD]+$/.test(token)) return token.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
      groups.push(token);
      if (token === 'YYYY') return '(\\d{4})';
      if (token === 'YY') return '(\\d{2})';
      if (token === 'MMMM' || token === 'MMM') return '([A-Za-z]{3,9})\\.?';
      if (token === 'MM' || token === 'DD') return '(\\d{2})';
      return '(\\d{1,2})';
    });
    const match = new RegExp(`^${source}$`, 'i').exec(text);
    if (!match) continue;
    let year = 0;
    let month = 0;
    let day = 0;
    groups.forEach((token, i) => {
      const value = match[i + 1]!;
      if (token.startsWith('Y')) year = fullYear(value);
      else if (token === 'MMMM' || token === 'MMM') month = monthOf(value) ?? 0;
      else if (token.startsWith('M')) month = Number(value);
      else day = Number(value);
    });
    const iso = isoOf(year, month, day);
    if (iso) return { iso, certainty: 1 };
  }
  return null;
}

function partly(value: DateValue | null): DateValue | null {
  return value ? { ...value, partial: true } : null;
}

export function readDate(input: string, order: DateOrder, formats: readonly string[] = []): DateValue | null {
  const text = clean(input);
  if (text === '') return null;
  if (formats.length > 0) {
    const exact = readByFormats(input.trim(), formats) ?? readByFormats(text, formats);
    if (exact) return exact;
  }
  const inside = readAuto(text, order, false) ?? partly(readAuto(text, order, true));
  if (inside) return formats.length > 0 ? { ...inside, certainty: Math.min(inside.certainty, 0.9) } : inside;
  // OCR confusions in an all-numeric date ("l2/O3/2O26"): undo them and say so.
  if (!/[A-Za-z]{3}/.test(text)) {
    const fixed = fixOcrConfusions(text, 'digits');
    if (fixed !== text) {
      const read = readAuto(fixed, order, false) ?? partly(readAuto(fixed, order, true));
      if (read) return { ...read, certainty: Math.min(read.certainty, 0.85) };
    }
  }
  return null;
}

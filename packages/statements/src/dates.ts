/** Calendar helpers: every reader returns dates as yyyy-mm-dd and refuses impossible ones (2024-02-30). */

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const last = month === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[month - 1]!;
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `2014-12-31` or `2014-12-31T13:15:00+01:00` → `2014-12-31` (the date as the bank wrote it, no shift). */
export function isoDatePrefix(value: string | undefined | null): string | null {
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** `20120928`, `20260323120000[-5]` → `2012-09-28`. */
export function compactDate(value: string | undefined | null): string | null {
  const match = /^\s*(\d{4})(\d{2})(\d{2})/.exec(value ?? '');
  if (!match) return null;
  return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

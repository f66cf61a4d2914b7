import type { ImportDateFormat } from '@counterpart/contracts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** A trailing time of day ("10:22", "10:22:01", "T10:22:01Z") is allowed and dropped. */
const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?[AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?)?`;

type Parts = (match: RegExpExecArray) => [year: number, month: number, day: number];

const numeric =
  (y: number, m: number, d: number): Parts =>
  (match) => [Number(match[y]), Number(match[m]), Number(match[d])];
const named: Parts = (match) => [
  Number(match[3]),
  MONTHS.indexOf((match[2] ?? '').slice(0, 3).toLowerCase()) + 1,
  Number(match[1]),
];

const FORMATS: Record<ImportDateFormat, { pattern: RegExp; parts: Parts }> = {
  'yyyy-mm-dd': { pattern: new RegExp(`^(\\d{4})-(\\d{1,2})-(\\d{1,2})${TIME}$`), parts: numeric(1, 2, 3) },
  'dd/mm/yyyy': { pattern: new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{4})${TIME}$`), parts: numeric(3, 2, 1) },
  'mm/dd/yyyy': { pattern: new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{4})${TIME}$`), parts: numeric(3, 1, 2) },
  'dd.mm.yyyy': {
    pattern: new RegExp(`^(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})${TIME}$`),
    parts: numeric(3, 2, 1),
  },
  'dd-mm-yyyy': { pattern: new RegExp(`^(\\d{1,2})-(\\d{1,2})-(\\d{4})${TIME}$`), parts: numeric(3, 2, 1) },
  'dd-mmm-yyyy': { pattern: new RegExp(`^(\\d{1,2})-([A-Za-z]{3,9})-(\\d{4})${TIME}$`), parts: named },
  'dd mmm yyyy': { pattern: new RegExp(`^(\\d{1,2}) ([A-Za-z]{3,9}),? (\\d{4})${TIME}$`), parts: named },
  'yyyy/mm/dd': { pattern: new RegExp(`^(\\d{4})/(\\d{1,2})/(\\d{1,2})${TIME}$`), parts: numeric(1, 2, 3) },
};

/** The order formats are tried in when guessing (day first before month first: most of the world). */
export const DATE_FORMAT_ORDER = Object.keys(FORMATS) as ImportDateFormat[];

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isDigits(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The common case without a regular expression or a Date: exactly yyyy-mm-dd. */
function plainIsoDate(text: string): string | null | undefined {
  if (text.length !== 10 || text[4] !== '-' || text[7] !== '-') return undefined;
  if (!isDigits(text, 0, 4) || !isDigits(text, 5, 7) || !isDigits(text, 8, 10)) return undefined;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return month >= 1 && day >= 1 && day <= days ? text : null;
}

/** `text` in `format` as yyyy-mm-dd, or null when it does not follow the format or is no calendar date. */
export function toIsoDate(text: string, format: ImportDateFormat): string | null {
  if (format === 'yyyy-mm-dd') {
    const plain = plainIsoDate(text);
    if (plain !== undefined) return plain;
  }
  const spec = FORMATS[format];
  const match = spec.pattern.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = spec.parts(match);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The first format (in DATE_FORMAT_ORDER) that reads every value, or null. */
export function guessDateFormat(values: string[]): ImportDateFormat | null {
  if (values.length === 0) return null;
  return (
    DATE_FORMAT_ORDER.find((format) => values.every((value) => toIsoDate(value, format) !== null)) ?? null
  );
}

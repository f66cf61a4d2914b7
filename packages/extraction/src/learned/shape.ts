import type { ModelConfiguration } from '@counterpart/contracts';
import type { LearnedShape } from './types.ts';

/**
 * Value shapes: what a date, an amount, a number or an identifier looks like. The learner uses
 * them to keep only the token spans that could be a field's value, and to learn an identifier's
 * pattern (INV-\d+) from its examples.
 */
type Conf = Pick<ModelConfiguration, 'date_order' | 'decimal_separator'>;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';

function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2100) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function monthOf(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3) as (typeof MONTHS)[number]) + 1;
}

/** The ISO date a text spells, in the model's date order for numeric dates; null if it is no date. */
export function readDate(text: string, conf: Conf): string | null {
  const t = text.trim().toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ');
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (m) return iso(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(t);
  if (m) {
    const [a, b, y] = [+m[1]!, +m[2]!, +m[3]!];
    return conf.date_order === 'MDY' ? iso(y, a, b) : iso(y, b, a);
  }
  m = new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?[ -]${MONTH}[ -](\\d{2}|\\d{4})$`).exec(t);
  if (m) return iso(+m[3]!, monthOf(m[2]!), +m[1]!);
  m = new RegExp(`^${MONTH} (\\d{1,2})(?:st|nd|rd|th)? (\\d{4})$`).exec(t);
  if (m) return iso(+m[3]!, monthOf(m[1]!), +m[2]!);
  return null;
}

const CURRENCY = /^(?:[A-Z]{3}|KSH|KSHS|Ksh|Kshs|[$€£])\.?\s*/;

/**
 * An amount's minor units (as a string) and currency if the text is one: "1,471.60", "1.471,60" (with
 * decimal separator ","), "1 471,60", "KES 12,000.00", "(1,234.50)", "1 234.50-". Null if not.
 */
export function readAmount(text: string, conf: Conf): { minor: string; currency: string | null } | null {
  let t = text.trim();
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1).trim();
  }
  let currency: string | null = null;
  const cm = CURRENCY.exec(t);
  if (cm) {
    currency = cm[0].replace(/[.\s]/g, '').toUpperCase();
    t = t.slice(cm[0].length);
  }
  const trail = /\s*([A-Z]{3})$/.exec(t);
  if (!currency && trail) {
    currency = trail[1]!;
    t = t.slice(0, trail.index);
  }
  if (t.startsWith('-')) {
    negative = !negative;
    t = t.slice(1).trim();
  } else if (t.endsWith('-')) {
    negative = !negative;
    t = t.slice(0, -1).trim();
  }
  const dec = conf.decimal_separator;
  const group = dec === '.' ? '[,\\s\u00a0\u202f]' : '[.\\s\u00a0\u202f]';
  const re = new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:\\${dec}(\\d{1,2}))?$`);
  const m = re.exec(t);
  if (!m) return null;
  const whole = m[1]!.replace(/\D/g, '');
  const frac = (m[2] ?? '').padEnd(2, '0');
  const minor = BigInt(whole + frac).toString();
  if (currency === 'KSH' || currency === 'KSHS') currency = 'KES';
  if (['$'].includes(currency ?? '')) currency = 'USD';
  if (currency === '€') currency = 'EUR';
  if (currency === '£') currency = 'GBP';
  return { minor: negative && minor !== '0' ? `-${minor}` : minor, currency };
}

/** A plain decimal number as an exact string with a dot, or null. */
export function readNumber(text: string, conf: Conf): string | null {
  const t = text.trim().replace(/[\s\u00a0]/g, '');
  const dec = conf.decimal_separator === '.' ? '\\.' : ',';
  const grp = conf.decimal_separator === '.' ? ',' : '\\.';
  const m = new RegExp(`^(-?)(\\d{1,3}(?:${grp}\\d{3})+|\\d+)(?:${dec}(\\d+))?$`).exec(t);
  if (!m) return null;
  const whole = m[2]!.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return `${m[1]}${whole}${m[3] ? `.${m[3]}` : ''}`;
}

/** The character-class signature of an identifier: INV-00123 → INV-\d+ (letters kept literally when asked). */
export function signature(text: string, keepLetters: boolean): string {
  let out = '';
  let last = '';
  for (const ch of text) {
    let cls: string;
    if (/\d/.test(ch)) cls = '\\d+';
    else if (/[A-Z]/.test(ch)) cls = keepLetters ? ch : '[A-Z]+';
    else if (/[a-z]/.test(ch)) cls = keepLetters ? ch : '[a-z]+';
    else cls = ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    if (cls.endsWith('+') && cls === last) continue;
    out += cls;
    last = cls;
  }
  return out;
}

function isIdentifier(text: string): boolean {
  return /\d/.test(text) && /^[A-Za-z0-9#][A-Za-z0-9/_.#-]*$/.test(text) && text.length <= 40;
}

/** Learns a field's shape from its examples' values and the label's type. */
export function learnShape(
  type: 'text' | 'number' | 'amount' | 'date',
  values: { text: string; tokens: number }[],
  conf: Conf,
): LearnedShape {
  const min_tokens = Math.min(...values.map((v) => v.tokens));
  const max_tokens = Math.max(...values.map((v) => v.tokens));
  const base = { pattern: null, min_tokens, max_tokens };
  if (type !== 'text') return { kind: type, ...base };
  const texts = values.map((v) => v.text.trim());
  if (texts.every((t) => readDate(t, conf))) return { kind: 'date', ...base };
  if (texts.every((t) => isIdentifier(t))) {
    const literal = new Set(texts.map((t) => signature(t, true)));
    if (literal.size === 1) return { kind: 'id', ...base, pattern: [...literal][0]! };
    // Keep the letters every example starts with (INV-), generalise the rest.
    let prefix = texts[0]!;
    for (const t of texts) while (!t.startsWith(prefix)) prefix = prefix.slice(0, -1);
    prefix = prefix.replace(/\d+$/, '');
    const rests = new Set(texts.map((t) => signature(t.slice(prefix.length), false)));
    const rest = rests.size === 1 ? [...rests][0]! : '[A-Za-z0-9/_.#-]*\\d[A-Za-z0-9/_.#-]*';
    return { kind: 'id', ...base, pattern: signature(prefix, true) + rest };
  }
  if (texts.every((t) => readAmount(t, conf) || readAmount(t, otherSeparator(conf))))
    return { kind: 'amount', ...base };
  return { kind: 'text', ...base };
}

/** The same settings with the other decimal separator: a vendor writing 1.471,60 in a model set to "." */
function otherSeparator(conf: Conf): Conf {
  return { ...conf, decimal_separator: conf.decimal_separator === '.' ? ',' : '.' };
}

/**
 * How well a text fits a shape: 1 fits, 0.5 is of the same family (an identifier of another
 * pattern), 0 does not; null when it cannot be this field's value at all (a date field's non-date).
 */
const fits = new Map<string, number | null>();

export function shapeFit(shape: LearnedShape, text: string, conf: Conf): number | null {
  // The same spans are tried for every field: remember the answers (bounded).
  const key = `${shape.kind}|${shape.pattern ?? ''}|${conf.date_order}|${conf.decimal_separator}|${text}`;
  const known = fits.get(key);
  if (known !== undefined) return known;
  if (fits.size > 100_000) fits.clear();
  const fit = computeFit(shape, text, conf);
  fits.set(key, fit);
  return fit;
}

function computeFit(shape: LearnedShape, text: string, conf: Conf): number | null {
  switch (shape.kind) {
    case 'date':
      return readDate(text, conf) ? 1 : null;
    case 'amount':
      return readAmount(text, conf) ? 1 : readAmount(text, otherSeparator(conf)) ? 0.9 : null;
    case 'number':
      return readNumber(text, conf) !== null || readAmount(text, conf)
        ? 1
        : readAmount(text, otherSeparator(conf))
          ? 0.9
          : null;
    case 'id':
      if (readDate(text, conf)) return 0;
      if (shape.pattern && new RegExp(`^(?:${shape.pattern})$`).test(text)) return 1;
      return isIdentifier(text) ? 0.5 : 0;
    default:
      return readDate(text, conf) || readAmount(text, conf) ? 0.3 : 1;
  }
}

/** A shape in words, for the AI view: "INV-\d+", "date", "amount", "text (1–3 words)". */
export function describeShape(shape: LearnedShape): string {
  if (shape.kind === 'id') return shape.pattern ?? 'identifier';
  if (shape.kind === 'text') {
    const n =
      shape.min_tokens === shape.max_tokens
        ? `${shape.min_tokens}`
        : `${shape.min_tokens}–${shape.max_tokens}`;
    return `text (${n} word${shape.max_tokens === 1 ? '' : 's'})`;
  }
  return shape.kind;
}

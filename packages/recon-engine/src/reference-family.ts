/**
 * Reference key family: the shapes payers give one invoice number — `INV-2026-000123`, `INV2026000123`,
 * `inv-2026-000123`, `INV 2026/000123`, `INV000123`, `123` — reduced to (prefix, year, number): letters
 * in front, a year 2000–2099 right after them, and the number without its zero padding. Two families
 * meet when their numbers are equal and their prefixes and years are equal or missing on one side. A
 * bare number (no prefix, no year) is weak: it only counts together with an equal amount.
 */
import type { Prepared } from './prepare.ts';

export interface ReferenceFamily {
  /** Letters in front (`INV`), '' when none. */
  prefix: string;
  /** 2000–2099, 0 when none. */
  year: number;
  /** The number without zero padding (`123`). */
  number: string;
}

const MAX_PREFIX = 5;
/** Words that label a reference rather than begin it (`Acc. 123`, `Ref 123`). */
const LABELS = new Set(['ACC', 'AC', 'ACCT', 'REF', 'NO', 'NR', 'NUM']);
const MAX_NUMBER_DIGITS = 9;

/**
 * The family of one chunk's letters and digits (`INV2026000123`, `000123`), or null: it must be letters
 * (at most five) then digits; phones, receipts (letters and digits mixed) and long numbers are none.
 */
export function familyOfCompact(compact: string): ReferenceFamily | null {
  let i = 0;
  while (i < compact.length && compact.charCodeAt(i) >= 65 && compact.charCodeAt(i) <= 90) i++;
  if (i > MAX_PREFIX || i === compact.length) return null;
  const prefix = compact.slice(0, i);
  for (let j = i; j < compact.length; j++) {
    const code = compact.charCodeAt(j);
    if (code < 48 || code > 57) return null;
  }
  let digits = compact.slice(i);
  let year = 0;
  // A year right after the prefix when more digits follow it (`2026000123`; `2026` alone is a number).
  if (digits.length > 4 && digits.startsWith('20')) {
    year = Number(digits.slice(0, 4));
    digits = digits.slice(4);
  }
  const number = digits.replace(/^0+/, '');
  if (number === '' || number.length > MAX_NUMBER_DIGITS) return null;
  return { prefix, year, number };
}

/**
 * The families in a text: each white-space chunk compacted (`INV-2026-000123` → `INV2026000123`,
 * `2026/000123` → `2026000123`); a lone prefix chunk joins the next one (`INV 2026/000123`).
 */
export function referenceFamilies(text: string): ReferenceFamily[] {
  // A hand-written scanner (it runs for every right record's reference and the open left records).
  const families: ReferenceFamily[] = [];
  const length = text.length;
  let pending = '';
  let i = 0;
  while (i < length) {
    while (i < length && isSpace(text.charCodeAt(i))) i++;
    if (i >= length) break;
    let compact = '';
    let letters = 0;
    let digits = 0;
    let masked = false;
    for (; i < length && !isSpace(text.charCodeAt(i)); i++) {
      const code = text.charCodeAt(i);
      if (code >= 48 && code <= 57) {
        compact += text[i];
        digits++;
      } else if (code >= 65 && code <= 90) {
        compact += text[i];
        letters++;
      } else if (code >= 97 && code <= 122) {
        compact += String.fromCharCode(code - 32);
        letters++;
      } else if (code === 42) masked = true;
    }
    // Masked phones (`2547******123`) and labels (`Acc.`) are no references.
    if (masked || compact === '' || LABELS.has(compact)) {
      pending = '';
      continue;
    }
    if (digits === 0) {
      pending = letters >= 2 && letters <= MAX_PREFIX ? compact : '';
      continue;
    }
    if (pending !== '' && letters === 0) compact = pending + compact;
    pending = '';
    const family = familyOfCompact(compact);
    if (family && !families.some((known) => sameFamily(known, family))) families.push(family);
  }
  return families;
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160;
}

function sameFamily(a: ReferenceFamily, b: ReferenceFamily): boolean {
  return a.number === b.number && a.prefix === b.prefix && a.year === b.year;
}

/** Whether two families name one invoice: equal numbers; prefixes and years equal or missing on one side. */
export function familiesMeet(a: ReferenceFamily, b: ReferenceFamily): boolean {
  return (
    a.number === b.number &&
    (a.prefix === '' || b.prefix === '' || a.prefix === b.prefix) &&
    (a.year === 0 || b.year === 0 || a.year === b.year)
  );
}

/** A bare number (`123`): no prefix and no year. */
export function isBare(family: ReferenceFamily): boolean {
  return family.prefix === '' && family.year === 0;
}

interface FamilyCache {
  left: Array<ReferenceFamily[] | undefined>;
  right: ReferenceFamily[][];
  /** Family number → right records carrying it. */
  byNumber: Map<string, number[]>;
}

const caches = new WeakMap<Prepared, FamilyCache>();

/** The run's families: every right record's reference parsed once (when first asked), left ones lazily. */
function cacheOf(prepared: Prepared): FamilyCache {
  let cache = caches.get(prepared);
  if (!cache) {
    const right: ReferenceFamily[][] = [];
    const byNumber = new Map<string, number[]>();
    prepared.right.records.forEach((record, r) => {
      const families = referenceFamilies(record.reference);
      right.push(families);
      for (const family of families) {
        const list = byNumber.get(family.number);
        if (list) list.push(r);
        else byNumber.set(family.number, [r]);
      }
    });
    cache = { left: new Array(prepared.left.records.length), right, byNumber };
    caches.set(prepared, cache);
  }
  return cache;
}

/** The families of a left record's reference and text. */
export function leftFamilies(prepared: Prepared, l: number): ReferenceFamily[] {
  const cache = cacheOf(prepared);
  let families = cache.left[l];
  if (families === undefined) {
    const record = prepared.left.records[l]!;
    families = referenceFamilies(record.text ? `${record.reference} ${record.text}` : record.reference);
    cache.left[l] = families;
  }
  return families;
}

/** Right records whose family number is one of the left record's (blocks over `maxBlock` skipped). */
export function familyCandidates(
  prepared: Prepared,
  l: number,
  maxBlock: number,
  visit: (r: number) => void,
) {
  const cache = cacheOf(prepared);
  for (const family of leftFamilies(prepared, l)) {
    const list = cache.byNumber.get(family.number);
    if (list && list.length <= maxBlock) for (const r of list) visit(r);
  }
}

/**
 * The reference score a family meeting gives: 0.95 for a prefixed or dated number, 0.9 for a bare
 * number with an equal amount, else 0.
 */
export function familyScore(prepared: Prepared, l: number, r: number, amountEqual: boolean): number {
  const rightFamilies = cacheOf(prepared).right[r]!;
  if (rightFamilies.length === 0) return 0;
  let best = 0;
  for (const left of leftFamilies(prepared, l)) {
    for (const right of rightFamilies) {
      if (!familiesMeet(left, right)) continue;
      best = Math.max(best, isBare(left) ? (amountEqual ? 0.9 : 0) : 0.95);
    }
  }
  return best;
}

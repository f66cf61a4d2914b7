/**
 * Reference key family: the shapes payers give one invoice number — `INV-2026-000123`, `INV2026000123`,
 * `inv-2026-000123`, `INV 2026/000123`, `INV000123`, `123` — reduced to (prefix, year, number): letters
 * in front, a year 2000–2099 right after them, and the number without its zero padding. Two families
 * meet when their numbers are equal and their prefixes and years are equal or missing on one side. A
 * bare number (no prefix, no year) is weak: it only counts together with an equal amount.
 *
 * Packed, a family is two 32-bit integers read straight from the text (no string, array or object per
 * record): its number (at most 9 digits once unpadded: an exact integer) and a tag, prefix code × 128 +
 * year code (the prefix's letters in base 27 with A = 1, 0 when none; the year − 1999, 0 when none).
 * The run's families sit in typed arrays: every right record's, and a left record's when first asked.
 */
import type { CandidateSet } from './candidate-set.ts';
import { sortPairs } from './pair-sort.ts';
import type { Prepared } from './prepare.ts';
import { int32Array } from './typed-memory.ts';

export interface ReferenceFamily {
  /** Letters in front (`INV`), '' when none. */
  prefix: string;
  /** 2000–2099, 0 when none. */
  year: number;
  /** The number without zero padding (`123`). */
  number: string;
}

const MAX_PREFIX = 5;
const MAX_NUMBER_DIGITS = 9;
/** Year codes (1–100 for 2000–2099, 0 for none) below this: tag = prefix code × YEARS + year code. */
const YEARS = 128;

/** The base-27 code of up to MAX_PREFIX letters (A or a = 1 … Z or z = 26). */
function prefixCode(letters: string): number {
  let code = 0;
  for (let i = 0; i < letters.length; i++) code = code * 27 + (letters.charCodeAt(i) & 0x1f);
  return code;
}

/** Words that label a reference rather than begin it (`Acc. 123`, `Ref 123`), as prefix codes. */
const LABELS = new Set(['ACC', 'AC', 'ACCT', 'REF', 'NO', 'NR', 'NUM'].map(prefixCode));

/** Families as parallel number and tag arrays, grown as they are appended. */
class FamilyList {
  number = int32Array(1024);
  tag = int32Array(1024);
  size = 0;

  /** Appends a family unless one of `[from, size)` is the same. */
  add(from: number, number: number, tag: number): void {
    for (let i = from; i < this.size; i++) if (this.number[i] === number && this.tag[i] === tag) return;
    if (this.size === this.number.length) {
      const numbers = int32Array(this.size * 2);
      numbers.set(this.number);
      this.number = numbers;
      const tags = int32Array(this.size * 2);
      tags.set(this.tag);
      this.tag = tags;
    }
    this.number[this.size] = number;
    this.tag[this.size++] = tag;
  }
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160;
}

/**
 * Appends the families in a text to `into` (once each since `from`): each white-space chunk's letters and
 * digits (`INV-2026-000123` → INV 2026000123, `2026/000123` → 2026000123) must be at most five letters
 * then digits (phones, receipts — letters and digits mixed — and long numbers are none); a lone prefix
 * chunk joins the next one (`INV 2026/000123`). `pending` is a lone prefix carried in from the text
 * before (a record's reference, then its text); the one left at the end is returned.
 */
function scanFamilies(text: string, into: FamilyList, from: number, pending: number): number {
  const length = text.length;
  let i = 0;
  while (i < length) {
    while (i < length && isSpace(text.charCodeAt(i))) i++;
    if (i >= length) break;
    const start = i;
    let letters = 0;
    let digits = 0;
    let masked = false;
    let letterAfterDigit = false;
    let code = 0;
    let firstDigit = 0;
    let secondDigit = 0;
    for (; i < length; i++) {
      const c = text.charCodeAt(i);
      if (isSpace(c)) break;
      if (c >= 48 && c <= 57) {
        if (digits === 0) firstDigit = c;
        else if (digits === 1) secondDigit = c;
        digits++;
      } else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
        if (digits > 0) letterAfterDigit = true;
        if (letters < MAX_PREFIX) code = code * 27 + (c & 0x1f);
        letters++;
      } else if (c === 42) masked = true;
    }
    // Masked phones (`2547******123`) and labels (`Acc.`) are no references.
    if (masked || letters + digits === 0) {
      pending = 0;
      continue;
    }
    if (digits === 0) {
      pending = letters >= 2 && letters <= MAX_PREFIX && !LABELS.has(code) ? code : 0;
      continue;
    }
    const prefix = letters === 0 ? pending : code;
    pending = 0;
    if (letterAfterDigit || letters > MAX_PREFIX) continue;
    // A year right after the prefix when more digits follow it (`2026000123`; `2026` alone is a number).
    const dated = digits > 4 && firstDigit === 50 && secondDigit === 48;
    let year = 0;
    let number = 0;
    let significant = 0;
    let seen = 0;
    for (let j = start; j < i && significant <= MAX_NUMBER_DIGITS; j++) {
      const c = text.charCodeAt(j);
      if (c < 48 || c > 57) continue;
      const digit = c - 48;
      if (dated && seen < 4) year = year * 10 + digit;
      else if (significant > 0 || digit > 0) {
        number = number * 10 + digit;
        significant++;
      }
      seen++;
    }
    if (significant === 0 || significant > MAX_NUMBER_DIGITS) continue;
    into.add(from, number, prefix * YEARS + (dated ? year - 1999 : 0));
  }
  return pending;
}

/** Whether two tags agree: prefixes and years equal or missing on one side. */
function tagsMeet(a: number, b: number): boolean {
  const prefixA = a >>> 7;
  const prefixB = b >>> 7;
  const yearA = a & (YEARS - 1);
  const yearB = b & (YEARS - 1);
  return (
    (prefixA === 0 || prefixB === 0 || prefixA === prefixB) && (yearA === 0 || yearB === 0 || yearA === yearB)
  );
}

function unpack(number: number, tag: number): ReferenceFamily {
  let prefix = '';
  for (let code = tag >>> 7; code > 0; code = Math.floor(code / 27))
    prefix = String.fromCharCode(64 + (code % 27)) + prefix;
  const year = tag & (YEARS - 1);
  return { prefix, year: year === 0 ? 0 : year + 1999, number: String(number) };
}

/** The families in a text, in the order they appear (what blocking and scoring read, unpacked). */
export function referenceFamilies(text: string): ReferenceFamily[] {
  const list = new FamilyList();
  scanFamilies(text, list, 0, 0);
  const families: ReferenceFamily[] = [];
  for (let i = 0; i < list.size; i++) families.push(unpack(list.number[i]!, list.tag[i]!));
  return families;
}

/** Whether two families name one invoice: equal numbers; prefixes and years equal or missing on one side. */
export function familiesMeet(a: ReferenceFamily, b: ReferenceFamily): boolean {
  const tag = (family: ReferenceFamily) =>
    prefixCode(family.prefix) * YEARS + (family.year === 0 ? 0 : family.year - 1999);
  return a.number === b.number && tagsMeet(tag(a), tag(b));
}

interface FamilyCache {
  /** Right record r's families: [rightStart[r], rightStart[r + 1]) of `right`. */
  rightStart: Int32Array;
  right: FamilyList;
  /** Every right family's number, sorted (stably), beside the record carrying it: a number's block is a range. */
  numbers: Int32Array;
  records: Int32Array;
  /** Left record l's families: [leftFrom[l], leftTo[l]) of `left`, once worked out (leftFrom -1 until then). */
  leftFrom: Int32Array;
  leftTo: Int32Array;
  left: FamilyList;
}

const caches = new WeakMap<Prepared, FamilyCache>();

/** The run's families: every right record's reference parsed once (when first asked), left ones lazily. */
function cacheOf(prepared: Prepared): FamilyCache {
  let cache = caches.get(prepared);
  if (!cache) {
    const records = prepared.right.records;
    const right = new FamilyList();
    const rightStart = int32Array(records.length + 1);
    for (let r = 0; r < records.length; r++) {
      scanFamilies(records[r]!.reference, right, right.size, 0);
      rightStart[r + 1] = right.size;
    }
    const numbers = int32Array(right.size);
    numbers.set(right.number.subarray(0, right.size));
    const owners = int32Array(right.size);
    for (let r = 0; r < records.length; r++) owners.fill(r, rightStart[r]!, rightStart[r + 1]!);
    sortPairs(numbers, owners);
    const leftCount = prepared.left.records.length;
    cache = {
      rightStart,
      right,
      numbers,
      records: owners,
      leftFrom: int32Array(leftCount).fill(-1),
      leftTo: int32Array(leftCount),
      left: new FamilyList(),
    };
    caches.set(prepared, cache);
  }
  return cache;
}

/** Left record l's families (its reference and text) into the cache, when not there yet. */
function leftFamiliesOf(prepared: Prepared, cache: FamilyCache, l: number): void {
  if (cache.leftFrom[l] !== -1) return;
  const record = prepared.left.records[l]!;
  const from = cache.left.size;
  const pending = scanFamilies(record.reference, cache.left, from, 0);
  if (record.text) scanFamilies(record.text, cache.left, from, pending);
  cache.leftFrom[l] = from;
  cache.leftTo[l] = cache.left.size;
}

/** First position of `numbers` at or after `number`. */
function lowerBound(numbers: Int32Array, number: number): number {
  let low = 0;
  let high = numbers.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (numbers[middle]! < number) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Adds to `into` the right records whose family number is one of the left record's (blocks over `maxBlock` skipped). */
export function addFamilyCandidates(
  prepared: Prepared,
  l: number,
  maxBlock: number,
  into: CandidateSet,
): void {
  const cache = cacheOf(prepared);
  leftFamiliesOf(prepared, cache, l);
  const { numbers, records, left } = cache;
  for (let f = cache.leftFrom[l]!; f < cache.leftTo[l]!; f++) {
    const number = left.number[f]!;
    const from = lowerBound(numbers, number);
    let to = from;
    while (to < numbers.length && numbers[to] === number) to++;
    if (to === from || to - from > maxBlock) continue;
    for (let p = from; p < to; p++) into.add(records[p]!);
  }
}

/**
 * The reference score a family meeting gives: 0.95 for a prefixed or dated number, 0.9 for a bare
 * number with an equal amount, else 0.
 */
export function familyScore(prepared: Prepared, l: number, r: number, amountEqual: boolean): number {
  const cache = cacheOf(prepared);
  const rightFrom = cache.rightStart[r]!;
  const rightTo = cache.rightStart[r + 1]!;
  if (rightFrom === rightTo) return 0;
  leftFamiliesOf(prepared, cache, l);
  const { left, right } = cache;
  let best = 0;
  for (let i = cache.leftFrom[l]!; i < cache.leftTo[l]!; i++) {
    const number = left.number[i]!;
    const tag = left.tag[i]!;
    for (let j = rightFrom; j < rightTo; j++) {
      if (right.number[j] !== number || !tagsMeet(tag, right.tag[j]!)) continue;
      best = Math.max(best, tag === 0 ? (amountEqual ? 0.9 : 0) : 0.95);
    }
  }
  return best;
}

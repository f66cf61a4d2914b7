/**
 * Who paid: the payer's phone (full or masked in the middle) and name, read from an M-Pesa Details text
 * (`Pay Bill Online from 2547******123 - JANE WANJIRU Acc. INV-2026-000123`) or from a counterparty
 * (`0722 123 456 Jane Wanjiru`, `MWANGI HARDWARE LTD`). Pure functions; payer-index.ts links payers to
 * the right side's customers.
 */

export interface PayerPhone {
  /** As read, in the 254 form, one `*` for the masked middle (`2547*123`); the number when full. */
  pattern: string;
  /** Whether no digit is masked. */
  full: boolean;
}

export interface PayerIdentity {
  phone: PayerPhone | null;
  /** Name words in upper case, in the order written (`['JANE', 'WANJIRU']`). */
  name: string[];
}

const MASK_CHARACTERS = /[*X]/g;

/**
 * A phone written with digits and masks (`*`, `x`; statements mask the middle with any number of them),
 * in any Kenyan spelling (07…, 01…, 2547…, +254…), in the 254 form with its mask as one `*`
 * (`2547******123` → `2547*123`, `0722xxx456` → `254722*456`); null when it is no Kenyan mobile number
 * or too little of it shows (at least the last three digits).
 */
export function phonePattern(written: string): PayerPhone | null {
  const compact = written
    .toUpperCase()
    .replace(/[\s+-]/g, '')
    .replace(MASK_CHARACTERS, '*');
  const match = /^(\d*)(\**)(\d*)$/.exec(compact);
  if (!match) return null;
  let head = match[1]!;
  const masked = match[2]!.length > 0;
  const tail = match[3]!;
  if (head.startsWith('0')) head = `254${head.slice(1)}`;
  else if (head.startsWith('7') || head.startsWith('1')) head = `254${head}`;
  else if (!head.startsWith('254')) return null;
  if (head.length > 3 && head[3] !== '7' && head[3] !== '1') return null;
  if (!masked) return head.length === 12 ? { pattern: head, full: true } : null;
  if (tail.length < 3 || head.length + tail.length >= 12) return null;
  return { pattern: `${head}*${tail}`, full: false };
}

/** Whether two phone patterns can be the same number: the visible heads and tails agree. */
export function phonesMeet(a: string, b: string): boolean {
  const aStar = a.indexOf('*');
  const bStar = b.indexOf('*');
  if (aStar < 0 && bStar < 0) return a === b;
  // Heads: the digits before either mask; tails: the digits after either mask (a full number is all head and all tail).
  const head = Math.min(aStar < 0 ? a.length : aStar, bStar < 0 ? b.length : bStar);
  for (let i = 0; i < head; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  const tail = Math.min(
    aStar < 0 ? a.length : a.length - aStar - 1,
    bStar < 0 ? b.length : b.length - bStar - 1,
  );
  for (let i = 1; i <= tail; i++) if (a.charCodeAt(a.length - i) !== b.charCodeAt(b.length - i)) return false;
  return true;
}

/** The key a phone pattern is found under whatever its mask: its last three digits. */
export function phoneMaskKey(pattern: string): string {
  return pattern.slice(-3);
}

function nameWords(text: string): string[] {
  return text
    .toUpperCase()
    .replace(/[^A-Z ]+/g, ' ')
    .split(' ')
    .filter((word) => word.length > 0);
}

/** Payer phone and name of a record's text (M-Pesa Details) or, failing that, of its counterparty. */
export function payerOf(text: string | undefined, counterparty: string | undefined): PayerIdentity | null {
  if (text) {
    const payer = detailsPayer(text);
    if (payer) return payer;
  }
  return counterparty ? counterpartyPayer(counterparty) : null;
}

/** Payer phone and name of a counterparty (`0722 123 456 Jane Wanjiru`, `MWANGI HARDWARE LTD`). */
export function counterpartyPayer(counterparty: string): PayerIdentity | null {
  let phone: PayerPhone | null = null;
  for (const chunk of counterparty.match(/[+\d*xX][\d*xX\s-]{7,17}\d/g) ?? []) {
    phone = phonePattern(chunk);
    if (phone) break;
  }
  const name = nameWords(counterparty);
  return phone || name.length > 0 ? { phone, name } : null;
}

/** Index of `from ` in any case, or -1. */
function fromIndex(text: string): number {
  for (const spelling of ['from ', 'FROM ', 'From ']) {
    const at = text.indexOf(spelling);
    if (at >= 0) return at;
  }
  return -1;
}

/**
 * The M-Pesa Details shape, `… from <phone> - <name> Acc. <reference>`, read by hand (it runs for every
 * payment the payer identity looks at); null when the text is not of that shape.
 */
function detailsPayer(text: string): PayerIdentity | null {
  const part = detailsPayerPart(text);
  return part === null ? null : payerOfDetailsPart(part);
}

/**
 * The payer part of an M-Pesa Details text, `<phone> - <name>` (what follows `from ` up to ` Acc`), or
 * null when the text is not of that shape: all `payerOfDetailsPart` reads, so payments of one payer
 * can share its reading (payer-table.ts).
 */
export function detailsPayerPart(text: string): string | null {
  const from = fromIndex(text);
  if (from < 0) return null;
  const dash = text.indexOf(' - ', from + 5);
  if (dash < 0 || dash - from > 30) return null;
  let end = text.length;
  for (const spelling of [' Acc', ' ACC', ' acc']) {
    const at = text.indexOf(spelling, dash + 3);
    if (at >= 0 && at < end) end = at;
  }
  return text.slice(from + 5, end);
}

/** The payer of a Details part (`detailsPayerPart`), null without a phone. */
export function payerOfDetailsPart(part: string): PayerIdentity | null {
  const dash = part.indexOf(' - ');
  const phone = phonePattern(part.slice(0, dash));
  if (!phone) return null;
  return { phone, name: letterWords(part, dash + 3, part.length) };
}

/** The words of letters of text[from, to), upper case (anything else separates). */
function letterWords(text: string, from: number, to: number): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = from; i <= to; i++) {
    const code = i < to ? text.charCodeAt(i) | 32 : 0;
    const letter = code >= 97 && code <= 122;
    if (letter && start < 0) start = i;
    else if (!letter && start >= 0) {
      words.push(text.slice(start, i).toUpperCase());
      start = -1;
    }
  }
  return words;
}

/**
 * Whether two names can be one person, whatever the order and case: the same words, or the same last
 * word (either order) with first words equal or one the initial of the other (`JANE WANJIRU`,
 * `WANJIRU JANE`, `J WANJIRU`).
 */
export function namesMeet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  return sameWords(a, b) || endsMeet(a, b) || endsMeetReversed(a, b);
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (const word of a) if (!b.includes(word)) return false;
  return true;
}

function endsMeet(a: readonly string[], b: readonly string[]): boolean {
  if (a[a.length - 1] !== b[b.length - 1]) return false;
  if (a.length === 1 || b.length === 1) return true;
  return firstWordsMeet(a[0]!, b[0]!);
}

/** `endsMeet(a, b reversed)` without making the reversed copy (it runs for every remembered payer met). */
function endsMeetReversed(a: readonly string[], b: readonly string[]): boolean {
  if (a[a.length - 1] !== b[0]) return false;
  if (a.length === 1 || b.length === 1) return true;
  return firstWordsMeet(a[0]!, b[b.length - 1]!);
}

function firstWordsMeet(x: string, y: string): boolean {
  return x === y || (x.length === 1 && y.startsWith(x)) || (y.length === 1 && x.startsWith(y));
}

/**
 * The keys a payer's earlier payments are remembered under. With a phone: its last three digits and one
 * name word of two letters or more a key (`P123 WANJIRU`), so that `JANE WANJIRU`, `WANJIRU JANE` and
 * `J WANJIRU` meet (names are compared on lookup). Without: the name's words sorted, one key
 * (`NHARDWARE LTD MWANGI`: a bank narrative spells a company one way).
 */
export function payerKeys(payer: PayerIdentity): string[] {
  if (!payer.phone) return [`N${[...payer.name].sort().join(' ')}`];
  const prefix = `P${phoneMaskKey(payer.phone.pattern)} `;
  const words = payer.name.filter((word) => word.length >= 2);
  if (words.length === 0) return [prefix];
  return [...new Set(words)].map((word) => prefix + word);
}

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

/** The part of a Details text after `from`: a phone (digits, masks, spaces), ` - `, the name, then `Acc.`. */
const DETAILS = /\bFROM\s+([+\d*X][\d*X ]{7,17}\d)\s*-\s*(.*?)(?:\s+ACC\b.*)?$/;
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
  const [aHead, aTail = null] = a.split('*');
  const [bHead, bTail = null] = b.split('*');
  if (aTail === null && bTail === null) return a === b;
  const head = (x: string, y: string) => x.startsWith(y) || y.startsWith(x);
  const tail = (x: string, y: string) => x.endsWith(y) || y.endsWith(x);
  if (aTail === null) return a.startsWith(bHead!) && a.endsWith(bTail!);
  if (bTail === null) return b.startsWith(aHead!) && b.endsWith(aTail);
  return head(aHead!, bHead!) && tail(aTail, bTail);
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
    const match = DETAILS.exec(text.toUpperCase());
    if (match) {
      const phone = phonePattern(match[1]!);
      const name = nameWords(match[2]!);
      if (phone || name.length > 0) return { phone, name };
    }
  }
  if (!counterparty) return null;
  let phone: PayerPhone | null = null;
  for (const chunk of counterparty.match(/[+\d*xX][\d*xX\s-]{7,17}\d/g) ?? []) {
    phone = phonePattern(chunk);
    if (phone) break;
  }
  const name = nameWords(counterparty);
  return phone || name.length > 0 ? { phone, name } : null;
}

/**
 * Whether two names can be one person, whatever the order and case: the same words, or the same last
 * word (either order) with first words equal or one the initial of the other (`JANE WANJIRU`,
 * `WANJIRU JANE`, `J WANJIRU`).
 */
export function namesMeet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  return sameWords(a, b) || endsMeet(a, b) || endsMeet(a, [...b].reverse());
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((word, i) => word === sorted[i]);
}

function endsMeet(a: readonly string[], b: readonly string[]): boolean {
  if (a[a.length - 1] !== b[b.length - 1]) return false;
  if (a.length === 1 || b.length === 1) return true;
  const x = a[0]!;
  const y = b[0]!;
  return x === y || (x.length === 1 && y.startsWith(x)) || (y.length === 1 && x.startsWith(y));
}

/**
 * The key a payer's earlier payments are remembered under: the phone mask key when there is a phone
 * (`P123`; the names are compared on lookup), else the name's words sorted (`NHARDWARE MWANGI`).
 */
export function payerKey(payer: PayerIdentity): string {
  if (payer.phone) return `P${phoneMaskKey(payer.phone.pattern)}`;
  return `N${[...payer.name].sort().join(' ')}`;
}

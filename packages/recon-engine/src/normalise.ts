/**
 * Reference and counterparty normalisation. Everything is folded to upper case with punctuation as a
 * separator; keys are strings:
 * - `TOKEN` an alphanumeric token of ≥ 4 characters (`QGH7XK2P1L`, `MWANGI`, `INV2026004512`);
 * - `#123` a digits-only form with leading zeros stripped (SAP `0090001234` ≡ `90001234`);
 * - `P:2547XXXXXXXX` a Kenyan mobile number in any of its spellings (07…, 01…, +254…, 254…).
 * A chunk written with punctuation (`INV-2026-004512`) also gives its compact form (`INV2026004512`) and
 * the concatenation of its digits (`#2026004512`), so customers' variants meet the ledger's.
 */

const GENERIC_WORDS = new Set([
  'MPESA',
  'PAYBILL',
  'PAYMENT',
  'PAYMENTS',
  'TRANSFER',
  'FROM',
  'FUNDS',
  'DEPOSIT',
  'CREDIT',
  'DEBIT',
  'ACCOUNT',
  'INVOICE',
  'RECEIPT',
  'BANK',
  'LIMITED',
  'COMPANY',
  'BEING',
  'SETTLEMENT',
]);

/** Company-form words ignored when comparing counterparty names. */
const LEGAL_FORMS = new Set(['LTD', 'LIMITED', 'PLC', 'CO', 'COMPANY', 'AND', 'THE', 'ENTERPRISES', 'SONS']);

/** A known generic word: capped at a low weight whatever its frequency (see token-weights.ts). */
export function isGenericWord(key: string): boolean {
  return GENERIC_WORDS.has(key);
}

/** Upper case, every run of non-alphanumerics → one space, trimmed. */
export function fold(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** Digits without leading zeros ('000' → '0'). */
export function stripLeadingZeros(digits: string): string {
  const stripped = digits.replace(/^0+/, '');
  return stripped === '' ? '0' : stripped;
}

const PHONE = /^(?:254|0)([71]\d{8})$/;

/** `P:2547XXXXXXXX` for a Kenyan mobile number written as 07…, 01…, 2547…, +254 7… (digits only), else null. */
export function phoneKey(digits: string): string | null {
  const match = PHONE.exec(digits);
  return match ? `P:254${match[1]}` : null;
}

/** An M-Pesa receipt number: 10 characters, a letter first, letters and digits mixed (`QGH7XK2P1L`). */
export function isMpesaReceipt(token: string): boolean {
  return /^[A-Z][A-Z0-9]{9}$/.test(token) && /\d/.test(token);
}

function digitKey(digits: string): string {
  return `#${stripLeadingZeros(digits)}`;
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isAlphanumericCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
}

function addUnique(keys: string[], key: string): void {
  if (!keys.includes(key)) keys.push(key);
}

/** Runs of ≥ 4 digits inside a token. */
function digitRuns(token: string): string[] {
  const runs: string[] = [];
  let start = -1;
  for (let i = 0; i <= token.length; i++) {
    const digit = i < token.length && isDigitCode(token.charCodeAt(i));
    if (digit && start < 0) start = i;
    else if (!digit && start >= 0) {
      if (i - start >= 4) runs.push(token.slice(start, i));
      start = -1;
    }
  }
  return runs;
}

/** Keys of one whitespace-separated chunk, given its alphanumeric parts and their digit counts. */
function addChunkKeys(parts: string[], digits: number[], strong: string[], weak: string[]): void {
  const compact = parts.length === 1 ? parts[0]! : parts.join('');
  let totalDigits = 0;
  for (const count of digits) totalDigits += count;
  const allDigits = totalDigits === compact.length;
  const phone = allDigits ? phoneKey(compact) : null;
  if (phone) {
    addUnique(strong, phone);
    return;
  }
  const single = parts.length === 1;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p]!;
    if (part.length < 4) continue;
    const partKeys = single ? strong : weak;
    if (digits[p] === part.length) {
      addUnique(partKeys, digitKey(part));
      continue;
    }
    addUnique(partKeys, part);
    if (digits[p]! >= 4 && !isMpesaReceipt(part)) {
      const runs = digitRuns(part);
      for (const run of runs) addUnique(single && runs.length === 1 ? strong : weak, digitKey(run));
    }
  }
  if (!single && compact.length >= 4) {
    addUnique(strong, allDigits ? digitKey(compact) : compact);
    if (!allDigits && totalDigits >= 4) addUnique(strong, digitKey(compact.replace(/\D+/g, '')));
  }
}

/** Phone keys of a text, also when the number is written with spaces, + or - ("+254 722 123 456"). */
function phoneKeysIn(upper: string): string[] {
  const keys: string[] = [];
  const digitsOnly = upper.replace(/[\s+-]+/g, '');
  for (const run of digitsOnly.match(/\d{10,12}/g) ?? []) {
    const phone = phoneKey(run);
    if (phone) addUnique(keys, phone);
  }
  return keys;
}

/**
 * The reference keys of a text (see the file comment): `keys` lists the strong ones first (a whole
 * chunk: `INV2026004512`, `#2026004512`, a receipt, a phone), then the weak parts; `strong` counts them.
 * A hand-written scanner: this runs for every record and is most of the preparation time.
 */
export function referenceKeyList(text: string): { keys: string[]; strong: number } {
  const strong: string[] = [];
  const weak: string[] = [];
  const upper = text.toUpperCase();
  const length = upper.length;
  const parts: string[] = [];
  const digits: number[] = [];
  let textDigits = 0;
  let i = 0;
  while (i < length) {
    while (i < length && upper.charCodeAt(i) <= 32) i++;
    parts.length = 0;
    digits.length = 0;
    while (i < length && upper.charCodeAt(i) > 32) {
      if (!isAlphanumericCode(upper.charCodeAt(i))) {
        i++;
        continue;
      }
      const start = i;
      let count = 0;
      for (; i < length && isAlphanumericCode(upper.charCodeAt(i)); i++)
        if (isDigitCode(upper.charCodeAt(i))) count++;
      parts.push(upper.slice(start, i));
      digits.push(count);
      textDigits += count;
    }
    if (parts.length > 0) addChunkKeys(parts, digits, strong, weak);
  }
  // Spaced phones only matter when no chunk was a phone already (M-Pesa details carry one whole).
  if (textDigits >= 10 && !strong.some((key) => key.startsWith('P:'))) {
    for (const phone of phoneKeysIn(upper)) addUnique(strong, phone);
  }
  const keys = strong.slice();
  for (const key of weak) if (!strong.includes(key)) keys.push(key);
  return { keys, strong: strong.length };
}

/** All reference keys of a text, strong ones first. */
export function referenceKeys(text: string): string[] {
  return referenceKeyList(text).keys;
}

/** A document identifier key: ≥ 4 characters with a digit (`#4512`, `INV2026004512`, receipts), not a phone. */
export function isIdentifierKey(key: string): boolean {
  return /\d/.test(key) && !key.startsWith('P:') && key.length >= (key.startsWith('#') ? 5 : 4);
}

/** The compact identifier chunks of a text (alphanumeric, with a digit, ≥ 5 characters) for Jaro-Winkler. */
export function identifierChunks(text: string): string[] {
  // One pass over the upper-cased text: a chunk ends at white space (`\s`), and keeps its A–Z and 0–9
  // (the same chunks as splitting on /\s+/ and deleting /[^A-Z0-9]+/). A chunk is one slice of the text
  // when nothing in it is dropped, else its kept runs joined: no string per character.
  const upper = text.toUpperCase();
  const length = upper.length;
  const chunks: string[] = [];
  // Past a few chunks (a long narrative), a set finds repeats.
  let seen: Set<string> | undefined;
  let i = 0;
  while (i < length) {
    while (i < length && isWhiteSpace(upper.charCodeAt(i))) i++;
    const start = i;
    let kept = 0;
    let digits = 0;
    let dropped = false;
    for (; i < length; i++) {
      const code = upper.charCodeAt(i);
      if (isDigitCode(code)) digits++;
      else if (code < 65 || code > 90) {
        if (isWhiteSpace(code)) break;
        dropped = true;
        continue;
      }
      kept++;
    }
    if (kept < 5 || digits === 0) continue;
    const compact = dropped ? keptRuns(upper, start, i) : upper.slice(start, i);
    // Only 10 or 12 digits can be a phone.
    if (digits === kept && (kept === 10 || kept === 12) && phoneKey(compact) !== null) continue;
    if (seen === undefined && chunks.length >= 16) seen = new Set(chunks);
    if (seen ? !seen.has(compact) : !chunks.includes(compact)) {
      chunks.push(compact);
      seen?.add(compact);
    }
  }
  return chunks;
}

/** The A–Z and 0–9 runs of `text[from, to)` joined. */
function keptRuns(text: string, from: number, to: number): string {
  let joined = '';
  let run = -1;
  for (let i = from; i <= to; i++) {
    const code = i < to ? text.charCodeAt(i) : 32;
    const keep = isAlphanumericCode(code);
    if (keep && run < 0) run = i;
    else if (!keep && run >= 0) {
      joined += text.slice(run, i);
      run = -1;
    }
  }
  return joined;
}

/** Whether a UTF-16 code unit is white space as the regular expression `\s` sees it. */
function isWhiteSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 160 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Keys of a counterparty: its phone numbers and its name words (≥ 3 letters, company forms dropped). */
export function counterpartyKeys(text: string): string[] {
  const upper = text.toUpperCase();
  const keys = new Set<string>();
  let digits = 0;
  for (let i = 0; i < upper.length; i++) if (isDigitCode(upper.charCodeAt(i))) digits++;
  if (digits >= 10) {
    for (const chunk of upper.split(/\s+/)) {
      const phone = phoneKey(chunk.replace(/\D+/g, ''));
      if (phone) keys.add(phone);
    }
    if (keys.size === 0) for (const phone of phoneKeysIn(upper)) keys.add(phone);
  }
  for (const word of fold(upper).split(' ')) {
    if (word.length >= 3 && !LEGAL_FORMS.has(word) && !/\d/.test(word)) keys.add(word);
  }
  return [...keys];
}

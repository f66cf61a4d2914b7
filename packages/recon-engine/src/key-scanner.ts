/**
 * The normalisation of `normalise.ts` (`referenceKeyList`, `counterpartyKeys`) done straight into a
 * `KeyTable`: the text is upper-cased into a reused char buffer (ASCII by char code; other text through
 * `toUpperCase`) and scanned there, and each key is written into a second reused buffer and looked up
 * there, so a record allocates nothing for the keys already seen (no upper-case copy, no joined text, no
 * regular expression), instead of a dozen slices, arrays and sets. Same keys, same order, same
 * strong/weak split as the string functions (which stay the reference; `key-scanner.test.ts` compares
 * the two).
 */
import type { KeyTable } from './key-index.ts';

const LEGAL_FORMS = ['LTD', 'LIMITED', 'PLC', 'CO', 'COMPANY', 'AND', 'THE', 'ENTERPRISES', 'SONS'];

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const HASH = 35; // '#'

function isDigit(code: number): boolean {
  return code >= DIGIT_0 && code <= DIGIT_9;
}

function isAlphanumeric(code: number): boolean {
  return (code >= DIGIT_0 && code <= DIGIT_9) || (code >= 65 && code <= 90);
}

/** What `\s` matches in a JavaScript regular expression. */
function isSpace(code: number): boolean {
  return (
    (code >= 9 && code <= 13) ||
    code === 32 ||
    code === 160 ||
    code === 5760 ||
    (code >= 8192 && code <= 8202) ||
    code === 8232 ||
    code === 8233 ||
    code === 8239 ||
    code === 8287 ||
    code === 12288 ||
    code === 65279
  );
}

/** A growable list of ids (reused record after record). */
class Ids {
  items = new Int32Array(64);
  length = 0;
  push(id: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = id;
  }
  includes(id: number): boolean {
    for (let i = 0; i < this.length; i++) if (this.items[i] === id) return true;
    return false;
  }
  /** Appends the id unless it is there already (`addUnique`). */
  add(id: number): void {
    if (!this.includes(id)) this.push(id);
  }
}

const SPACE = 32;
const PLUS = 43;
const MINUS = 45;

export class KeyScanner {
  /** The text being scanned, upper-cased: src[0 .. srcLength). */
  private src = new Uint16Array(1024);
  private srcLength = 0;
  /** The key being built. */
  private chars = new Uint16Array(256);
  private length = 0;
  /** The current chunk's alphanumeric parts: [start, end) in the text and their digit counts. */
  private partStart = new Int32Array(16);
  private partEnd = new Int32Array(16);
  private partDigits = new Int32Array(16);
  private parts = 0;
  private readonly strong = new Ids();
  private readonly weak = new Ids();
  private strongPhone = false;
  /** The text without spaces, + and - (`phoneKeysIn`). */
  private digitsOnly = new Uint16Array(256);
  /** Keys of the last `reference` (strong ones first) or `counterparty` call. */
  readonly keys = new Ids();
  /** How many of `keys` are strong (after `reference`). */
  strongCount = 0;
  private readonly legalForms: Set<number>;

  constructor(private readonly table: KeyTable) {
    this.legalForms = new Set(LEGAL_FORMS.map((word) => table.intern(word)));
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.chars.length) return;
    let size = this.chars.length * 2;
    while (size < this.length + extra) size *= 2;
    const grown = new Uint16Array(size);
    grown.set(this.chars.subarray(0, this.length));
    this.chars = grown;
  }

  /**
   * Loads `text` upper-cased at src[at ..] (char codes for ASCII; `toUpperCase` once a char is not, which
   * maps each code point on its own, so that a text loaded in parts equals the whole one upper-cased).
   */
  private load(text: string, at: number): void {
    const length = text.length;
    this.reserveSource(at + length);
    const src = this.src;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 128) {
        this.loadUpper(text.toUpperCase(), at);
        return;
      }
      src[at + i] = code >= 97 && code <= 122 ? code - 32 : code;
    }
    this.srcLength = at + length;
  }

  private loadUpper(upper: string, at: number): void {
    this.reserveSource(at + upper.length);
    const src = this.src;
    for (let i = 0; i < upper.length; i++) src[at + i] = upper.charCodeAt(i);
    this.srcLength = at + upper.length;
  }

  private reserveSource(size: number): void {
    if (size <= this.src.length) return;
    let grown = this.src.length * 2;
    while (grown < size) grown *= 2;
    const src = new Uint16Array(grown);
    src.set(this.src.subarray(0, this.srcLength));
    this.src = src;
  }

  private appendRange(from: number, to: number): void {
    this.reserve(to - from);
    const src = this.src;
    for (let i = from; i < to; i++) this.chars[this.length++] = src[i]!;
  }

  /** Appends the digits of src[from, to) (leading zeros dropped while `#` is the last char written). */
  private appendDigits(from: number, to: number, skipLeadingZeros: boolean): boolean {
    let skipping = skipLeadingZeros;
    this.reserve(to - from);
    const src = this.src;
    for (let i = from; i < to; i++) {
      const code = src[i]!;
      if (!isDigit(code)) continue;
      if (skipping && code === DIGIT_0) continue;
      skipping = false;
      this.chars[this.length++] = code;
    }
    return skipping;
  }

  private intern(): number {
    return this.table.internChars(this.chars, this.length);
  }

  /** `#` + the digits of src[from, to) without leading zeros ('0' when all are zeros). */
  private digitKey(from: number, to: number): number {
    this.length = 0;
    this.reserve(1);
    this.chars[this.length++] = HASH;
    this.appendDigitsOfRange(from, to);
    return this.intern();
  }

  private appendDigitsOfRange(from: number, to: number): void {
    if (this.appendDigits(from, to, true)) {
      this.reserve(1);
      this.chars[this.length++] = DIGIT_0;
    }
  }

  /** `#` + the digits of the chunk's parts, without leading zeros. */
  private digitKeyOfParts(): number {
    this.length = 0;
    this.reserve(1);
    this.chars[this.length++] = HASH;
    let skipping = true;
    for (let p = 0; p < this.parts; p++)
      skipping = this.appendDigits(this.partStart[p]!, this.partEnd[p]!, skipping);
    if (skipping) {
      this.reserve(1);
      this.chars[this.length++] = DIGIT_0;
    }
    return this.intern();
  }

  private rangeKey(from: number, to: number): number {
    this.length = 0;
    this.appendRange(from, to);
    return this.intern();
  }

  /**
   * The phone key (`P:254…`) of the digits written in chars[0 .. length), as `phoneKey` would give it,
   * or -1. The digits are then overwritten.
   */
  private phoneOfBuffer(): number {
    const c = this.chars;
    let from: number;
    if (this.length === 12 && c[0] === 50 && c[1] === 53 && c[2] === 52) from = 3;
    else if (this.length === 10 && c[0] === DIGIT_0) from = 1;
    else return -1;
    if (c[from] !== 55 && c[from] !== 49) return -1;
    // 'P:254' + the nine digits (the buffer holds at least 256 chars).
    c.copyWithin(5, from, from + 9);
    c[0] = 80;
    c[1] = 58;
    c[2] = 50;
    c[3] = 53;
    c[4] = 52;
    this.length = 14;
    return this.intern();
  }

  private addChunk(): void {
    const src = this.src;
    const parts = this.parts;
    let compactLength = 0;
    let totalDigits = 0;
    for (let p = 0; p < parts; p++) {
      compactLength += this.partEnd[p]! - this.partStart[p]!;
      totalDigits += this.partDigits[p]!;
    }
    const allDigits = totalDigits === compactLength;
    if (allDigits && (compactLength === 10 || compactLength === 12)) {
      this.length = 0;
      for (let p = 0; p < parts; p++) this.appendRange(this.partStart[p]!, this.partEnd[p]!);
      const phone = this.phoneOfBuffer();
      if (phone >= 0) {
        this.strong.add(phone);
        this.strongPhone = true;
        return;
      }
    }
    const single = parts === 1;
    for (let p = 0; p < parts; p++) {
      const from = this.partStart[p]!;
      const to = this.partEnd[p]!;
      const length = to - from;
      if (length < 4) continue;
      const target = single ? this.strong : this.weak;
      const digits = this.partDigits[p]!;
      if (digits === length) {
        target.add(this.digitKey(from, to));
        continue;
      }
      target.add(this.rangeKey(from, to));
      // An M-Pesa receipt (10 characters, a letter first, with a digit) is kept whole.
      const receipt = length === 10 && !isDigit(src[from]!);
      if (digits >= 4 && !receipt) {
        let runs = 0;
        for (let pass = 0; pass < 2; pass++) {
          let start = -1;
          for (let i = from; i <= to; i++) {
            const digit = i < to && isDigit(src[i]!);
            if (digit && start < 0) start = i;
            else if (!digit && start >= 0) {
              if (i - start >= 4) {
                if (pass === 0) runs++;
                else (single && runs === 1 ? this.strong : this.weak).add(this.digitKey(start, i));
              }
              start = -1;
            }
          }
        }
      }
    }
    if (!single && compactLength >= 4) {
      if (allDigits) this.strong.add(this.digitKeyOfParts());
      else {
        this.length = 0;
        for (let p = 0; p < parts; p++) this.appendRange(this.partStart[p]!, this.partEnd[p]!);
        this.strong.add(this.intern());
        if (totalDigits >= 4) this.strong.add(this.digitKeyOfParts());
      }
    }
  }

  private pushPart(start: number, end: number, digits: number): void {
    if (this.parts === this.partStart.length) {
      const size = this.parts * 2;
      const grow = (array: Int32Array) => {
        const grown = new Int32Array(size);
        grown.set(array);
        return grown;
      };
      this.partStart = grow(this.partStart);
      this.partEnd = grow(this.partEnd);
      this.partDigits = grow(this.partDigits);
    }
    this.partStart[this.parts] = start;
    this.partEnd[this.parts] = end;
    this.partDigits[this.parts] = digits;
    this.parts++;
  }

  /** `referenceKeyList(text)` as ids into `keys` (strong first; `strongCount` of them). */
  reference(text: string): void {
    this.load(text, 0);
    this.scanReference();
  }

  /**
   * `reference` of `${reference} ${text}` when there is a text, else of `reference` (a record's
   * reference keys), without joining the two.
   */
  referenceOf(reference: string, text: string | undefined): void {
    this.load(reference, 0);
    if (text) {
      this.reserveSource(this.srcLength + 1);
      this.src[this.srcLength++] = SPACE;
      this.load(text, this.srcLength);
    }
    this.scanReference();
  }

  private scanReference(): void {
    const src = this.src;
    const length = this.srcLength;
    this.strong.length = 0;
    this.weak.length = 0;
    this.strongPhone = false;
    let textDigits = 0;
    let i = 0;
    while (i < length) {
      while (i < length && src[i]! <= 32) i++;
      this.parts = 0;
      while (i < length && src[i]! > 32) {
        if (!isAlphanumeric(src[i]!)) {
          i++;
          continue;
        }
        const start = i;
        let count = 0;
        for (; i < length && isAlphanumeric(src[i]!); i++) if (isDigit(src[i]!)) count++;
        this.pushPart(start, i, count);
        textDigits += count;
      }
      if (this.parts > 0) this.addChunk();
    }
    // Spaced phones only matter when no chunk was a phone already (M-Pesa details carry one whole).
    if (textDigits >= 10 && !this.strongPhone) this.phoneKeysIn(this.strong);
    const keys = this.keys;
    keys.length = 0;
    for (let k = 0; k < this.strong.length; k++) keys.push(this.strong.items[k]!);
    for (let k = 0; k < this.weak.length; k++) {
      const id = this.weak.items[k]!;
      if (!this.strong.includes(id)) keys.push(id);
    }
    this.strongCount = this.strong.length;
  }

  /** `counterpartyKeys(text)` as ids into `keys`. */
  counterparty(text: string): void {
    this.load(text, 0);
    const src = this.src;
    const length = this.srcLength;
    const keys = this.keys;
    keys.length = 0;
    this.strongCount = 0;
    let digits = 0;
    for (let i = 0; i < length; i++) if (isDigit(src[i]!)) digits++;
    if (digits >= 10) {
      // Chunks split on `\s`, each chunk's digits a phone or not.
      let i = 0;
      while (i <= length) {
        const start = i;
        while (i < length && !isSpace(src[i]!)) i++;
        this.length = 0;
        this.appendDigits(start, i, false);
        if (this.length === 10 || this.length === 12) {
          const phone = this.phoneOfBuffer();
          if (phone >= 0) keys.add(phone);
        }
        i++;
        while (i < length && isSpace(src[i]!)) i++;
      }
      if (keys.length === 0) this.phoneKeysIn(keys);
    }
    // Name words: runs of A-Z0-9 of ≥ 3 characters, without a digit, not a company form.
    let i = 0;
    while (i < length) {
      while (i < length && !isAlphanumeric(src[i]!)) i++;
      const start = i;
      let hasDigit = false;
      for (; i < length && isAlphanumeric(src[i]!); i++) if (isDigit(src[i]!)) hasDigit = true;
      if (i - start < 3 || hasDigit) continue;
      const id = this.rangeKey(start, i);
      if (!this.legalForms.has(id)) keys.add(id);
    }
  }

  /**
   * Adds to `into` the phone keys of the text written with spaces, + or - ("+254 722 123 456"), as
   * `phoneKeysIn` in `normalise.ts` finds them: the text without `[\s+-]`, then runs of 10–12 digits
   * taken greedily (`/\d{10,12}/g`), each a phone or not.
   */
  private phoneKeysIn(into: Ids): void {
    const src = this.src;
    const length = this.srcLength;
    if (this.digitsOnly.length < length)
      this.digitsOnly = new Uint16Array(Math.max(length, this.digitsOnly.length * 2));
    const digitsOnly = this.digitsOnly;
    let count = 0;
    for (let i = 0; i < length; i++) {
      const code = src[i]!;
      if (code !== PLUS && code !== MINUS && !isSpace(code)) digitsOnly[count++] = code;
    }
    let i = 0;
    while (i < count) {
      if (!isDigit(digitsOnly[i]!)) {
        i++;
        continue;
      }
      let end = i;
      while (end < count && isDigit(digitsOnly[end]!)) end++;
      // A run of digits: matches of 12 while they fit, then one of 10 or 11 if that many are left.
      while (end - i >= 10) {
        const match = Math.min(12, end - i);
        if (match !== 11) {
          this.length = 0;
          this.reserve(match);
          for (let k = 0; k < match; k++) this.chars[this.length++] = digitsOnly[i + k]!;
          const phone = this.phoneOfBuffer();
          if (phone >= 0) into.add(phone);
        }
        i += match;
      }
      i = end;
    }
  }
}

/**
 * The normalisation of `normalise.ts` (`referenceKeyList`, `counterpartyKeys`) done straight into a
 * `KeyTable`: the text is scanned by char codes and each key is written into a reused buffer and looked
 * up there, so a record allocates a string only for a key never seen before (plus its upper-case text),
 * instead of a dozen slices, arrays and sets. Same keys, same order, same strong/weak split as the string
 * functions (which stay the reference; `key-scanner.test.ts` compares the two).
 */
import type { KeyTable } from './key-index.ts';
import { phoneKey } from './normalise.ts';

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

export class KeyScanner {
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

  private appendRange(text: string, from: number, to: number): void {
    this.reserve(to - from);
    for (let i = from; i < to; i++) this.chars[this.length++] = text.charCodeAt(i);
  }

  /** Appends the digits of text[from, to) (leading zeros dropped while `#` is the last char written). */
  private appendDigits(text: string, from: number, to: number, skipLeadingZeros: boolean): boolean {
    let skipping = skipLeadingZeros;
    this.reserve(to - from);
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
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

  /** `#` + the digits of text[from, to) without leading zeros ('0' when all are zeros). */
  private digitKey(text: string, from: number, to: number): number {
    this.length = 0;
    this.reserve(1);
    this.chars[this.length++] = HASH;
    this.appendDigitsOfRange(text, from, to);
    return this.intern();
  }

  private appendDigitsOfRange(text: string, from: number, to: number): void {
    if (this.appendDigits(text, from, to, true)) {
      this.reserve(1);
      this.chars[this.length++] = DIGIT_0;
    }
  }

  /** `#` + the digits of the chunk's parts, without leading zeros. */
  private digitKeyOfParts(text: string): number {
    this.length = 0;
    this.reserve(1);
    this.chars[this.length++] = HASH;
    let skipping = true;
    for (let p = 0; p < this.parts; p++)
      skipping = this.appendDigits(text, this.partStart[p]!, this.partEnd[p]!, skipping);
    if (skipping) {
      this.reserve(1);
      this.chars[this.length++] = DIGIT_0;
    }
    return this.intern();
  }

  private rangeKey(text: string, from: number, to: number): number {
    this.length = 0;
    this.appendRange(text, from, to);
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

  private addChunk(text: string): void {
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
      for (let p = 0; p < parts; p++) this.appendRange(text, this.partStart[p]!, this.partEnd[p]!);
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
        target.add(this.digitKey(text, from, to));
        continue;
      }
      target.add(this.rangeKey(text, from, to));
      // An M-Pesa receipt (10 characters, a letter first, with a digit) is kept whole.
      const receipt = length === 10 && !isDigit(text.charCodeAt(from));
      if (digits >= 4 && !receipt) {
        let runs = 0;
        for (let pass = 0; pass < 2; pass++) {
          let start = -1;
          for (let i = from; i <= to; i++) {
            const digit = i < to && isDigit(text.charCodeAt(i));
            if (digit && start < 0) start = i;
            else if (!digit && start >= 0) {
              if (i - start >= 4) {
                if (pass === 0) runs++;
                else (single && runs === 1 ? this.strong : this.weak).add(this.digitKey(text, start, i));
              }
              start = -1;
            }
          }
        }
      }
    }
    if (!single && compactLength >= 4) {
      if (allDigits) this.strong.add(this.digitKeyOfParts(text));
      else {
        this.length = 0;
        for (let p = 0; p < parts; p++) this.appendRange(text, this.partStart[p]!, this.partEnd[p]!);
        this.strong.add(this.intern());
        if (totalDigits >= 4) this.strong.add(this.digitKeyOfParts(text));
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
    const upper = text.toUpperCase();
    const length = upper.length;
    this.strong.length = 0;
    this.weak.length = 0;
    this.strongPhone = false;
    let textDigits = 0;
    let i = 0;
    while (i < length) {
      while (i < length && upper.charCodeAt(i) <= 32) i++;
      this.parts = 0;
      while (i < length && upper.charCodeAt(i) > 32) {
        if (!isAlphanumeric(upper.charCodeAt(i))) {
          i++;
          continue;
        }
        const start = i;
        let count = 0;
        for (; i < length && isAlphanumeric(upper.charCodeAt(i)); i++)
          if (isDigit(upper.charCodeAt(i))) count++;
        this.pushPart(start, i, count);
        textDigits += count;
      }
      if (this.parts > 0) this.addChunk(upper);
    }
    // Spaced phones only matter when no chunk was a phone already (M-Pesa details carry one whole).
    if (textDigits >= 10 && !this.strongPhone) {
      for (const phone of phoneKeysIn(upper)) this.strong.add(this.table.intern(phone));
    }
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
    const upper = text.toUpperCase();
    const length = upper.length;
    const keys = this.keys;
    keys.length = 0;
    this.strongCount = 0;
    let digits = 0;
    for (let i = 0; i < length; i++) if (isDigit(upper.charCodeAt(i))) digits++;
    if (digits >= 10) {
      // Chunks split on `\s`, each chunk's digits a phone or not.
      let i = 0;
      while (i <= length) {
        const start = i;
        while (i < length && !isSpace(upper.charCodeAt(i))) i++;
        this.length = 0;
        this.appendDigits(upper, start, i, false);
        if (this.length === 10 || this.length === 12) {
          const phone = this.phoneOfBuffer();
          if (phone >= 0) keys.add(phone);
        }
        i++;
        while (i < length && isSpace(upper.charCodeAt(i))) i++;
      }
      if (keys.length === 0) for (const phone of phoneKeysIn(upper)) keys.add(this.table.intern(phone));
    }
    // Name words: runs of A-Z0-9 of ≥ 3 characters, without a digit, not a company form.
    let i = 0;
    while (i < length) {
      while (i < length && !isAlphanumeric(upper.charCodeAt(i))) i++;
      const start = i;
      let hasDigit = false;
      for (; i < length && isAlphanumeric(upper.charCodeAt(i)); i++)
        if (isDigit(upper.charCodeAt(i))) hasDigit = true;
      if (i - start < 3 || hasDigit) continue;
      const id = this.rangeKey(upper, start, i);
      if (!this.legalForms.has(id)) keys.add(id);
    }
  }
}

/** Phone keys of a text written with spaces, + or - ("+254 722 123 456"), as in `normalise.ts`. */
function phoneKeysIn(upper: string): string[] {
  const keys: string[] = [];
  const digitsOnly = upper.replace(/[\s+-]+/g, '');
  for (const run of digitsOnly.match(/\d{10,12}/g) ?? []) {
    const phone = phoneKey(run);
    if (phone && !keys.includes(phone)) keys.push(phone);
  }
  return keys;
}

/**
 * Characters OCR mistakes for one another by shape — O/0, I/l/1, S/5, B/8 (and Z/2) — put back toward
 * what the field holds: digits (an amount, a date, a number; also Z→2, D/Q→0), letters, or both (an invoice number:
 * each confusable character takes the kind of its nearest clear neighbour, the right one first, so
 * "INVOO12" reads "INV0012" and "1NV-0042" reads "INV-0042"; a lone one ending a word follows its left
 * neighbour, a longer run ending a word ("P051") stays as written).
 */
export type OcrShape = 'digits' | 'letters' | 'alphanumeric';

const TO_DIGIT: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  Q: '0',
  D: '0',
  I: '1',
  l: '1',
  i: '1',
  '|': '1',
  '!': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
};

const TO_LETTER: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '5': 'S',
  '8': 'B',
};

/** The letters that pass for digits in an identifier (the brief's pairs only: O/0, I/l/1, S/5, B/8). */
const AMBIGUOUS_LETTERS = new Set(['O', 'o', 'I', 'l', 'S', 'B']);

function confusable(char: string): boolean {
  return char in TO_LETTER || AMBIGUOUS_LETTERS.has(char);
}

function kindOf(char: string): 'digit' | 'letter' | null {
  if (confusable(char)) return null;
  if (/\d/.test(char)) return 'digit';
  if (/\p{L}/u.test(char)) return 'letter';
  return null;
}

export function fixOcrConfusions(text: string, shape: OcrShape): string {
  if (shape === 'digits') return [...text].map((c) => TO_DIGIT[c] ?? c).join('');
  if (shape === 'letters') return [...text].map((c) => TO_LETTER[c] ?? c).join('');
  const chars = [...text];
  return chars
    .map((char, index) => {
      if (!confusable(char)) return char;
      // A run of confusables closing a word ("P051") is left as written: nothing clear follows it.
      const kind =
        nearestKind(chars, index, 1) ??
        (closingRunLength(chars, index) === 1 ? nearestKind(chars, index, -1) : null);
      if (kind === 'digit') return TO_DIGIT[char] ?? char;
      if (kind === 'letter') return TO_LETTER[char] ?? char;
      return char;
    })
    .join('');
}

function closingRunLength(chars: string[], index: number): number {
  let start = index;
  while (start > 0 && confusable(chars[start - 1]!)) start -= 1;
  let end = index;
  while (end + 1 < chars.length && confusable(chars[end + 1]!)) end += 1;
  return end - start + 1;
}

/** The kind of the nearest clear character in one direction, within the same word (no spaces or dashes). */
function nearestKind(chars: string[], index: number, step: 1 | -1): 'digit' | 'letter' | null {
  for (let i = index + step; i >= 0 && i < chars.length; i += step) {
    const char = chars[i]!;
    if (!/[\p{L}\d|!]/u.test(char)) return null;
    const kind = kindOf(char);
    if (kind) return kind;
  }
  return null;
}

/** True when the text holds a character that digits-shape fixing would change. */
export function hasDigitConfusions(text: string): boolean {
  return [...text].some((c) => c in TO_DIGIT);
}

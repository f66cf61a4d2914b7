import type { Selection } from '@counterpart/contracts';
import { compilePattern, literalPattern } from './patterns.ts';

/**
 * Template selection: is this document the model's layout? Keywords are looked for in the
 * document's text (lines joined by newlines):
 * - any:   at least one keyword appears (case and spacing ignored);
 * - all:   every keyword appears (case and spacing ignored);
 * - exact: every keyword appears as written, case included, as whole words;
 * - regex: every keyword is a regular expression that matches (case ignored);
 * - fuzzy: every keyword appears with at most one edit in five characters (OCR slips: "lnvoice").
 * No keywords: every document is. Any exclusion appearing (case and spacing ignored): it is not.
 */
export function matchesLayout(selection: Selection, text: string): boolean {
  const contains = (keyword: string) => compilePattern(literalPattern(keyword), 'i', 'A keyword').test(text);
  if (selection.exclude.some(contains)) return false;
  const { keywords } = selection;
  if (keywords.length === 0) return true;
  switch (selection.mode) {
    case 'any':
      return keywords.some(contains);
    case 'all':
      return keywords.every(contains);
    case 'exact':
      return keywords.every((keyword) =>
        compilePattern(
          `(?<![\\p{L}\\p{N}])${literalPattern(keyword)}(?![\\p{L}\\p{N}])`,
          'u',
          'A keyword',
        ).test(text),
      );
    case 'regex':
      return keywords.every((keyword) => compilePattern(keyword, 'im', `The keyword pattern`).test(text));
    case 'fuzzy': {
      const words = text.toLowerCase().split(/\s+/).filter(Boolean);
      return keywords.every((keyword) => fuzzyContains(words, keyword.toLowerCase()));
    }
  }
}

function fuzzyContains(words: readonly string[], keyword: string): boolean {
  const size = keyword.split(/\s+/).length;
  const target = keyword.replace(/\s+/g, ' ');
  const allowed = Math.max(1, Math.floor(target.length / 5));
  for (let i = 0; i + size <= words.length; i += 1) {
    // Punctuation around the words ("invoice:") is not an edit.
    const window = words
      .slice(i, i + size)
      .join(' ')
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (Math.abs(window.length - target.length) > allowed) continue;
    if (editDistance(window, target, allowed) <= allowed) return true;
  }
  return false;
}

/** Levenshtein distance, giving up (returning limit + 1) once it exceeds limit. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

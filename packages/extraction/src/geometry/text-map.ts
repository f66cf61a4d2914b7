import type { Box, Token } from '@counterpart/contracts';
import { unionBox } from './box.ts';
import type { Line } from './lines.ts';

/**
 * Text with a map back to the words it came from: lines joined by "\n", words by " ". A regular
 * expression run over `text` gives character spans; `tokensIn` turns a span into the words (and so
 * the page and box) it covers.
 */
export interface TextMap {
  text: string;
  /** One entry per token, in text order. */
  spans: { start: number; end: number; token: Token; line: number; index: number }[];
  /** Where each line starts in `text`. */
  lineStarts: number[];
}

export function textMap(lines: readonly Line[]): TextMap {
  let text = '';
  const spans: TextMap['spans'] = [];
  const lineStarts: number[] = [];
  lines.forEach((line, index) => {
    if (index > 0) text += '\n';
    lineStarts.push(text.length);
    line.tokens.forEach((token, i) => {
      const start = text.length + line.starts[i]!;
      spans.push({ start, end: start + token.text.length, token, line: index, index: i });
    });
    text += line.text;
  });
  return { text, spans, lineStarts };
}

/** The tokens a character span [start, end) touches, in text order. */
export function tokensIn(map: TextMap, start: number, end: number): Token[] {
  const found: Token[] = [];
  for (const span of map.spans) {
    if (span.end <= start) continue;
    if (span.start >= end) break;
    found.push(span.token);
  }
  return found;
}

/** Where a span of words sits: the page of its first word and the box around its words on that page. */
export function placeOf(tokens: readonly Token[]): { page: number | null; box: Box | null } {
  const first = tokens[0];
  if (!first) return { page: null, box: null };
  return { page: first.page, box: unionBox(tokens.filter((t) => t.page === first.page).map((t) => t.box)) };
}

/** The lowest confidence among the words (1 for none). */
export function leastConfidence(tokens: readonly Token[]): number {
  return tokens.reduce((least, token) => Math.min(least, token.confidence), 1);
}

import type { Box, DocumentTokens, Token } from '@counterpart/contracts';
import { lines as geometryLines } from '../geometry/lines.ts';

/**
 * A document as the learner reads it: geometry/'s lines (tokens grouped by vertical overlap, each
 * split into segments where a gap is wider than the line's height — a column break), with each
 * token's line, segment and anchor word at hand.
 */
export interface ViewToken {
  index: number;
  token: Token;
  /** Lower-cased, without surrounding punctuation; '' when it is no anchor word (digits, symbols). */
  word: string;
  line: number;
  segment: number;
  cx: number;
  cy: number;
}

export interface ViewLine {
  index: number;
  page: number;
  tokens: ViewToken[];
  y0: number;
  y1: number;
}

export interface DocumentView {
  doc: DocumentTokens;
  tokens: ViewToken[];
  lines: ViewLine[];
  pageCount: number;
  /** Tokens by anchor word, for finding anchors fast. */
  byWord: Map<string, ViewToken[]>;
}

/** The anchor form of a word: lower case, no surrounding punctuation; '' if it holds a digit or no letter. */
export function anchorWord(text: string): string {
  const w = text
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}#]+|[^\p{L}\p{N}#]+$/gu, '')
    .trim();
  if (w === '#') return w;
  if (/\d/.test(w) || !/\p{L}/u.test(w)) return '';
  return w;
}

/** Builds the view on geometry/'s lines (vertical overlap, segments at gaps wider than the line's height). */
export function viewDocument(doc: DocumentTokens): DocumentView {
  const indexOf = new Map<Token, number>();
  doc.tokens.forEach((t, i) => {
    indexOf.set(t, i);
  });
  const tokens: ViewToken[] = [];
  const lines: ViewLine[] = geometryLines(doc).map((line, li) => {
    const segmentOf = (i: number) => line.segmentStarts.filter((s) => s <= i).length - 1;
    const own = line.tokens.map((token, i) => {
      const vt: ViewToken = {
        index: indexOf.get(token) ?? -1,
        token,
        word: anchorWord(token.text),
        line: li,
        segment: segmentOf(i),
        cx: (token.box.x0 + token.box.x1) / 2,
        cy: (token.box.y0 + token.box.y1) / 2,
      };
      tokens.push(vt);
      return vt;
    });
    return { index: li, page: line.page, tokens: own, y0: line.box.y0, y1: line.box.y1 };
  });
  const byWord = new Map<string, ViewToken[]>();
  for (const t of tokens) {
    if (!t.word) continue;
    const list = byWord.get(t.word);
    if (list) list.push(t);
    else byWord.set(t.word, [t]);
  }
  const pageCount = Math.max(doc.pages.length, ...doc.tokens.map((t) => t.page), 0);
  return { doc, tokens, lines, pageCount, byWord };
}

/** The box around some tokens. */
export function unionBox(tokens: ViewToken[]): Box {
  return {
    x0: Math.min(...tokens.map((t) => t.token.box.x0)),
    y0: Math.min(...tokens.map((t) => t.token.box.y0)),
    x1: Math.max(...tokens.map((t) => t.token.box.x1)),
    y1: Math.max(...tokens.map((t) => t.token.box.y1)),
  };
}

/** Tokens' text joined with single spaces, in line order. */
export function spanText(tokens: ViewToken[]): string {
  return tokens.map((t) => t.token.text.trim()).join(' ');
}

import type { Box, DocumentTokens, Token } from '@counterpart/contracts';
import { lines as geometryLines } from '../geometry/lines.ts';

/**
 * A document as the learner reads it: geometry/'s lines (tokens grouped by vertical overlap, each
 * split into segments where a gap is wider than the line's height — a column break), with each
 * token's line, segment and anchor word at hand.
 */
export interface ViewToken {
  index: number;
  /** The token as the learner measures it: straightened when the page was read slightly askew. */
  token: Token;
  /** The token as read (its box is what results show). */
  original: Token;
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

/**
 * The slope of a page's text lines (page units, y per x): the median least-squares slope of its
 * longer lines. A scan left a degree askew puts a row's far end half a line lower; its words then
 * fall into two lines.
 */
function pageSlopes(doc: DocumentTokens): Map<number, number> {
  const slopes = new Map<number, number[]>();
  for (const line of geometryLines(doc)) {
    const ts = line.tokens;
    if (ts.length < 3) continue;
    const xs = ts.map((t) => (t.box.x0 + t.box.x1) / 2);
    const ys = ts.map((t) => (t.box.y0 + t.box.y1) / 2);
    const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
    const my = ys.reduce((s, y) => s + y, 0) / ys.length;
    const sxx = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
    if (Math.max(...xs) - Math.min(...xs) < 0.2 || sxx === 0) continue;
    const slope = xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0) / sxx;
    const list = slopes.get(line.page) ?? [];
    list.push(slope);
    slopes.set(line.page, list);
  }
  const out = new Map<number, number>();
  for (const [page, list] of slopes) {
    if (list.length < 3) continue;
    const sorted = [...list].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    // Only a small skew (under ~3°) is undone: more is a layout, not a slip.
    if (Math.abs(median) > 0.001 && Math.abs(median) < 0.05) out.set(page, median);
  }
  return out;
}

/** The tokens with each page's skew sheared away (x kept, y levelled around the page's middle). */
function straighten(doc: DocumentTokens): DocumentTokens {
  const slopes = pageSlopes(doc);
  if (slopes.size === 0) return doc;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return {
    pages: doc.pages,
    tokens: doc.tokens.map((t) => {
      const slope = slopes.get(t.page);
      if (slope === undefined) return t;
      const shift = slope * ((t.box.x0 + t.box.x1) / 2 - 0.5);
      return { ...t, box: { ...t.box, y0: clamp(t.box.y0 - shift), y1: clamp(t.box.y1 - shift) } };
    }),
  };
}

/** Builds the view on geometry/'s lines (vertical overlap, segments at gaps wider than the line's height). */
export function viewDocument(doc: DocumentTokens): DocumentView {
  const level = straighten(doc);
  const indexOf = new Map<Token, number>();
  level.tokens.forEach((t, i) => {
    indexOf.set(t, i);
  });
  const tokens: ViewToken[] = [];
  const lines: ViewLine[] = geometryLines(level).map((line, li) => {
    const segmentOf = (i: number) => line.segmentStarts.filter((s) => s <= i).length - 1;
    const own = line.tokens.map((token, i) => {
      const vt: ViewToken = {
        index: indexOf.get(token) ?? -1,
        token,
        original: doc.tokens[indexOf.get(token) ?? -1] ?? token,
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

/** The box around some tokens, as read (what results show). */
export function unionBox(tokens: ViewToken[]): Box {
  return {
    x0: Math.min(...tokens.map((t) => t.original.box.x0)),
    y0: Math.min(...tokens.map((t) => t.original.box.y0)),
    x1: Math.max(...tokens.map((t) => t.original.box.x1)),
    y1: Math.max(...tokens.map((t) => t.original.box.y1)),
  };
}

/** Tokens' text joined with single spaces, in line order. */
export function spanText(tokens: ViewToken[]): string {
  return tokens.map((t) => t.token.text.trim()).join(' ');
}

import type { Box, DocumentTokens, Token } from '@counterpart/contracts';

/**
 * A document as the learner reads it: tokens grouped into lines (by vertical overlap), each line
 * split into segments where the gap between two words is wider than a few spaces (a column break).
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

function pageAspect(doc: DocumentTokens, page: number): number {
  const p = doc.pages.find((q) => q.page === page);
  // A4 when the page size is unknown.
  return p && p.width > 0 ? p.height / p.width : 842 / 595;
}

export function viewDocument(doc: DocumentTokens): DocumentView {
  const order = doc.tokens
    .map((token, index) => ({ token, index }))
    .filter((t) => t.token.text.trim() !== '')
    .sort(
      (a, b) =>
        a.token.page - b.token.page ||
        (a.token.box.y0 + a.token.box.y1) / 2 - (b.token.box.y0 + b.token.box.y1) / 2 ||
        a.token.box.x0 - b.token.box.x0,
    );
  const lines: ViewLine[] = [];
  let current: ViewLine | null = null;
  const tokens: ViewToken[] = [];
  for (const { token, index } of order) {
    const { box } = token;
    const h = Math.max(box.y1 - box.y0, 1e-6);
    const cy = (box.y0 + box.y1) / 2;
    if (current && current.page === token.page) {
      const overlap = Math.min(current.y1, box.y1) - Math.max(current.y0, box.y0);
      const lineH = current.y1 - current.y0;
      if (overlap > 0.5 * Math.min(h, lineH) || (cy > current.y0 && cy < current.y1)) {
        current.y0 = Math.min(current.y0, box.y0);
        current.y1 = Math.max(current.y1, box.y1);
        const vt = makeToken(token, index, current.index, cy);
        current.tokens.push(vt);
        tokens.push(vt);
        continue;
      }
    }
    current = { index: lines.length, page: token.page, tokens: [], y0: box.y0, y1: box.y1 };
    lines.push(current);
    const vt = makeToken(token, index, current.index, cy);
    current.tokens.push(vt);
    tokens.push(vt);
  }
  for (const line of lines) {
    line.tokens.sort((a, b) => a.token.box.x0 - b.token.box.x0);
    const aspect = pageAspect(doc, line.page);
    // A gap wider than about 1.2 line heights (in the same units) breaks the line into segments.
    const height = (line.y1 - line.y0) * aspect;
    let segment = 0;
    line.tokens.forEach((t, i) => {
      const prev = line.tokens[i - 1];
      if (prev && t.token.box.x0 - prev.token.box.x1 > Math.max(1.2 * height, 0.012)) segment += 1;
      t.segment = segment;
    });
  }
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

function makeToken(token: Token, index: number, line: number, cy: number): ViewToken {
  return {
    index,
    token,
    word: anchorWord(token.text),
    line,
    segment: 0,
    cx: (token.box.x0 + token.box.x1) / 2,
    cy,
  };
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

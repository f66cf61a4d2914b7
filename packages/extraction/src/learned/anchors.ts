import type { DocumentView, ViewToken } from './document-view.ts';
import type { LearnedAnchor } from './types.ts';

/**
 * Anchor words: the words that stand beside a value — on its line to its left, or on the nearest
 * line above it over its columns. Learned from examples, matched on new documents.
 */
export interface AnchorObservation {
  text: string;
  direction: 'left' | 'above';
  rank: number;
  dx: number;
  dy: number;
  dx1: number;
}

const LEFT_WINDOW = 0.45;
const ABOVE_WINDOW = 0.12;
const RANK_FACTOR = [1, 0.7, 0.5, 0.35];

/** The anchor words around a value's tokens in one document, nearest first per direction. */
export function observeAnchors(view: DocumentView, value: ViewToken[]): AnchorObservation[] {
  const first = value[0]!;
  const x0 = Math.min(...value.map((t) => t.token.box.x0));
  const x1 = Math.max(...value.map((t) => t.token.box.x1));
  const cy = value.reduce((s, t) => s + t.cy, 0) / value.length;
  const line = view.lines[first.line]!;
  const out: AnchorObservation[] = [];
  const left = line.tokens
    .filter((t) => t.token.box.x1 <= x0 + 1e-4 && x0 - t.token.box.x1 < LEFT_WINDOW && t.word)
    .sort((a, b) => b.token.box.x0 - a.token.box.x0)
    .slice(0, 3);
  left.forEach((t, rank) => {
    out.push({
      text: t.word,
      direction: 'left',
      rank,
      dx: x0 - t.token.box.x0,
      dy: cy - t.cy,
      dx1: x1 - t.token.box.x0,
    });
  });
  // The nearest line above with anything over the value's columns (widened a little): its words.
  for (let i = first.line - 1; i >= 0; i--) {
    const above = view.lines[i]!;
    if (above.page !== line.page || cy - (above.y0 + above.y1) / 2 > ABOVE_WINDOW) break;
    const over = above.tokens.filter((t) => t.token.box.x1 >= x0 - 0.03 && t.token.box.x0 <= x1 + 0.03);
    if (over.length === 0) continue;
    over
      .filter((t) => t.word)
      .sort((a, b) => Math.abs(a.token.box.x0 - x0) - Math.abs(b.token.box.x0 - x0))
      .slice(0, 3)
      .forEach((t, rank) => {
        out.push({
          text: t.word,
          direction: 'above',
          rank,
          dx: x0 - t.token.box.x0,
          dy: cy - t.cy,
          dx1: x1 - t.token.box.x0,
        });
      });
    break;
  }
  return out;
}

function meanSd(xs: number[]): [number, number] {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  const v = xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length;
  return [m, Math.sqrt(v)];
}

/** Pools a field's observations over its examples into weighted anchors (strongest first). */
export function learnAnchors(observations: AnchorObservation[][], limit = 8): LearnedAnchor[] {
  const n = observations.length;
  const groups = new Map<string, { text: string; direction: 'left' | 'above'; obs: AnchorObservation[] }>();
  for (const example of observations) {
    const seen = new Set<string>();
    for (const o of example) {
      const key = `${o.direction}:${o.text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const g = groups.get(key) ?? { text: o.text, direction: o.direction, obs: [] };
      g.obs.push(o);
      groups.set(key, g);
    }
  }
  const anchors: LearnedAnchor[] = [];
  for (const g of groups.values()) {
    const [dx, sdx] = meanSd(g.obs.map((o) => o.dx));
    const [dy, sdy] = meanSd(g.obs.map((o) => o.dy));
    const [dx1, sdx1] = meanSd(g.obs.map((o) => o.dx1));
    const rankFactor = g.obs.reduce((s, o) => s + (RANK_FACTOR[o.rank] ?? 0.25), 0) / g.obs.length;
    const weight = (g.obs.length / n) * rankFactor;
    anchors.push({
      text: g.text,
      direction: g.direction,
      support: g.obs.length,
      weight,
      dx,
      dy,
      sdx,
      sdy,
      dx1,
      sdx1,
    });
  }
  anchors.sort((a, b) => b.weight - a.weight || a.text.localeCompare(b.text));
  return anchors.filter((a, i) => i < limit && (a.weight >= 0.15 || i < 2));
}

function similar(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 4 || Math.abs(a.length - b.length) > 1) return 0;
  // One edit apart (an OCR slip): substitution, insertion or deletion.
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const rest = (x: string, y: string) => x === y;
  if (
    rest(a.slice(i + 1), b.slice(i + 1)) ||
    rest(a.slice(i + 1), b.slice(i)) ||
    rest(a.slice(i), b.slice(i + 1))
  )
    return 0.8;
  return 0;
}

/** The document's tokens that read as the anchor word (exactly, or one OCR slip away). */
export function anchorTokens(view: DocumentView, text: string): { token: ViewToken; sim: number }[] {
  const exact = view.byWord.get(text) ?? [];
  const out = exact.map((token) => ({ token, sim: 1 }));
  if (text.length >= 4) {
    for (const [word, tokens] of view.byWord) {
      if (word === text) continue;
      const sim = similar(word, text);
      if (sim > 0) for (const token of tokens) out.push({ token, sim });
    }
  }
  return out;
}

export interface AnchorHit {
  anchor: LearnedAnchor;
  token: ViewToken;
  match: number;
}

/**
 * How well a candidate value (its left edge, vertical centre and line) sits against one learned
 * anchor: the best of the anchor's tokens on its page, 0..1 by the offset's agreement.
 */
export function matchAnchor(
  candidates: { token: ViewToken; sim: number }[],
  anchor: LearnedAnchor,
  at: { page: number; line: number; x0: number; x1: number; cy: number },
  lineOf: (t: ViewToken) => number,
): AnchorHit | null {
  let best: AnchorHit | null = null;
  const sx = Math.max(0.06, 2 * anchor.sdx);
  const sx1 = Math.max(0.06, 2 * anchor.sdx1);
  for (const { token, sim } of candidates) {
    if (token.token.page !== at.page) continue;
    // The value's left edge or right edge (right-aligned amounts), whichever agrees better.
    const dx = at.x0 - token.token.box.x0;
    const dx1 = at.x1 - token.token.box.x0;
    const xMatch = Math.max(
      Math.exp(-Math.abs(dx - anchor.dx) / sx),
      Math.exp(-Math.abs(dx1 - anchor.dx1) / sx1),
    );
    const dy = at.cy - token.cy;
    let match: number;
    if (anchor.direction === 'left') {
      if (lineOf(token) !== at.line || token.token.box.x1 > at.x0 + 1e-4) continue;
      match = xMatch;
    } else {
      if (dy <= 0 || dy > ABOVE_WINDOW * 1.5) continue;
      const sy = Math.max(0.012, 2 * anchor.sdy);
      match = Math.exp(-Math.abs(dy - anchor.dy) / sy) * xMatch;
    }
    match *= sim;
    if (!best || match > best.match) best = { anchor, token, match };
  }
  return best;
}

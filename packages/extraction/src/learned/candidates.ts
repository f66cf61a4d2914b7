import type { Box, ModelConfiguration } from '@counterpart/contracts';
import { type AnchorHit, anchorTokens, matchAnchor } from './anchors.ts';
import { type DocumentView, spanText, unionBox, type ViewToken } from './document-view.ts';
import { readAmount, readNumber, shapeFit } from './shape.ts';
import type { LearnedField, LearnedWeights } from './types.ts';

/**
 * Candidates for a field's value: token spans of a line segment with the field's shape, each with
 * its features, in this order:
 *   0 anchor    the learned anchor words found at their learned offsets (weighted share)
 *   1 shape     the span fits the learned shape (1), its family (0.5) or not (0)
 *   2 position  nearness to where the value sat in training (and on which page)
 *   3 length    word count within the learned range
 *   4 segment   a whole segment (from a gap or a label to a gap), as the examples were — or not
 */
export const FEATURES = ['anchor', 'shape', 'position', 'length', 'segment'] as const;

/** The fixed weights used below 5 examples (and as the prior when fitting): they sum to 8. */
export function fixedScoring(hasAnchors: boolean): LearnedWeights {
  const w = hasAnchors ? [0.45, 0.2, 0.15, 0.1, 0.1] : [0, 0.35, 0.35, 0.15, 0.15];
  return { bias: -5, weights: w.map((x) => x * 8), origin: 'fixed' };
}

export interface Candidate {
  tokens: ViewToken[];
  text: string;
  page: number;
  line: number;
  x0: number;
  cy: number;
  box: Box;
  features: number[];
  hits: AnchorHit[];
  score: number;
}

type Conf = Pick<ModelConfiguration, 'date_order' | 'decimal_separator'>;

/** Every span of up to `maxLen` words inside one segment of a line. */
export function spans(view: DocumentView, maxLen: number): ViewToken[][] {
  const out: ViewToken[][] = [];
  for (const line of view.lines) {
    const ts = line.tokens;
    for (let i = 0; i < ts.length; i++) {
      for (let j = i; j < ts.length && j - i < maxLen; j++) {
        if (ts[j]!.segment !== ts[i]!.segment) break;
        out.push(ts.slice(i, j + 1));
      }
    }
  }
  return out;
}

/** Whether a span starts a segment (or follows a label word) and ends one. */
export function wholeSegment(view: DocumentView, span: ViewToken[]): boolean {
  const line = view.lines[span[0]!.line]!.tokens;
  const i = line.indexOf(span[0]!);
  const j = line.indexOf(span[span.length - 1]!);
  const prev = line[i - 1];
  const next = line[j + 1];
  const startOk = !prev || prev.segment !== span[0]!.segment || /[:#]$/.test(prev.token.text);
  const endOk = !next || next.segment !== span[0]!.segment;
  return startOk && endOk;
}

/** A number cut out of a longer one ("234,56" of "1 234,56"): extending it still reads as a number. */
function partOfLongerNumber(view: DocumentView, span: ViewToken[], conf: Conf): boolean {
  const line = view.lines[span[0]!.line]!.tokens;
  const i = line.indexOf(span[0]!);
  const j = line.indexOf(span[span.length - 1]!);
  const seg = span[0]!.segment;
  const prev = line[i - 1];
  const next = line[j + 1];
  const read = (ts: ViewToken[]) =>
    readAmount(spanText(ts), conf) !== null || readNumber(spanText(ts), conf) !== null;
  if (prev && prev.segment === seg && read([prev, ...span])) return true;
  if (next && next.segment === seg && read([...span, next])) return true;
  return false;
}

const ALNUM = /[\p{L}\p{N}]/u;
export const hasAlnum = (t: ViewToken) => ALNUM.test(t.token.text);

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function scoreOf(scoring: LearnedWeights, features: number[]): number {
  return sigmoid(scoring.bias + scoring.weights.reduce((s, w, i) => s + w * (features[i] ?? 0), 0));
}

/** The field's candidates in a document, scored with `scoring` (the field's own by default). */
/**
 * Words that label other fields (their strongest anchors): a candidate whose nearest label word is
 * one of them belongs to that field ("Invoice Date 2026-03-01" is no invoice number).
 */
export function rivalWords(fields: LearnedField[], field: LearnedField): Set<string> {
  const own = new Set(field.anchors.filter((a) => a.weight >= 0.3).map((a) => a.text));
  const out = new Set<string>();
  for (const f of fields) {
    if (f.key === field.key) continue;
    for (const a of f.anchors) if (a.weight >= 0.5 && a.support > 0 && !own.has(a.text)) out.add(a.text);
  }
  return out;
}

function nearestLabelWord(view: DocumentView, span: ViewToken[]): string | null {
  const line = view.lines[span[0]!.line]!.tokens;
  for (let i = line.indexOf(span[0]!) - 1; i >= 0; i--) if (line[i]!.word) return line[i]!.word;
  return null;
}

export function fieldCandidates(
  view: DocumentView,
  field: LearnedField,
  conf: Conf,
  allSpans: ViewToken[][],
  scoring: LearnedWeights = field.scoring,
  rivals: Set<string> = new Set(),
): Candidate[] {
  const { shape, position } = field;
  const maxLen = shape.kind === 'text' ? shape.max_tokens + 2 : shape.kind === 'id' ? 2 : 4;
  const anchorSets = field.anchors.map((a) => ({ anchor: a, tokens: anchorTokens(view, a.text) }));
  // Learned anchors count by their weighted share; a label's own name words (never seen) as a noisy-or.
  const weightSum = field.anchors.filter((a) => a.support > 0).reduce((s, a) => s + a.weight, 0);
  const lineOf = (t: ViewToken) => t.line;
  const out: Candidate[] = [];
  for (const span of allSpans) {
    if (span.length > maxLen) continue;
    // A value starts and ends with a letter or digit: OCR specks (":", "-", "©") at its edges are not part of it.
    if (!hasAlnum(span[0]!) || !hasAlnum(span[span.length - 1]!)) continue;
    const text = spanText(span);
    const fit = shapeFit(shape, text, conf);
    if (fit === null) continue;
    if (
      field.type === 'text' &&
      span.some((t) => t.word && field.anchors.some((a) => a.text === t.word && a.weight > 0.3))
    )
      continue;
    if ((shape.kind === 'amount' || shape.kind === 'number') && partOfLongerNumber(view, span, conf))
      continue;
    const first = span[0]!;
    const box = unionBox(span);
    const at = {
      page: first.token.page,
      line: first.line,
      x0: Math.min(...span.map((t) => t.token.box.x0)),
      x1: Math.max(...span.map((t) => t.token.box.x1)),
      // Measured where the learner reads (a skewed page straightened), not as drawn.
      cy: span.reduce((s, t) => s + t.cy, 0) / span.length,
    };
    const hits: AnchorHit[] = [];
    let learnedScore = 0;
    let nameMiss = 1;
    for (const { anchor, tokens } of anchorSets) {
      const hit = matchAnchor(tokens, anchor, at, lineOf);
      if (hit && hit.match > 0.05) {
        hits.push(hit);
        if (anchor.support > 0) learnedScore += anchor.weight * hit.match;
        else nameMiss *= 1 - Math.min(1, anchor.weight * 1.5) * hit.match;
      }
    }
    let anchorScore = Math.max(weightSum > 0 ? learnedScore / weightSum : 0, 0.8 * (1 - nameMiss));
    const nearest = rivals.size ? nearestLabelWord(view, span) : null;
    if (nearest && rivals.has(nearest)) anchorScore *= 0.3;
    const edge =
      position.align === 'left' ? box.x0 : position.align === 'right' ? box.x1 : (box.x0 + box.x1) / 2;
    const pageFactor = Math.max(
      at.page === 1 ? position.first_page : 0,
      at.page === view.pageCount ? position.last_page : 0,
      0.05,
    );
    const pos =
      pageFactor *
      Math.exp(
        -(
          Math.abs(edge - position.x) / Math.max(0.08, 2 * position.sx) +
          Math.abs(at.cy - position.y) / Math.max(0.08, 2 * position.sy)
        ),
      );
    const n = span.length;
    const length =
      n >= shape.min_tokens && n <= shape.max_tokens
        ? 1
        : Math.exp(-Math.min(Math.abs(n - shape.min_tokens), Math.abs(n - shape.max_tokens)));
    const whole = wholeSegment(view, span) ? 1 : 0;
    const segment = 1 - Math.abs(whole - field.whole_segment);
    const features = [anchorScore, fit, pos, length, segment];
    out.push({
      tokens: span,
      text,
      page: at.page,
      line: first.line,
      x0: box.x0,
      cy: at.cy,
      box,
      features,
      hits,
      score: scoreOf(scoring, features),
    });
  }
  out.sort((a, b) => b.score - a.score);
  return out;
}

import type { Box, Rule, Token } from '@counterpart/contracts';
import { centerInside, unionBox } from '../geometry/box.ts';
import { wordsAbove, wordsBelow } from '../geometry/neighbours.ts';
import { tokensIn } from '../geometry/text-map.ts';
import { type Candidate, candidateOf, type RuleContext } from './context.ts';
import { compilePattern, literalPattern } from './patterns.ts';
import { editDistance } from './selection.ts';

/**
 * Field rules. regex: every match over the document's lines (joined by newlines), its group the value.
 * anchor: each place the anchor text is found — contains (case and spacing ignored), exact (as
 * written, whole words, starting a label: see beginsLabel) or regex — gives the value beside it
 * (a contains anchor found nowhere is looked for again allowing OCR slips, see runFuzzyAnchor):
 * right: the words after it on its line within the window, up to a wide gap, or the value pattern's
 * first whole-word match; below / above: the nearest line's words under the anchor (or the first such
 * line matching the value pattern). zone: the words whose centre is in the box. static: the value.
 */
type FieldRule = Exclude<Rule, { method: 'table' }>;
type AnchorRule = Extract<Rule, { method: 'anchor' }>;

/** Every value a field rule finds in the document, in reading order. */
export function runFieldRule(rule: FieldRule, ctx: RuleContext, where: string): Candidate[] {
  switch (rule.method) {
    case 'static':
      return [{ text: rule.value, page: null, box: null, confidence: 1, order: -1 }];
    case 'regex':
      return runRegex(rule.pattern, rule.group, rule.case_sensitive, ctx, where);
    case 'zone':
      return runZone(rule.page, rule.box, ctx);
    case 'anchor':
      return runAnchor(rule, ctx, where);
  }
}

/** The group's span of a match with indices (the whole match when the pattern has fewer groups). */
function groupSpan(match: RegExpExecArray, group: number): [number, number] | null {
  const indices = match.indices;
  if (!indices) return null;
  const span = group < indices.length ? indices[group] : indices[0];
  return span ?? null;
}

function runRegex(pattern: string, group: number, caseSensitive: boolean, ctx: RuleContext, where: string) {
  const regex = compilePattern(pattern, caseSensitive ? 'gmd' : 'gimd', where);
  const found: Candidate[] = [];
  for (const match of ctx.map.text.matchAll(regex)) {
    const span = groupSpan(match, group);
    if (!span || span[0] === span[1]) continue;
    const text = ctx.map.text.slice(span[0], span[1]).replace(/\n/g, ' ');
    found.push(candidateOf(text, tokensIn(ctx.map, span[0], span[1]), span[0]));
    if (found.length >= 200) break;
  }
  return found;
}

function runZone(page: 'first' | 'last' | 'any' | number, zone: Box, ctx: RuleContext): Candidate[] {
  const pages =
    page === 'any'
      ? ctx.pageNumbers
      : page === 'first'
        ? ctx.pageNumbers.slice(0, 1)
        : page === 'last'
          ? ctx.pageNumbers.slice(-1)
          : [page];
  const found: Candidate[] = [];
  for (const number of pages) {
    const inside = ctx.map.spans.filter((s) => s.token.page === number && centerInside(s.token.box, zone));
    if (inside.length === 0) continue;
    const text = inside.map((s) => s.token.text).join(' ');
    found.push(
      candidateOf(
        text,
        inside.map((s) => s.token),
        inside[0]!.start,
      ),
    );
  }
  return found;
}

/** Words as one text with the words' spans, for matching a value pattern near an anchor. */
interface Piece {
  text: string;
  token: Token;
}

function joinPieces(pieces: readonly Piece[]) {
  let text = '';
  const spans: { start: number; end: number; token: Token }[] = [];
  for (const piece of pieces) {
    if (text !== '') text += ' ';
    spans.push({ start: text.length, end: text.length + piece.text.length, token: piece.token });
    text += piece.text;
  }
  return { text, spans };
}

const LEADING_SEPARATORS = /^[\s:#=|]+/;
const OPENING = /^[(#:[]*$/;
const CLOSING = /^[.,;:)\]]*$/;

/** True when a span starts and ends at word edges (give or take brackets and closing punctuation). */
function wholeWords(joined: ReturnType<typeof joinPieces>, [start, end]: [number, number]): boolean {
  const first = joined.spans.find((s) => s.end > start);
  const last = joined.spans.findLast((s) => s.start < end);
  if (!first || !last) return false;
  return (
    OPENING.test(joined.text.slice(first.start, start)) && CLOSING.test(joined.text.slice(end, last.end))
  );
}

/** The value within pieces: the value pattern's first match, or the first run of words up to a wide gap. */
function valueIn(
  pieces: readonly Piece[],
  rule: AnchorRule,
  ctx: RuleContext,
  where: string,
): { text: string; tokens: Token[] } | null {
  const joined = joinPieces(pieces);
  if (rule.value_pattern) {
    // The first match made of whole words wins ("16 %" is not an amount's "16"); else the first match.
    let chosen: [number, number] | null = null;
    for (const match of joined.text.matchAll(
      compilePattern(rule.value_pattern, 'gid', `${where} (value pattern)`),
    )) {
      const span = groupSpan(match, 1);
      if (!span || span[0] === span[1]) continue;
      if (wholeWords(joined, span)) {
        chosen = span;
        break;
      }
      chosen ??= span;
    }
    if (!chosen) return null;
    const [start, end] = chosen;
    const tokens = joined.spans.filter((s) => s.end > start && s.start < end).map((s) => s.token);
    return { text: joined.text.slice(start, end), tokens };
  }
  const kept: Piece[] = [];
  for (const piece of pieces) {
    const previous = kept.at(-1);
    if (previous && previous.token !== piece.token) {
      const size = ctx.pageSize(piece.token.page);
      const gap = (piece.token.box.x0 - previous.token.box.x1) * size.width;
      const height = (piece.token.box.y1 - piece.token.box.y0) * size.height;
      if (gap > 1.2 * height) break;
    }
    kept.push(piece);
  }
  const text = joinPieces(kept).text.replace(LEADING_SEPARATORS, '').trim();
  if (text === '') return null;
  return { text, tokens: kept.map((p) => p.token) };
}

function anchorPattern(rule: AnchorRule): { source: string; flags: string } {
  if (rule.anchor_match === 'regex') return { source: rule.anchor, flags: 'gimd' };
  if (rule.anchor_match === 'exact') {
    return { source: `(?<![\\p{L}\\p{N}])${literalPattern(rule.anchor)}(?![\\p{L}\\p{N}])`, flags: 'gud' };
  }
  return { source: literalPattern(rule.anchor), flags: 'gid' };
}

/**
 * An exact anchor is a label of its own: it starts a word that starts a segment of its line (so
 * "Total" is not the end of "Sub Total", but is found in "Total 1,200.00").
 */
function beginsLabel(ctx: RuleContext, first: RuleContext['map']['spans'][number], start: number): boolean {
  if (start !== first.start) return false;
  return ctx.lines[first.line]?.segmentStarts.includes(first.index) ?? false;
}

function runAnchor(rule: AnchorRule, ctx: RuleContext, where: string): Candidate[] {
  const { source, flags } = anchorPattern(rule);
  const regex = compilePattern(source, flags, `${where} (anchor)`);
  const found: Candidate[] = [];
  for (const match of ctx.map.text.matchAll(regex)) {
    if (match[0] === '') continue;
    const start = match.index;
    const end = start + match[0].length;
    const spans = ctx.map.spans.filter((s) => s.end > start && s.start < end);
    const last = spans.at(-1);
    if (!last || (rule.anchor_match === 'exact' && !beginsLabel(ctx, spans[0]!, start))) continue;
    const anchorBox = unionBox(
      spans.filter((s) => s.token.page === last.token.page).map((s) => s.token.box),
    )!;
    const value = anchorValue(rule, ctx, where, anchorBox, last, end);
    if (value && value.tokens.length > 0) found.push(candidateOf(value.text, value.tokens, start));
    if (found.length >= 200) break;
  }
  if (found.length === 0 && rule.anchor_match === 'contains') return runFuzzyAnchor(rule, ctx, where);
  return found;
}

/** Letters and digits of a word or phrase, lower case (punctuation around words is not an edit). */
function bare(text: string): string {
  return text.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** How much less sure a value is when its anchor was only found with OCR slips ("lnvoice N0"). */
const FUZZY_ANCHOR = 0.9;

/**
 * An anchor nowhere in the text as written: runs of as many OCR'd words as it has, within about one
 * edit in four characters of it (OCR misreads), anchor it instead; their values are less sure.
 * Text-layer words are never guessed at: there a missing anchor is missing.
 */
function runFuzzyAnchor(rule: AnchorRule, ctx: RuleContext, where: string): Candidate[] {
  // Compared without spaces: OCR joins words ("KRAPIN") as often as it misreads letters.
  const target = bare(rule.anchor).replace(/\s+/g, '');
  const words = rule.anchor.trim().split(/\s+/).length;
  const allowed = Math.max(1, Math.round(target.length / 4));
  if (target.length < 4) return [];
  const found: Candidate[] = [];
  const byLine = new Map<number, RuleContext['map']['spans']>();
  for (const span of ctx.map.spans) {
    const list = byLine.get(span.line) ?? [];
    list.push(span);
    byLine.set(span.line, list);
  }
  const sizes = words > 1 ? [words, words - 1] : [words];
  for (const spans of byLine.values()) {
    for (const [i, size] of spans.flatMap((_, i) => sizes.map((size) => [i, size] as const))) {
      if (i + size > spans.length) continue;
      const window = spans.slice(i, i + size);
      if (!window.some((s) => s.token.source === 'ocr')) continue;
      const text = bare(window.map((s) => s.token.text).join(''));
      // Fewer words than the anchor: only words OCR joined, nearly all their letters there.
      const slack = size < words ? 1 : allowed;
      if (Math.abs(text.length - target.length) > slack) continue;
      if (editDistance(text, target, allowed) > allowed) continue;
      const last = window.at(-1)!;
      const anchorBox = unionBox(window.map((s) => s.token.box))!;
      const value = anchorValue(rule, ctx, where, anchorBox, last, last.end);
      if (!value || value.tokens.length === 0) continue;
      const candidate = candidateOf(value.text, value.tokens, window[0]!.start);
      found.push({ ...candidate, confidence: candidate.confidence * FUZZY_ANCHOR });
    }
  }
  return found.sort((a, b) => a.order - b.order);
}

function anchorValue(
  rule: AnchorRule,
  ctx: RuleContext,
  where: string,
  anchorBox: Box,
  last: RuleContext['map']['spans'][number],
  anchorEnd: number,
): { text: string; tokens: Token[] } | null {
  const page = last.token.page;
  if (rule.direction === 'right') {
    const pieces: Piece[] = [];
    // The rest of the anchor's last word ("No:INV-7" with anchor "No:") comes first.
    const rest = ctx.map.text.slice(anchorEnd, last.end);
    if (!/^[\p{P}\p{S}\s]*$/u.test(rest)) pieces.push({ text: rest, token: last.token });
    for (const span of ctx.map.spans) {
      if (span.line !== last.line || span.start <= last.start) continue;
      const distance = span.token.box.x0 - anchorBox.x1;
      if (distance > rule.max_distance) break;
      pieces.push({ text: span.token.text, token: span.token });
    }
    return valueIn(pieces, rule, ctx, where);
  }
  const groups =
    rule.direction === 'below'
      ? wordsBelow(ctx.lines, page, anchorBox, rule.max_distance, ctx.lines[last.line])
      : wordsAbove(ctx.lines, page, anchorBox, rule.max_distance, ctx.lines[last.line]);
  for (const group of groups) {
    const value = valueIn(
      group.map((token) => ({ text: token.text, token })),
      rule,
      ctx,
      where,
    );
    if (value) return value;
    if (!rule.value_pattern) return null;
  }
  return null;
}

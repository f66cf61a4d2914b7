import type { Box, DocumentTokens, Token } from '@counterpart/contracts';
import { centerX, centerY, unionBox, verticalOverlap } from './box.ts';

/**
 * Words into lines: tokens of a page whose boxes overlap vertically by at least half the shorter
 * height are one line, read left to right (on OCR'd pages after taking out the tilt deskewing left,
 * measured between neighbouring words: residualSlope); lines are in reading order (page, top to bottom).
 *
 * Each line also knows its segments: runs of words separated by a gap wider than the line's height
 * (measured in points, so a page's aspect ratio does not matter) — a label and its value set apart,
 * or two columns sharing a baseline.
 */
export interface Line {
  page: number;
  tokens: Token[];
  /** The words joined by single spaces. */
  text: string;
  /** Where each token starts in `text`. */
  starts: number[];
  box: Box;
  /** Index of the first token of each segment (always starts with 0). */
  segmentStarts: number[];
}

const SAME_LINE_OVERLAP = 0.5;
/** A gap wider than this many line heights starts a new segment. */
const SEGMENT_GAP_HEIGHTS = 1.2;

interface PageSize {
  width: number;
  height: number;
}

function pageSizes(doc: DocumentTokens): Map<number, PageSize> {
  const sizes = new Map<number, PageSize>();
  for (const page of doc.pages) {
    sizes.set(page.page, {
      width: page.width > 0 ? page.width : 1,
      height: page.height > 0 ? page.height : 1,
    });
  }
  return sizes;
}

function makeLine(page: number, tokens: Token[], size: PageSize): Line {
  tokens.sort((a, b) => a.box.x0 - b.box.x0);
  const starts: number[] = [];
  let text = '';
  for (const token of tokens) {
    if (text !== '') text += ' ';
    starts.push(text.length);
    text += token.text;
  }
  const box = unionBox(tokens.map((t) => t.box))!;
  const heights = tokens.map((t) => (t.box.y1 - t.box.y0) * size.height).sort((a, b) => a - b);
  const lineHeight = heights[Math.floor(heights.length / 2)] ?? 0;
  const segmentStarts = [0];
  for (let i = 1; i < tokens.length; i += 1) {
    const gap = (tokens[i]!.box.x0 - tokens[i - 1]!.box.x1) * size.width;
    if (lineHeight > 0 && gap > SEGMENT_GAP_HEIGHTS * lineHeight) segmentStarts.push(i);
  }
  return { page, tokens, text, starts, box, segmentStarts };
}

/**
 * The page's remaining slope (page units of y per page unit of x) — what deskewing left of a scan's
 * tilt: the median slope between neighbouring words of one line. 0 for fewer than 5 such pairs.
 */
export function residualSlope(tokens: readonly Token[]): number {
  const slopes: number[] = [];
  const byX = [...tokens].sort((a, b) => a.box.x0 - b.box.x0);
  for (const [i, token] of byX.entries()) {
    const height = token.box.y1 - token.box.y0;
    for (let j = i + 1; j < byX.length; j += 1) {
      const next = byX[j]!;
      if (next.box.x0 - token.box.x1 > 3 * height) break;
      if (next.box.x0 < token.box.x1 || verticalOverlap(token.box, next.box) < 0.3) continue;
      const dx = centerX(next.box) - centerX(token.box);
      if (dx > 0) slopes.push((centerY(next.box) - centerY(token.box)) / dx);
      break;
    }
  }
  if (slopes.length < 5) return 0;
  return median(slopes);
}

/**
 * A speck OCR read as a word: one or two marks of punctuation (":", ".", "|", "©") from dirt, lines
 * or table rules on a scan. Left out of lines; "&", "%", "#" and currency signs are kept.
 */
function ocrSpeck(token: Token): boolean {
  return token.source === 'ocr' && token.text.length <= 2 && /^[^\p{L}\p{N}&%#$€£\-–—]+$/u.test(token.text);
}

/** Groups one page's tokens into lines, top to bottom (tilt left by deskewing taken out first). */
function pageLines(page: number, tokens: Token[], size: PageSize): Line[] {
  const words = tokens.filter((t) => t.text.trim() !== '' && !ocrSpeck(t));
  const slope = words.some((t) => t.source === 'ocr') ? residualSlope(words) : 0;
  const level = new Map<Token, Box>(
    words.map((t) => {
      const shift = slope * centerX(t.box);
      return [t, { ...t.box, y0: t.box.y0 - shift, y1: t.box.y1 - shift }];
    }),
  );
  const boxOf = (t: Token) => level.get(t)!;
  const sorted = words.sort((a, b) => centerY(boxOf(a)) - centerY(boxOf(b)) || a.box.x0 - b.box.x0);
  const open: { box: Box; tokens: Token[] }[] = [];
  for (const token of sorted) {
    let best: { box: Box; tokens: Token[] } | null = null;
    let bestOverlap = SAME_LINE_OVERLAP;
    for (let i = open.length - 1; i >= 0 && i >= open.length - 12; i -= 1) {
      const line = open[i]!;
      const overlap = verticalOverlap(line.box, boxOf(token));
      if (overlap >= bestOverlap) {
        best = line;
        bestOverlap = overlap;
      }
    }
    if (best) {
      best.tokens.push(token);
      // The line's extent follows its words' median, so one tall word does not swallow the next line.
      const ys = best.tokens.map(boxOf);
      const y0 = median(ys.map((b) => b.y0));
      const y1 = median(ys.map((b) => b.y1));
      best.box = { x0: 0, x1: 1, y0, y1 };
    } else {
      open.push({ box: { x0: 0, x1: 1, y0: boxOf(token).y0, y1: boxOf(token).y1 }, tokens: [token] });
    }
  }
  return open
    .map((line) => ({ line: makeLine(page, line.tokens, size), y: centerY(line.box) }))
    .sort((a, b) => a.y - b.y || a.line.box.x0 - b.line.box.x0)
    .map(({ line }) => line);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The document's lines in reading order: page by page, top to bottom, words left to right. */
export function lines(doc: DocumentTokens): Line[] {
  const sizes = pageSizes(doc);
  const byPage = new Map<number, Token[]>();
  for (const token of doc.tokens) {
    const list = byPage.get(token.page) ?? [];
    list.push(token);
    byPage.set(token.page, list);
  }
  const pages = [...byPage.keys()].sort((a, b) => a - b);
  return pages.flatMap((page) =>
    pageLines(page, byPage.get(page)!, sizes.get(page) ?? { width: 1, height: 1 }),
  );
}

/** The document's tokens in reading order (line by line). */
export function readingOrder(doc: DocumentTokens): Token[] {
  return lines(doc).flatMap((line) => line.tokens);
}

/** The tokens of each segment of a line. */
export function segments(line: Line): Token[][] {
  return line.segmentStarts.map((start, i) => line.tokens.slice(start, line.segmentStarts[i + 1]));
}

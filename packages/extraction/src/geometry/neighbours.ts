import type { Box, Token } from '@counterpart/contracts';
import { centerY, horizontalOverlap, verticalOverlap } from './box.ts';
import type { Line } from './lines.ts';

/**
 * The words near a box on its page: to its right on the same line, or on the lines below / above it
 * under the box's horizontal extent. `window` is a distance in page units (0..1): horizontal for
 * right, vertical for below and above. Results are in reading order.
 */

const EDGE = 0.002;

/** Words on the box's line that start right of it, at most `window` from its right edge. */
export function wordsRightOf(lines: readonly Line[], page: number, box: Box, window: number): Token[] {
  const found: Token[] = [];
  for (const line of lines) {
    if (line.page !== page || verticalOverlap(line.box, box) < 0.5) continue;
    for (const token of line.tokens) {
      if (token.box.x0 >= box.x1 - EDGE && token.box.x0 - box.x1 <= window) found.push(token);
    }
  }
  return found.sort((a, b) => a.box.x0 - b.box.x0);
}

/**
 * For each line below (or above) the box within `window`, nearest first: the segment(s) of that
 * line that overlap the box horizontally (a value under its label, left-, right- or centre-aligned).
 */
export function wordsBelow(
  lines: readonly Line[],
  page: number,
  box: Box,
  window: number,
  own?: Line,
): Token[][] {
  return verticalNeighbours(lines, page, box, window, 'below', own);
}

export function wordsAbove(
  lines: readonly Line[],
  page: number,
  box: Box,
  window: number,
  own?: Line,
): Token[][] {
  return verticalNeighbours(lines, page, box, window, 'above', own);
}

function verticalNeighbours(
  lines: readonly Line[],
  page: number,
  box: Box,
  window: number,
  direction: 'below' | 'above',
  own?: Line,
): Token[][] {
  // OCR boxes of neighbouring lines may overlap a little: a line is below when its centre is and it
  // is not the box's own line (the line given, or one overlapping it by half a height).
  const from = own?.box ?? box;
  const candidates = lines.filter((line) => {
    if (line.page !== page || line === own || (!own && verticalOverlap(line.box, box) >= 0.5)) return false;
    const side =
      direction === 'below' ? centerY(line.box) > centerY(from) : centerY(line.box) < centerY(from);
    const distance = direction === 'below' ? line.box.y0 - from.y1 : from.y0 - line.box.y1;
    return side && distance <= window;
  });
  if (direction === 'above') candidates.reverse();
  const found: Token[][] = [];
  for (const line of candidates) {
    const words: Token[] = [];
    line.segmentStarts.forEach((start, i) => {
      const segment = line.tokens.slice(start, line.segmentStarts[i + 1]);
      if (segment.some((token) => horizontalOverlap(token.box, box) > 0)) words.push(...segment);
    });
    if (words.length > 0) found.push(words);
  }
  return found;
}

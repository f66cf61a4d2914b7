import type { Box, Token } from '@counterpart/contracts';

/** The smallest box around some words. */
export function unionBox(boxes: Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

/** The words inside a drawn box (their centre in it), in reading order, joined by spaces. */
export function wordsInBox(tokens: Token[], box: Box): Token[] {
  return tokens.filter((t) => {
    const cx = (t.box.x0 + t.box.x1) / 2;
    const cy = (t.box.y0 + t.box.y1) / 2;
    return cx >= box.x0 && cx <= box.x1 && cy >= box.y0 && cy <= box.y1;
  });
}

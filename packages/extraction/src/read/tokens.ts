import type { Box, DocumentTokens } from '@counterpart/contracts';

/** A page's place in the document and its size (points for a PDF page, pixels for an image). */
export type PageSize = DocumentTokens['pages'][number];

/** Where reading stands: pages done out of the document's pages. */
export type OnProgress = (done: number, total: number) => void;

const clamp = (n: number) => (n < 0 ? 0 : n > 1 ? 1 : n);
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** A box in page units (0..1, top-left origin) from one in the page's own units. */
export function unitBox(x: number, y: number, width: number, height: number, page: PageSize): Box {
  return {
    x0: round(clamp(x / page.width)),
    y0: round(clamp(y / page.height)),
    x1: round(clamp((x + width) / page.width)),
    y1: round(clamp((y + height) / page.height)),
  };
}

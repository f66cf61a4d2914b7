import type { Box } from '@counterpart/contracts';

/** The smallest box holding all the given boxes (null for none). */
export function unionBox(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  let x0 = 1;
  let y0 = 1;
  let x1 = 0;
  let y1 = 0;
  for (const box of boxes) {
    x0 = Math.min(x0, box.x0);
    y0 = Math.min(y0, box.y0);
    x1 = Math.max(x1, box.x1);
    y1 = Math.max(y1, box.y1);
  }
  return { x0, y0, x1, y1 };
}

/** How much of the shorter of two vertical extents the other covers (0..1). */
export function verticalOverlap(a: Box, b: Box): number {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  const shorter = Math.min(a.y1 - a.y0, b.y1 - b.y0);
  if (shorter <= 0) return overlap >= 0 ? 1 : 0;
  return Math.max(0, overlap) / shorter;
}

/** How much of the shorter of two horizontal extents the other covers (0..1). */
export function horizontalOverlap(a: Box, b: Box): number {
  const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const shorter = Math.min(a.x1 - a.x0, b.x1 - b.x0);
  if (shorter <= 0) return overlap >= 0 ? 1 : 0;
  return Math.max(0, overlap) / shorter;
}

export function centerX(box: Box): number {
  return (box.x0 + box.x1) / 2;
}

export function centerY(box: Box): number {
  return (box.y0 + box.y1) / 2;
}

/** True when the box's centre lies inside the zone. */
export function centerInside(box: Box, zone: Box): boolean {
  const x = centerX(box);
  const y = centerY(box);
  return x >= zone.x0 && x <= zone.x1 && y >= zone.y0 && y <= zone.y1;
}

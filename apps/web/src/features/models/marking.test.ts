import type { Token } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { unionBox, wordsInBox } from './marking.ts';

const word = (text: string, x0: number, y0: number, x1: number, y1: number): Token => ({
  page: 1,
  text,
  box: { x0, y0, x1, y1 },
  confidence: 1,
  source: 'pdf',
});

describe('marking helpers', () => {
  const words = [
    word('Invoice', 0.1, 0.1, 0.2, 0.12),
    word('No:', 0.21, 0.1, 0.25, 0.12),
    word('INV-7001', 0.3, 0.1, 0.4, 0.12),
  ];

  it('takes the words whose centre is inside a drawn box', () => {
    expect(wordsInBox(words, { x0: 0.28, y0: 0.09, x1: 0.45, y1: 0.13 }).map((w) => w.text)).toEqual([
      'INV-7001',
    ]);
    expect(wordsInBox(words, { x0: 0.14, y0: 0.09, x1: 0.45, y1: 0.13 }).map((w) => w.text)).toEqual([
      'Invoice',
      'No:',
      'INV-7001',
    ]);
    expect(wordsInBox(words, { x0: 0.5, y0: 0.5, x1: 0.6, y1: 0.6 })).toEqual([]);
  });

  it('boxes several words together', () => {
    expect(unionBox(words.map((w) => w.box))).toEqual({ x0: 0.1, y0: 0.1, x1: 0.4, y1: 0.12 });
  });
});

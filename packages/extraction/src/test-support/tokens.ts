import type { DocumentTokens, Token } from '@counterpart/contracts';

/**
 * Test documents written as words at known places: an A4 page (595 × 842 pt) where each word is
 * given by its left edge and baseline top in points and a 10 pt height; widths follow 5 pt a letter.
 */
export interface Word {
  text: string;
  x: number;
  y: number;
  page?: number;
  confidence?: number;
}

export const A4 = { width: 595, height: 842 };

export function word(text: string, x: number, y: number, page = 1, confidence = 1): Word {
  return { text, x, y, page, confidence };
}

/** A phrase: words from x, 5 pt a letter and a 3 pt space. */
export function phrase(text: string, x: number, y: number, page = 1, confidence = 1): Word[] {
  const words: Word[] = [];
  let left = x;
  for (const part of text.split(' ')) {
    words.push({ text: part, x: left, y, page, confidence });
    left += part.length * 5 + 3;
  }
  return words;
}

export function doc(words: Word[], pages = 1): DocumentTokens {
  const tokens: Token[] = words.map((w) => ({
    page: w.page ?? 1,
    text: w.text,
    box: {
      x0: w.x / A4.width,
      y0: w.y / A4.height,
      x1: Math.min(1, (w.x + w.text.length * 5) / A4.width),
      y1: Math.min(1, (w.y + 10) / A4.height),
    },
    confidence: w.confidence ?? 1,
    source: (w.confidence ?? 1) < 1 ? 'ocr' : 'pdf',
  }));
  return {
    pages: Array.from({ length: pages }, (_, i) => ({ page: i + 1, ...A4 })),
    tokens,
  };
}

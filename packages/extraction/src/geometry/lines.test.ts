import { describe, expect, it } from 'vitest';
import { doc, phrase, word } from '../test-support/tokens.ts';
import { lines, readingOrder, segments } from './lines.ts';
import { wordsAbove, wordsBelow, wordsRightOf } from './neighbours.ts';
import { placeOf, textMap, tokensIn } from './text-map.ts';

describe('lines', () => {
  it('groups words by vertical overlap and reads them left to right, top to bottom', () => {
    const d = doc([
      word('World', 100, 101),
      word('Hello', 50, 100),
      word('Second', 50, 130),
      word('line', 90, 132),
    ]);
    const found = lines(d);
    expect(found.map((l) => l.text)).toEqual(['Hello World', 'Second line']);
    expect(found[0]!.starts).toEqual([0, 6]);
  });

  it('keeps words of lines that barely touch apart', () => {
    const d = doc([word('top', 50, 100), word('bottom', 50, 108)]);
    expect(lines(d).map((l) => l.text)).toEqual(['top', 'bottom']);
  });

  it('takes out the tilt a scan kept after deskewing before grouping OCR words into lines', () => {
    // Three table rows tilted down to the right by 1 pt every 12 pt: left and right ends of a row
    // no longer overlap by half a line.
    const tilted = (y: number) =>
      ['Laptop', 'Dell', 'Latitude', '5440', 'x', '6', '113,113.00', '678,678.00'].map((text, i) =>
        word(text, 50 + i * 60, y + (i * 60) / 12, 1, 0.9),
      );
    const d = doc([...tilted(200), ...tilted(240), ...tilted(280)]);
    expect(lines(d).map((l) => l.tokens.length)).toEqual([8, 8, 8]);
    // Text-layer words are never tilted: the same boxes from a PDF stay as they are.
    const pdf = doc([...tilted(200)].map((w) => ({ ...w, confidence: 1 })));
    expect(lines(pdf).length).toBeGreaterThan(1);
  });

  it('leaves OCR specks of punctuation out of lines, but keeps dashes, & and text-layer punctuation', () => {
    const d = doc([
      word('Zawadi', 50, 100, 1, 0.9),
      word(':', 90, 100, 1, 0.3),
      word('&', 100, 100, 1, 0.9),
      word('-', 110, 100, 1, 0.9),
      word('Co', 120, 100, 1, 0.9),
      word(':', 160, 100),
    ]);
    expect(lines(d).map((l) => l.text)).toEqual(['Zawadi & - Co :']);
  });

  it('orders pages before lines and splits lines into segments at wide gaps', () => {
    const d = doc(
      [
        ...phrase('Invoice No:', 50, 100),
        word('INV-001', 200, 100),
        ...phrase('Page two', 50, 50, 2),
        ...phrase('Date 12/03/2026', 50, 120),
      ],
      2,
    );
    const found = lines(d);
    expect(found.map((l) => `${l.page}:${l.text}`)).toEqual([
      '1:Invoice No: INV-001',
      '1:Date 12/03/2026',
      '2:Page two',
    ]);
    expect(segments(found[0]!).map((s) => s.map((t) => t.text).join(' '))).toEqual([
      'Invoice No:',
      'INV-001',
    ]);
    expect(segments(found[1]!)).toHaveLength(1);
    expect(readingOrder(d).map((t) => t.text)[2]).toBe('INV-001');
  });
});

describe('neighbours', () => {
  const d = doc([
    ...phrase('Invoice Date', 50, 100),
    word('12/03/2026', 150, 100),
    word('far-away', 500, 100),
    ...phrase('Due Date', 300, 140),
    word('30/03/2026', 300, 155),
    word('elsewhere', 50, 155),
    word('Header', 300, 120),
  ]);
  const all = lines(d);
  const anchor = (text: string) => {
    const map = textMap(all);
    const at = map.text.indexOf(text);
    return placeOf(tokensIn(map, at, at + text.length)).box!;
  };

  it('finds the words right of a box within the window', () => {
    const right = wordsRightOf(all, 1, anchor('Invoice Date'), 0.2);
    expect(right.map((t) => t.text)).toEqual(['12/03/2026']);
    expect(wordsRightOf(all, 1, anchor('Invoice Date'), 0.9).map((t) => t.text)).toEqual([
      '12/03/2026',
      'far-away',
    ]);
    expect(wordsRightOf(all, 2, anchor('Invoice Date'), 0.9)).toEqual([]);
  });

  it('finds the words below and above a box under its horizontal extent, nearest first', () => {
    const below = wordsBelow(all, 1, anchor('Due Date'), 0.05);
    expect(below.map((ws) => ws.map((t) => t.text).join(' '))).toEqual(['30/03/2026']);
    const above = wordsAbove(all, 1, anchor('Due Date'), 0.05);
    expect(above.map((ws) => ws.map((t) => t.text).join(' '))).toEqual(['Header']);
    expect(wordsBelow(all, 1, anchor('Due Date'), 0.005)).toEqual([]);
  });

  it('finds the line below even when OCR boxes of the two lines overlap a little', () => {
    // Tall OCR boxes: the label line spans 100–116 pt, the value line 110–126 pt (less than half).
    const tall = (text: string, x: number, y: number) => ({ ...word(text, x, y, 1, 0.9) });
    const d = doc([
      tall('INVOICE', 50, 100),
      tall('NUMBER', 100, 100),
      tall('INV-77', 50, 110),
      tall('BILLED', 50, 140),
    ]);
    const tokens = d.tokens.map((t) => ({ ...t, box: { ...t.box, y1: t.box.y1 + 6 / 842 } }));
    const found = lines({ ...d, tokens });
    expect(found.map((l) => l.text)).toEqual(['INVOICE NUMBER', 'INV-77', 'BILLED']);
    const own = found[0]!;
    expect(wordsBelow(found, 1, own.box, 0.05, own).map((ws) => ws[0]!.text)).toEqual(['INV-77', 'BILLED']);
  });

  it('maps text spans back to the words and their box', () => {
    const map = textMap(all);
    expect(map.text.split('\n')[0]).toBe('Invoice Date 12/03/2026 far-away');
    const start = map.text.indexOf('12/03');
    const place = placeOf(tokensIn(map, start, start + 5));
    expect(place.page).toBe(1);
    expect(place.box!.x0).toBeCloseTo(150 / 595, 6);
  });
});

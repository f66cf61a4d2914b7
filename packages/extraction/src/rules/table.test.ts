import type { Rule } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION, label } from '../test-support/models.ts';
import { A4, doc, phrase, type Word, word } from '../test-support/tokens.ts';
import { ruleContext } from './context.ts';
import { extractTable } from './table.ts';

const items = label('items', 'table', {
  columns: [
    { key: 'description', name: 'Description', type: 'text' },
    { key: 'qty', name: 'Qty', type: 'number' },
    { key: 'unit_price', name: 'Unit price', type: 'amount' },
    { key: 'amount', name: 'Amount', type: 'amount' },
  ],
});

const rule: Extract<Rule, { method: 'table' }> = {
  method: 'table',
  columns: [
    { key: 'description', header: 'Description' },
    { key: 'qty', header: 'Qty' },
    { key: 'unit_price', header: 'Unit Price' },
    { key: 'amount', header: 'Amount' },
  ],
};

function header(y: number, page = 1): Word[] {
  return [
    word('Description', 50, y, page),
    word('Qty', 300, y, page),
    ...phrase('Unit Price', 360, y, page),
    word('Amount', 480, y, page),
  ];
}

function row(
  description: string,
  qty: string,
  unit: string,
  amount: string,
  y: number,
  page = 1,
  confidence = 1,
) {
  return [
    ...phrase(description, 50, y, page, confidence),
    word(qty, 305, y, page, confidence),
    word(unit, 360, y, page, confidence),
    word(amount, 480, y, page, confidence),
  ];
}

const twoPages = doc(
  [
    ...phrase('Invoice INV-1', 50, 60),
    ...header(200),
    ...row('Office chairs', '2', '4,500.00', '9,000.00', 220),
    ...phrase('ergonomic, black', 50, 232),
    ...row('Printer paper A4', '10', '550.00', '5,500.00', 250),
    ...phrase('Page 1 of 2', 250, 800),
    ...phrase('Invoice INV-1 continued', 50, 40, 2),
    ...row('Delivery', '1', '1,471.60', '1,471.60', 100, 2),
    ...phrase('Subtotal', 360, 140, 2),
    word('15,971.60', 480, 140, 2),
    ...row('Not an item', '9', '9.00', '9.00', 170, 2),
  ],
  2,
);

const run = (r: typeof rule, d = twoPages) => extractTable(r, items, ruleContext(d), CONFIGURATION, 'test');
const values = (result: ReturnType<typeof run>) =>
  result.rows.map((r) => Object.values(r.cells).map((c) => c.value ?? ''));

describe('line items', () => {
  it('reads rows by the header columns, joins wrapped descriptions and continues on the next page', () => {
    const result = run(rule);
    expect(values(result)).toEqual([
      ['Office chairs ergonomic, black', '2', '4,500.00', '9,000.00'],
      ['Printer paper A4', '10', '550.00', '5,500.00'],
      ['Delivery', '1', '1,471.60', '1,471.60'],
    ]);
    expect(result.rows.map((r) => r.page)).toEqual([1, 1, 2]);
    expect(result.rows[0]!.cells.amount!.normalized).toEqual({
      type: 'amount',
      minor: '900000',
      currency: 'KES',
    });
    expect(result.rows[1]!.cells.qty!.normalized).toEqual({ type: 'number', value: '10' });
    const description = result.rows[0]!.cells.description!;
    expect(description.box!.y0).toBeCloseTo(220 / A4.height, 6);
    expect(description.box!.y1).toBeCloseTo(242 / A4.height, 6);
    expect(result.confidence).toBe(1);
  });

  it('stops at the end pattern and starts after the start pattern', () => {
    expect(values(run({ ...rule, end_pattern: 'Printer' }))).toHaveLength(1);
    expect(values(run({ ...rule, start_pattern: 'no such text' }))).toEqual([]);
    // Without an end, the page's part still ends at a gap of three line heights after its last row.
    expect(values(run({ ...rule, end_pattern: 'no such text' })).map((r) => r[0])).toEqual([
      'Office chairs ergonomic, black',
      'Printer paper A4',
      'Delivery',
    ]);
  });

  it('takes the columns of a header repeated on the next page, and lowers confidence for OCR words', () => {
    const repeated = doc(
      [
        ...header(100),
        ...row('Chairs', '2', '4,500.00', '9,000.00', 120),
        ...header(50, 2).map((w) => ({ ...w, x: w.x + 20 })),
        ...row('Desk', '1', '12,000.00', '12,000.00', 70, 2, 0.7).map((w) => ({ ...w, x: w.x + 20 })),
        ...phrase('TOTAL 21,000.00', 360, 100, 2),
      ],
      2,
    );
    const result = run(rule, repeated);
    expect(values(result)).toEqual([
      ['Chairs', '2', '4,500.00', '9,000.00'],
      ['Desk', '1', '12,000.00', '12,000.00'],
    ]);
    expect(result.confidence).toBeCloseTo(0.7, 6);
  });

  it('gives words running over from the description back to it, and leaves out a row-number column', () => {
    const spilling = doc([
      word('#', 30, 100),
      ...header(100),
      word('1', 30, 120),
      ...phrase('Network cabling and installation of data points', 50, 120),
      word('12', 322, 120),
      word('631.94', 360, 120),
      word('7,583.28', 480, 120),
      word('2', 30, 135),
      ...row('Chairs', '2', '4,500.00', '9,000.00', 135),
    ]);
    expect(values(run(rule, spilling))).toEqual([
      ['Network cabling and installation of data points', '12', '631.94', '7,583.28'],
      ['Chairs', '2', '4,500.00', '9,000.00'],
    ]);
  });

  it('finds headings misread by OCR', () => {
    const scan = doc([
      word('Descriptlon', 50, 100, 1, 0.8),
      word('0ty', 300, 100, 1, 0.8),
      ...phrase('Unit Prlce', 360, 100, 1, 0.8),
      word('Arnount', 480, 100, 1, 0.8),
      ...row('Chairs', '2', '4,500.00', '9,000.00', 120),
    ]);
    expect(values(run(rule, scan))).toEqual([['Chairs', '2', '4,500.00', '9,000.00']]);
    // The same words in a text layer are not headings.
    const text = doc(
      scan.tokens.map((t) => ({ text: t.text, x: t.box.x0 * A4.width, y: t.box.y0 * A4.height })),
    );
    expect(run(rule, text).rows).toEqual([]);
  });

  it('counts OCR-garbled numbers as row values, read with less confidence', () => {
    const scan = doc([...header(100), ...row('Chairs', 'l2', '4,5OO.00', '54,000,00', 120, 1, 0.9)]);
    const result = run(rule, scan);
    expect(values(result)).toEqual([['Chairs', 'l2', '4,5OO.00', '54,000,00']]);
    expect(result.rows[0]!.cells.qty!.normalized).toEqual({ type: 'number', value: '12' });
    expect(result.rows[0]!.cells.unit_price!.normalized).toEqual({
      type: 'amount',
      minor: '450000',
      currency: 'KES',
    });
    expect(result.rows[0]!.cells.amount!.normalized).toEqual({
      type: 'amount',
      minor: '5400000',
      currency: 'KES',
    });
    expect(result.confidence).toBeCloseTo(0.9 * 0.7, 6);
  });

  it('finds nothing without its header', () => {
    expect(run(rule, doc(row('Chairs', '2', '4,500.00', '9,000.00', 120))).rows).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { pickValue, type Typed } from './picks.ts';

const amount = (text: string, minor: string, order: number, confidence = 1, currency = 'KES'): Typed => ({
  text,
  normalized: { type: 'amount', minor, currency },
  confidence,
  page: 1,
  box: { x0: 0.1, y0: order / 10, x1: 0.2, y1: order / 10 + 0.01 },
  order,
});

const values = [amount('200.00', '20000', 3), amount('1,000.50', '100050', 1, 0.9), amount('5.25', '525', 2)];

describe('picks', () => {
  it('first and last follow reading order, the others become alternatives', () => {
    expect(pickValue(values, 'first', 'amount')!.value.text).toBe('1,000.50');
    const last = pickValue(values, 'last', 'amount')!;
    expect(last.value.text).toBe('200.00');
    expect(last.others.map((v) => v.text)).toEqual(['1,000.50', '5.25']);
  });

  it('sums amounts exactly in minor units with the lowest confidence', () => {
    const sum = pickValue(values, 'sum', 'amount')!.value;
    expect(sum.normalized).toEqual({ type: 'amount', minor: '120575', currency: 'KES' });
    expect(sum.text).toBe('1205.75');
    expect(sum.confidence).toBe(0.9);
    expect(sum.box).toEqual({ x0: 0.1, y0: 0.1, x1: 0.2, y1: 0.31 });
  });

  it('sums numbers exactly and doubts a sum that left values out', () => {
    const numbers: Typed[] = ['0.1', '0.2', '0.30'].map((value, i) => ({
      text: value,
      normalized: { type: 'number', value },
      confidence: 1,
      page: 1,
      box: null,
      order: i,
    }));
    expect(pickValue(numbers, 'sum', 'number')!.value.normalized).toEqual({ type: 'number', value: '0.60' });
    const withText = [...numbers, { ...numbers[0]!, normalized: null, text: 'x', order: 9 }];
    expect(pickValue(withText, 'sum', 'number')!.value.confidence).toBe(0.5);
  });

  it('min and max compare values, not text', () => {
    expect(pickValue(values, 'min', 'amount')!.value.text).toBe('5.25');
    expect(pickValue(values, 'max', 'amount')!.value.text).toBe('1,000.50');
    const dates: Typed[] = ['2026-03-01', '2025-12-31'].map((iso, i) => ({
      text: iso,
      normalized: { type: 'date', iso },
      confidence: 1,
      page: 1,
      box: null,
      order: i,
    }));
    expect(pickValue(dates, 'min', 'date')!.value.text).toBe('2025-12-31');
  });

  it('joins all values in reading order', () => {
    expect(pickValue(values, 'join', 'text')!.value.text).toBe('1,000.50 5.25 200.00');
  });

  it('gives nothing for no values', () => {
    expect(pickValue([], 'first', 'text')).toBeNull();
  });
});

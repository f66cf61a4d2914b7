import { describe, expect, it } from 'vitest';
import { readAmount } from './amount.ts';
import { readDate } from './date.ts';
import { parseDecimal } from './number.ts';
import { fixOcrConfusions } from './ocr-confusions.ts';
import { normalizeValue } from './value.ts';

const point = { decimal: '.' as const, currency: 'KES' };
const comma = { decimal: ',' as const, currency: 'KES' };

describe('readAmount', () => {
  it.each([
    ['1,471.60', point, '147160', 'KES', 1],
    ['1.471,60', comma, '147160', 'KES', 1],
    ['1 471,60', comma, '147160', 'KES', 1],
    ['1 234.50-', point, '-123450', 'KES', 1],
    ['(1,234.50)', point, '-123450', 'KES', 1],
    ['KES 12,000.00', point, '1200000', 'KES', 1],
    ['USD 5.25', point, '525', 'USD', 1],
    ['JPY 1,200', point, '1200', 'JPY', 1],
    ['250', point, '25000', 'KES', 1],
    ['1.471,60', point, '147160', 'KES', 0.9],
    ['1,47l.6O', point, '147160', 'KES', 0.85],
    ['1,471,60', point, '147160', 'KES', 0.7],
    ['Total due KES 1,200.00 now', point, '120000', 'KES', 0.95],
  ])('reads %s', (text, options, minor, currency, certainty) => {
    expect(readAmount(text, options)).toMatchObject({ minor, currency, certainty });
  });

  it('refuses text that holds no amount and amounts with more decimals than the currency', () => {
    expect(readAmount('INV-', point)).toBeNull();
    expect(readAmount('', point)).toBeNull();
    expect(readAmount('12.345', { decimal: '.', currency: 'KES' })).toBeNull();
    // A quantity beside an amount is not a comma misread for a point.
    expect(readAmount('6 124,563.00', point)).toBeNull();
  });

  it('says when the amount was only part of the text', () => {
    expect(readAmount('points 91,534.00', point)).toMatchObject({ partial: true, certainty: 0.95 });
    expect(readAmount('91,534.00', point)?.partial).toBeUndefined();
  });

  it('gives the plain decimal beside the minor units', () => {
    expect(readAmount('(1.234,5)', comma)).toMatchObject({ decimal: '-1234.50' });
  });
});

describe('parseDecimal', () => {
  it.each([
    ['1,234.5', '.', '1234.5'],
    ['1.471,60', ',', '1471.60'],
    ['16 %', '.', '16'],
    ['(12)', '.', '-12'],
    ['0.000125', '.', '0.000125'],
    ['12345678901234567.25', '.', '12345678901234567.25'],
  ] as const)('reads %s exactly', (text, decimal, value) => {
    expect(parseDecimal(text, decimal)).toBe(value);
  });

  it('is null for what is not one number', () => {
    expect(parseDecimal('12 apples', '.')).toBeNull();
    expect(parseDecimal('1,2,3', '.')).toBeNull();
  });
});

describe('readDate', () => {
  it.each([
    ['12/03/2026', 'DMY', '2026-03-12', 1],
    ['12/03/2026', 'MDY', '2026-12-03', 1],
    ['03/25/2026', 'DMY', '2026-03-25', 0.85],
    ['12.03.26', 'DMY', '2026-03-12', 1],
    ['2026-03-12', 'DMY', '2026-03-12', 1],
    ['20260312', 'DMY', '2026-03-12', 1],
    ['12 March 2026', 'MDY', '2026-03-12', 1],
    ['12-Mar-2026', 'DMY', '2026-03-12', 1],
    ['March 12th, 2026', 'DMY', '2026-03-12', 1],
    ['Thu, 12 Mar 2026', 'DMY', '2026-03-12', 1],
    ['2026 Sept 1', 'DMY', '2026-09-01', 1],
    ['Date: 1/2/2026', 'MDY', '2026-01-02', 1],
    ['l2/O3/2026', 'DMY', '2026-03-12', 0.85],
  ] as const)('reads %s (%s)', (text, order, iso, certainty) => {
    expect(readDate(text, order)).toMatchObject({ iso, certainty });
  });

  it('says when the date was only part of the text', () => {
    expect(readDate('Date: 1/2/2026', 'DMY')).toEqual({ iso: '2026-02-01', certainty: 1, partial: true });
    expect(readDate('1/2/2026', 'DMY')).toEqual({ iso: '2026-02-01', certainty: 1 });
  });

  it('honours explicit formats before guessing', () => {
    expect(readDate('03/04/2026', 'DMY', ['MM/DD/YYYY'])).toEqual({ iso: '2026-03-04', certainty: 1 });
    expect(readDate('4 Mar. 26', 'MDY', ['D MMM YY'])).toEqual({ iso: '2026-03-04', certainty: 1 });
    expect(readDate('2026/03/04', 'DMY', ['DD/MM/YYYY'])).toEqual({ iso: '2026-03-04', certainty: 0.9 });
  });

  it('refuses dates that are not on the calendar', () => {
    expect(readDate('31/02/2026', 'DMY')).toBeNull();
    expect(readDate('29 Feb 2025', 'DMY')).toBeNull();
    expect(readDate('29 Feb 2024', 'DMY')).toEqual({ iso: '2024-02-29', certainty: 1 });
    expect(readDate('no date here', 'DMY')).toBeNull();
  });
});

describe('fixOcrConfusions', () => {
  it('puts characters back toward the field shape', () => {
    expect(fixOcrConfusions('1O.5l', 'digits')).toBe('10.51');
    expect(fixOcrConfusions('B0SS', 'letters')).toBe('BOSS');
    expect(fixOcrConfusions('INVOO12', 'alphanumeric')).toBe('INV0012');
    expect(fixOcrConfusions('1NV-0O42', 'alphanumeric')).toBe('INV-0042');
    expect(fixOcrConfusions('P051', 'alphanumeric')).toBe('P051');
  });
});

describe('normalizeValue', () => {
  const configuration = { date_order: 'DMY' as const, decimal_separator: ',' as const, currency: 'KES' };
  it('types values by label type', () => {
    expect(normalizeValue('amount', '1.471,60', configuration)).toEqual({
      normalized: { type: 'amount', minor: '147160', currency: 'KES' },
      certainty: 1,
    });
    expect(normalizeValue('number', '1.5', configuration, { decimal: '.' }).normalized).toEqual({
      type: 'number',
      value: '1.5',
    });
    expect(normalizeValue('date', '05/06/2026', configuration).normalized).toEqual({
      type: 'date',
      iso: '2026-06-05',
    });
    expect(normalizeValue('text', '  Acme   Ltd ', configuration).normalized).toEqual({
      type: 'text',
      text: 'Acme Ltd',
    });
    expect(normalizeValue('amount', 'n/a', configuration)).toEqual({ normalized: null, certainty: 0 });
  });
});

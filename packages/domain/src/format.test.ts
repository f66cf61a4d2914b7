import { describe, expect, it } from 'vitest';
import {
  countOf,
  differenceWords,
  formatCurrency,
  formatMinorCurrency,
  formatNumber,
  formatShortNumber,
  formatSignedMinor,
} from './format.ts';

describe('formatCurrency', () => {
  it('formats en-US with the KES code, 2 to 3 decimals and a plain space', () => {
    expect(formatCurrency(1234.5)).toBe('KES 1,234.50');
    expect(formatCurrency(1.2345)).toBe('KES 1.235');
    expect(formatCurrency(-1234.5)).toBe('-KES 1,234.50');
    expect(formatCurrency(5, 'USD')).toBe('USD 5.00');
  });

  it('cleans strings first and shows "-" for invalid values', () => {
    expect(formatCurrency('(1,234.50)')).toBe('-KES 1,234.50');
    expect(formatCurrency('abc')).toBe('-');
    expect(formatCurrency(Number.NaN)).toBe('-');
  });

  it('formats bigints without losing digits', () => {
    expect(formatCurrency(10n ** 25n)).toBe('KES 10,000,000,000,000,000,000,000,000.00');
  });

  it('does not show a minus sign on values that round to zero', () => {
    expect(formatCurrency(-0.0001)).toBe('KES 0.00');
  });

  it('still prefixes a currency code Intl does not accept instead of throwing', () => {
    expect(formatCurrency(-1, 'XX')).toBe('-XX 1.00');
  });
});

describe('formatSignedMinor', () => {
  it('marks credits with +, keeps debits negative and uses the currency digits exactly', () => {
    expect(formatSignedMinor('12500000', 'KES')).toBe('+KES 125,000.00');
    expect(formatSignedMinor('-5430025', 'KES')).toBe('-KES 54,300.25');
    expect(formatSignedMinor('-120505', 'BHD')).toBe('-BHD 120.505');
    expect(formatSignedMinor('0', 'EUR')).toBe('EUR 0.00');
    expect(formatSignedMinor('123456789012345678901', 'EUR')).toBe('+EUR 1,234,567,890,123,456,789.01');
  });
});

describe('formatMinorCurrency', () => {
  it('matches formatCurrency for ordinary amounts', () => {
    for (const minor of [0n, 5n, -5n, 123450n, -123456789n, 100n]) {
      expect(formatMinorCurrency(minor)).toBe(formatCurrency(Number(minor) / 100));
    }
  });

  it('keeps every digit of huge amounts', () => {
    expect(formatMinorCurrency(10n ** 30n + 7n)).toBe('KES 10,000,000,000,000,000,000,000,000,000.07');
  });

  it('shows 2 to 3 decimals whatever the minor-unit precision', () => {
    expect(formatMinorCurrency(7n, 'KES', 0)).toBe('KES 7.00');
    expect(formatMinorCurrency(1500n, 'KES', 3)).toBe('KES 1.50');
    expect(formatMinorCurrency(1234n, 'USD', 3)).toBe('USD 1.234');
    expect(formatMinorCurrency(12345n, 'KES', 4)).toBe('KES 1.235');
    expect(formatMinorCurrency(-12345n, 'KES', 4)).toBe('-KES 1.235');
  });
});

describe('differenceWords', () => {
  it('says a difference in the currency, short or over, never in minor units', () => {
    expect(differenceWords(-1500n, 'KES')).toBe('KES 15.00 short');
    expect(differenceWords(50000, 'KES')).toBe('KES 500.00 over');
    expect(differenceWords(1234n, 'KWD')).toBe('KWD 1.234 over');
    expect(differenceWords(0, 'KES')).toBe('equal');
  });
});

describe('formatNumber', () => {
  it('rounds to 2 decimals with en-US grouping', () => {
    expect(formatNumber(1234.567)).toBe('1,234.57');
    expect(formatNumber(1_000_000)).toBe('1,000,000');
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('-');
  });
});

describe('formatShortNumber', () => {
  it.each([
    [999, '999'],
    [1500, '1.5K'],
    [2_000_000, '2M'],
    [3.25e9, '3.25B'],
    [1e12, '1T'],
    [-1500, '-1.5K'],
    [1234, '1.23K'],
    [12.345, '12.35'],
    [0, '0'],
  ])('shortens %d to %s', (value, expected) => {
    expect(formatShortNumber(value)).toBe(expected);
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatShortNumber(999_999)).toBe('1M');
    expect(formatShortNumber(999.999)).toBe('1K');
  });

  it('stays in trillions beyond them and shows "-" for non-finite values', () => {
    expect(formatShortNumber(1e15)).toBe('1000T');
    expect(formatShortNumber(Number.POSITIVE_INFINITY)).toBe('-');
  });
});

describe('countOf', () => {
  it('names the unit, singular for one and plural otherwise', () => {
    expect(countOf(1, 'row')).toBe('1 row');
    expect(countOf(0, 'group')).toBe('0 groups');
    expect(countOf(160, 'item')).toBe('160 items');
    expect(countOf(1480, 'group')).toBe('1,480 groups');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});

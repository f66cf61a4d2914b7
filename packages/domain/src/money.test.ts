import { describe, expect, it } from 'vitest';
import { cleanCurrency, fromMinorUnits, toMinorUnits } from './money.ts';

describe('cleanCurrency', () => {
  it.each([
    ['1,234.50', 1234.5],
    ['(1,234.50)', -1234.5],
    ['1,234.50-', -1234.5],
    ['$ 1 000', 1000],
  ])('cleans the spec example %s', (input, expected) => {
    expect(cleanCurrency(input)).toBe(expected);
  });

  it.each(['', 'abc', '   ', '-', '()', '1.2.3', '12abc', '$', 'e5'])(
    'rejects %j as not a number',
    (input) => {
      expect(cleanCurrency(input)).toBeNull();
    },
  );

  it('returns null for null and undefined', () => {
    expect(cleanCurrency(null)).toBeNull();
    expect(cleanCurrency(undefined)).toBeNull();
  });

  it('passes finite numbers through and turns NaN and Infinity into null', () => {
    expect(cleanCurrency(-12.5)).toBe(-12.5);
    expect(cleanCurrency(Number.NaN)).toBeNull();
    expect(cleanCurrency(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('accepts a leading sign, a leading ISO currency code and bare decimals', () => {
    expect(cleanCurrency('-1,000')).toBe(-1000);
    expect(cleanCurrency('KES 1,000')).toBe(1000);
    expect(cleanCurrency('-KES 1,234.50')).toBe(-1234.5);
    expect(cleanCurrency('(usd 5)')).toBe(-5);
    expect(cleanCurrency('KES -5')).toBe(-5);
    expect(cleanCurrency('.5')).toBe(0.5);
    expect(cleanCurrency('5.')).toBe(5);
  });

  it('strips only real ISO 4217 codes, so a reference is not read as an amount', () => {
    expect(cleanCurrency('INV-7')).toBeNull();
    expect(toMinorUnits('REF 100')).toBeNull();
    expect(cleanCurrency('TZS 2,500')).toBe(2500);
  });

  it('rejects two negative markers at once as ambiguous', () => {
    expect(cleanCurrency('(-5)')).toBeNull();
    expect(cleanCurrency('-5-')).toBeNull();
  });

  it('never returns negative zero', () => {
    expect(Object.is(cleanCurrency('(0.00)'), 0)).toBe(true);
    expect(Object.is(cleanCurrency(-0), 0)).toBe(true);
  });
});

describe('toMinorUnits', () => {
  it.each([
    ['1,234.505', 123451n],
    ['(0.10)', -10n],
    ['12', 1200n],
    ['1,234.50-', -123450n],
    ['$ 1 000', 100000n],
    ['KES 1,000.004', 100000n],
    ['-0.005', -1n],
    ['0.0049', 0n],
  ])('converts %s exactly', (input, expected) => {
    expect(toMinorUnits(input)).toBe(expected);
  });

  it('rounds half away from zero on the decimal digits, not on the binary float', () => {
    expect(toMinorUnits(1.005)).toBe(101n);
    expect(toMinorUnits(-1.005)).toBe(-101n);
    expect(toMinorUnits(0.125)).toBe(13n);
  });

  it('keeps every digit of values beyond float precision', () => {
    expect(toMinorUnits('90,071,992,547,409,931.23')).toBe(9007199254740993123n);
  });

  it('reads exponent forms of numbers', () => {
    expect(toMinorUnits(1e21)).toBe(10n ** 23n);
    expect(toMinorUnits(-1e-7)).toBe(0n);
    expect(toMinorUnits('1.5e3')).toBe(150000n);
  });

  it('honours the decimals argument', () => {
    expect(toMinorUnits('1.2345', 3)).toBe(1235n);
    expect(toMinorUnits('7.5', 0)).toBe(8n);
    expect(() => toMinorUnits('1', -1)).toThrow(RangeError);
  });

  it('returns null for invalid input', () => {
    expect(toMinorUnits('abc')).toBeNull();
    expect(toMinorUnits('')).toBeNull();
    expect(toMinorUnits(Number.NaN)).toBeNull();
    expect(toMinorUnits('1e99999')).toBeNull();
  });
});

describe('fromMinorUnits', () => {
  it('writes exact decimal strings', () => {
    expect(fromMinorUnits(-10n)).toBe('-0.10');
    expect(fromMinorUnits(123451n)).toBe('1234.51');
    expect(fromMinorUnits(0)).toBe('0.00');
    expect(fromMinorUnits(-5, 3)).toBe('-0.005');
    expect(fromMinorUnits(5n, 0)).toBe('5');
    expect(fromMinorUnits(10n ** 30n + 1n)).toBe('10000000000000000000000000000.01');
  });

  it('round-trips with toMinorUnits', () => {
    for (const text of ['0.01', '-1234.56', '99999999999999999999.99']) {
      const minor = toMinorUnits(text);
      expect(minor).not.toBeNull();
      expect(fromMinorUnits(minor ?? 0n)).toBe(text);
    }
  });

  it('rejects non-integer numbers', () => {
    expect(() => fromMinorUnits(1.5)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { majorText, parseMajorUnits } from './major-units.ts';

describe('major units ↔ minor units', () => {
  it('parses exactly, with grouping and currency codes', () => {
    expect(parseMajorUnits('0.29')).toEqual({ ok: true, minor: 29n });
    expect(parseMajorUnits('KES 1,234.5')).toEqual({ ok: true, minor: 123450n });
    expect(parseMajorUnits('90071992547409.93')).toEqual({ ok: true, minor: 9007199254740993n });
    expect(parseMajorUnits('12', { decimals: 0 })).toEqual({ ok: true, minor: 12n });
  });

  it('refuses what it cannot store exactly', () => {
    expect(parseMajorUnits('')).toEqual({ ok: false, error: 'Enter an amount' });
    expect(parseMajorUnits('1.005')).toEqual({ ok: false, error: 'Use at most 2 decimals' });
    expect(parseMajorUnits('-1')).toEqual({ ok: false, error: 'Use an amount of 0 or more' });
    expect(parseMajorUnits('-1', { allowNegative: true })).toEqual({ ok: true, minor: -100n });
    expect(parseMajorUnits('10.01', { max: 1000n })).toEqual({ ok: false, error: 'Use at most 10.00' });
    expect(parseMajorUnits('ten')).toEqual({ ok: false, error: '“ten” is not an amount' });
  });

  it('shows minor units as major-unit text', () => {
    expect(majorText('123450')).toBe('1234.50');
    expect(majorText(50_000)).toBe('500.00');
    expect(majorText(-5n)).toBe('-0.05');
    expect(majorText(undefined)).toBe('');
    expect(majorText('x')).toBe('');
  });
});

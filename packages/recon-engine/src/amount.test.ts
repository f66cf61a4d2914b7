import { describe, expect, it } from 'vitest';
import { allowedDifference, toTolerance, withinTolerance } from './amount.ts';

describe('amount tolerance', () => {
  it('accepts a difference exactly at the absolute limit and refuses one cent over', () => {
    const tolerance = toTolerance({ absolute: 50_000 });
    expect(withinTolerance(tolerance, 1_050_000, 1_000_000)).toBe(true);
    expect(withinTolerance(tolerance, 1_050_001, 1_000_000)).toBe(false);
    expect(withinTolerance(tolerance, 950_000, 1_000_000)).toBe(true);
    expect(withinTolerance(tolerance, 949_999, 1_000_000)).toBe(false);
  });

  it('accepts a difference exactly at the percent limit and refuses one cent over', () => {
    const tolerance = toTolerance({ percent: 0.5 });
    expect(allowedDifference(tolerance, 1_000_000)).toBe(5_000);
    expect(withinTolerance(tolerance, 1_005_000, 1_000_000)).toBe(true);
    expect(withinTolerance(tolerance, 1_005_001, 1_000_000)).toBe(false);
  });

  it('caps either allowance at max_percent of the expected amount (absolute and percent together)', () => {
    const tolerance = toTolerance({ absolute: 50_000, percent: 0.5, max_percent: 25 });
    // KES 500 is meant for bank charges: a KES 300 invoice may differ by KES 75 at most, not match KES 700.
    expect(allowedDifference(tolerance, 30_000)).toBe(7_500);
    expect(withinTolerance(tolerance, 70_000, 30_000)).toBe(false);
    expect(withinTolerance(tolerance, 37_500, 30_000)).toBe(true);
    expect(withinTolerance(tolerance, 37_501, 30_000)).toBe(false);
    // A large invoice keeps the larger allowance.
    expect(allowedDifference(tolerance, 100_000_000)).toBe(500_000);
    expect(() => toTolerance({ absolute: 1, max_percent: 120 })).toThrow(
      'max_percent must be between 0 and 100',
    );
  });

  it('takes the larger of the absolute and percent limits, rounding the percent share down', () => {
    const tolerance = toTolerance({ absolute: 100, percent: 1 });
    expect(allowedDifference(tolerance, 5_000)).toBe(100);
    expect(allowedDifference(tolerance, 1_000_099)).toBe(10_000);
    expect(allowedDifference(tolerance, -1_000_099)).toBe(10_000);
  });

  it('stays exact for amounts whose percent share overflows a double', () => {
    const tolerance = toTolerance({ percent: 0.0001 });
    const huge = 2 ** 52 - 1;
    expect(allowedDifference(tolerance, huge)).toBe(Number((BigInt(huge) * 1n) / 1_000_000n));
  });

  it('refuses malformed tolerances', () => {
    expect(() => toTolerance({ absolute: -1 })).toThrow(/non-negative integer/);
    expect(() => toTolerance({ absolute: 1.5 })).toThrow(/non-negative integer/);
    expect(() => toTolerance({ percent: 101 })).toThrow(/between 0 and 100/);
  });
});

import { parseAmount } from '@counterpart/domain';
import { describe, expect, it } from 'vitest';
import { DecimalDecision, readPlainAmount } from './amount-column.ts';

describe('the decimal separator of an amount column', () => {
  it('decides a column at its first deciding value and names it when a later value contradicts', () => {
    const decision = new DecimalDecision(undefined);
    expect(decision.observe('1,234', 2)).toBeNull();
    expect(decision.separator).toBeNull();
    expect(decision.observe('250,00', 3)).toBeNull();
    expect(decision.separator).toBe(',');
    expect(decision.observe('1,234.56', 9)).toBe(
      'a decimal "." but the column\'s is "," (from line 3 "250,00")',
    );
    expect(new DecimalDecision('.').observe('250,00', 2)).toMatch(/from --decimal \./);
  });

  it('reads plain values on its fast path exactly as parseAmount does, and leaves the rest to it', () => {
    const values = [
      '0',
      '7',
      '-7',
      '12.5',
      '1,234.56',
      '1,234,567.8',
      '-1,234.00',
      '1234567.89',
      '250.004',
      '250.00',
      '12,34,567',
      '1.234,56',
      '250,00',
      '1.234',
      '1,234',
      '.5',
      '12.',
      '(5.00)',
      'KES 5',
      '007',
    ];
    let fastOnes = 0;
    for (const decimal of ['.', ','] as const) {
      for (const digits of [0, 2, 3]) {
        for (const value of values) {
          const fast = readPlainAmount(value, decimal, digits);
          if (fast === null) continue;
          fastOnes += 1;
          expect({ value, decimal, digits, reading: parseAmount(value, { decimal, digits }) }).toEqual({
            value,
            decimal,
            digits,
            reading: { ok: true, minor: fast },
          });
        }
      }
    }
    expect(fastOnes).toBeGreaterThan(30);
    expect(readPlainAmount('1,234.56', '.', 2)).toBe(123_456n);
    expect(readPlainAmount('1.234,56', ',', 2)).toBe(123_456n);
    expect(readPlainAmount('250.004', '.', 2)).toBeNull();
    expect(readPlainAmount('12,34,567', '.', 2)).toBeNull();
  });
});

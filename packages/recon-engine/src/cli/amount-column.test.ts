import { describe, expect, it } from 'vitest';
import { DecimalDecision, decimalEvidence, readAmount } from './amount-column.ts';

describe('amount columns read exactly', () => {
  it('tells the decimal separator from values that read one way only', () => {
    expect(decimalEvidence('1.234,56')).toBe(',');
    expect(decimalEvidence('250,00')).toBe(',');
    expect(decimalEvidence('1,234.56')).toBe('.');
    expect(decimalEvidence('1,234,567')).toBe('.');
    expect(decimalEvidence('1,234')).toBe('ambiguous');
    expect(decimalEvidence('250')).toBeNull();
  });

  it('reads with the separator and the currency digits, and refuses over-precise values', () => {
    expect(readAmount('1.234,56', ',', 2)).toEqual({ ok: true, minor: 123_456n });
    expect(readAmount('250,00', ',', 2)).toEqual({ ok: true, minor: 25_000n });
    expect(readAmount('(1,234.50)', '.', 2)).toEqual({ ok: true, minor: -123_450n });
    expect(readAmount('1,500', '.', 0)).toEqual({ ok: true, minor: 1_500n });
    expect(readAmount('12.345', '.', 3)).toEqual({ ok: true, minor: 12_345n });
    expect(readAmount('250.004', '.', 2)).toEqual({
      ok: false,
      reason: 'has 3 decimals, the currency has 2',
    });
    expect(readAmount('12.5', '.', 0)).toEqual({ ok: false, reason: 'has 1 decimals, the currency has 0' });
    expect(readAmount('12.00', '.', 0)).toEqual({ ok: true, minor: 12n });
    expect(readAmount('abc', '.', 2).ok).toBe(false);
  });

  it('decides a column at its first deciding value and names it when a later value contradicts', () => {
    const decision = new DecimalDecision(undefined);
    expect(decision.observe('1,234', 2)).toBeNull();
    expect(decision.separator).toBeNull();
    expect(decision.observe('250,00', 3)).toBeNull();
    expect(decision.separator).toBe(',');
    expect(decision.observe('1,234.56', 9)).toBe(
      'has a decimal "." but the column\'s is "," (from line 3 "250,00")',
    );
    expect(new DecimalDecision('.').observe('250,00', 2)).toMatch(/from --decimal \./);
  });
});

import { describe, expect, it } from 'vitest';
import { DecimalDecision } from './amount-column.ts';

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
});

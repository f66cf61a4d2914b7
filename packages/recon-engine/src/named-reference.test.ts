import { describe, expect, it } from 'vitest';
import { defaultRuleSet } from './rules.ts';
import { run } from './run.ts';
import { record } from './test-records.ts';

/*
 * Issue 19: a suggestion that contradicts an explicit reference says so. The payment names invoice
 * 10167 exactly, but only invoice 10103 has its amount: whatever the engine makes of it, a suggestion
 * pairing the payment with 10103 is flagged ("reference names 10167, 10103 was chosen"). The groups
 * themselves are what they were (identity hashes unchanged).
 */
describe('a suggestion against an explicit reference', () => {
  const left = [record('pay', 125_000, 'Payment for invoice 10167 Acme')];
  const right = [
    record('inv-10167', 98_000, 'Invoice 10167', { date: 20_450 }),
    record('inv-10103', 125_000, 'Invoice 10103', { date: 20_452 }),
  ];

  it('names the invoice the reference names, and the one chosen', () => {
    const result = run(left, right, defaultRuleSet());
    const group = result.groups.find((g) => g.left.includes('pay'));
    expect(
      group,
      JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    ).toBeDefined();
    expect(group?.status).toBe('suggested');
    expect(group?.right).toEqual(['inv-10103']);
    expect(group?.why?.names).toEqual({ id: 'inv-10167', key: expect.stringContaining('10167') });
    expect(group?.reason).toMatch(/reference names \S*10167\S* \(inv-10167\), inv-10103 was chosen/);
  });

  it('says nothing when the suggestion is the record the reference names', () => {
    const named = [record('inv-10167', 125_500, 'Invoice 10167', { date: 20_440 })];
    const result = run(left, named, defaultRuleSet());
    for (const group of result.groups) expect(group.why?.names).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { defaultPassOf, defaultRuleSet } from './default-rule-set.ts';
import {
  DEFAULT_MAX_BLOCK,
  MAX_DATE_WINDOW_DAYS,
  MAX_SUBSET_ITEMS,
  MAX_SUBSET_WORK,
  PASS_FIELDS,
  PASS_KINDS,
} from './rule-set.ts';
import { checkRuleSet, type RuleSetIssue, readRuleSetIssueKey, ruleSetIssueKey } from './rule-set-check.ts';

const pass = (kind: (typeof PASS_KINDS)[number], change: Record<string, unknown> = {}) => ({
  ...defaultPassOf(kind),
  ...change,
});

/** The first problem of a rule set of these passes, as its key and message. */
function problem(...passes: unknown[]): { key: string; issue: RuleSetIssue } | null {
  const input = { passes };
  const check = checkRuleSet(input);
  return check.ok ? null : { key: ruleSetIssueKey(check.issue, input), issue: check.issue };
}

describe('the rule set contract', () => {
  it('accepts the default rule set and each kind with its defaults', () => {
    const check = checkRuleSet(defaultRuleSet());
    expect(check.ok && check.ruleSet.passes).toEqual(defaultRuleSet().passes);
    for (const kind of PASS_KINDS) expect(problem(pass(kind))).toBeNull();
    expect(DEFAULT_MAX_BLOCK).toEqual({ scored: 200, subset_sum: 24 });
  });

  it('keeps fields it does not know', () => {
    const check = checkRuleSet({ id: 'r', passes: [pass('exact', { future_option: { x: 1 } })] });
    expect(check.ok && check.ruleSet.passes[0]).toMatchObject({ future_option: { x: 1 } });
    expect(check.ok && check.ruleSet.id).toBe('r');
    expect(PASS_FIELDS.has('future_option')).toBe(false);
    expect([...PASS_FIELDS].sort()).toEqual(
      [
        ...[
          'allowed_remainder',
          'ambiguity_gap',
          'amount_tolerance',
          'auto_accept',
          'blocking',
          'cardinality',
        ],
        ...['date_field', 'date_window', 'id', 'keys', 'kind', 'max_block', 'max_group_size', 'max_work'],
        ...['name', 'sides', 'similarity', 'suggest', 'weights'],
      ].sort(),
    );
  });

  it('refuses an out-of-limit date window with its path', () => {
    const result = problem(
      pass('reversal', { date_window: { days_before: 0, days_after: MAX_DATE_WINDOW_DAYS + 1 } }),
    );
    expect(result?.issue).toEqual({
      path: ['passes', 0, 'date_window', 'days_after'],
      message: 'must be a number between 0 and 3650',
    });
    expect(result?.key).toBe('passes[0] (reversals).date_window.days_after');
    expect(problem(pass('exact', { date_window: undefined }))?.key).toBe('passes[0] (exact).date_window');
  });

  it('checks exact keys', () => {
    expect(problem(pass('exact', { keys: [] }))).toEqual({
      key: 'passes[0] (exact)',
      issue: { path: ['passes', 0], message: 'keys must list at least one key' },
    });
    expect(problem(pass('exact', { keys: ['currency'] }))?.issue).toEqual({
      path: ['passes', 0, 'keys'],
      message: 'keys need reference or amount',
    });
    expect(problem(pass('exact', { keys: ['amount', 'colour'] }))?.issue.message).toBe('unknown key colour');
  });

  it('checks a scored pass: tolerance, thresholds, similarity, blocking', () => {
    const tolerance = problem(pass('scored', { amount_tolerance: { absolute: 0, percent: 120 } }));
    expect(tolerance).toEqual({
      key: 'passes[0] (tolerance).amount_tolerance.percent',
      issue: {
        path: ['passes', 0, 'amount_tolerance', 'percent'],
        message: 'amount tolerance percent must be between 0 and 100, got 120',
      },
    });
    expect(problem(pass('scored', { amount_tolerance: { absolute: 1.5 } }))?.issue.message).toBe(
      'amount tolerance absolute must be a non-negative integer of minor units, got 1.5',
    );
    expect(problem(pass('scored', { auto_accept: 1.5 }))?.key).toBe('passes[0] (tolerance).auto_accept');
    expect(problem(pass('scored', { suggest: 0.9 }))?.issue).toEqual({
      path: ['passes', 0, 'suggest'],
      message: 'must be a number between 0 and 0.85',
    });
    expect(problem(pass('scored', { ambiguity_gap: -0.1 }))?.issue.path).toEqual([
      'passes',
      0,
      'ambiguity_gap',
    ]);
    expect(problem(pass('scored', { similarity: { method: 'soundex' } }))?.issue).toEqual({
      path: ['passes', 0, 'similarity', 'method'],
      message: 'similarity.method must be jaro_winkler, token_set or best',
    });
    expect(problem(pass('scored', { blocking: [] }))?.issue.message).toBe(
      'blocking must list at least one key',
    );
    expect(problem(pass('scored', { amount_tolerance: undefined }))).toBeNull();
  });

  it('checks a subset-sum pass: cardinality, group size, work', () => {
    expect(problem(pass('subset_sum', { cardinality: 'many:many' }))?.issue.message).toBe(
      'many:many is not searched automatically; use manual reconciliation',
    );
    expect(problem(pass('subset_sum', { cardinality: '1:1' }))?.issue.message).toBe(
      'cardinality must be many:1 or 1:many',
    );
    expect(problem(pass('subset_sum', { max_group_size: MAX_SUBSET_ITEMS + 1 }))).toEqual({
      key: 'passes[0] (split_payments).max_group_size',
      issue: { path: ['passes', 0, 'max_group_size'], message: 'must be a number between 2 and 40' },
    });
    expect(problem(pass('subset_sum', { max_work: MAX_SUBSET_WORK + 1 }))?.issue.path).toEqual([
      'passes',
      0,
      'max_work',
    ]);
    expect(problem(pass('subset_sum', { allowed_remainder: { absolute: -1 } }))?.issue.path).toEqual([
      'passes',
      0,
      'allowed_remainder',
      'absolute',
    ]);
  });

  it('checks reversal sides', () => {
    expect(problem(pass('reversal', { sides: ['up'] }))?.issue.message).toBe(
      'sides must list left and/or right',
    );
    expect(problem(pass('reversal', { sides: [] }))).toBeNull();
  });

  it('names an unknown kind, a duplicate id and a bad rule set on the pass or the set', () => {
    expect(problem({ id: 'a', kind: 'magic', date_window: { days_before: 1, days_after: 1 } })).toEqual({
      key: 'passes[0] (a)',
      issue: { path: ['passes', 0], message: 'unknown kind magic' },
    });
    expect(problem(pass('exact'), pass('exact'))?.key).toBe('passes[1] (exact)');
    expect(problem(pass('exact'), pass('exact'))?.issue.message).toBe('duplicate pass id exact');
    expect(problem(5)).toEqual({
      key: 'passes[0]',
      issue: { path: ['passes', 0], message: 'must be an object' },
    });
    expect(problem(pass('exact', { id: '' }))?.issue).toEqual({
      path: ['passes', 0, 'id'],
      message: 'id must be a non-empty string',
    });
    const notASet = checkRuleSet({ passes: 'all' });
    expect(!notASet.ok && notASet.issue).toEqual({
      path: [],
      message: 'must be an object with a passes list',
    });
    expect(!notASet.ok && ruleSetIssueKey(notASet.issue, {})).toBe('rules');
  });

  it('gives the first problem in pass order', () => {
    const result = problem(pass('exact'), pass('scored', { auto_accept: 2 }), pass('exact', { keys: [] }));
    expect(result?.key).toBe('passes[1] (tolerance).auto_accept');
  });

  it('reads an issue key back into the pass and field', () => {
    expect(readRuleSetIssueKey('passes[2] (tolerance).amount_tolerance.percent')).toEqual({
      pass: 2,
      field: ['amount_tolerance', 'percent'],
    });
    expect(readRuleSetIssueKey('passes[0] (a.b) c).auto_accept')).toEqual({
      pass: 0,
      field: ['auto_accept'],
    });
    expect(readRuleSetIssueKey('passes[1] (exact)')).toEqual({ pass: 1, field: [] });
    expect(readRuleSetIssueKey('passes[3].suggest')).toEqual({ pass: 3, field: ['suggest'] });
    expect(readRuleSetIssueKey('passes.0.id')).toEqual({ pass: 0, field: ['id'] });
    expect(readRuleSetIssueKey('passes')).toBeNull();
    expect(readRuleSetIssueKey('name')).toBeNull();
  });
});

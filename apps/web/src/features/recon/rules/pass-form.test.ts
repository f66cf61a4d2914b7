import type { RulePass } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import {
  draftsToPasses,
  draftToPass,
  moveItem,
  newPassDraft,
  passToDraft,
  serverPassErrors,
} from './pass-form.ts';

/** The engine's default rule set (packages/recon-engine/src/rules.ts), as GET …/rules/defaults answers it. */
const DEFAULTS: RulePass[] = [
  {
    id: 'reversals',
    name: 'Reversals cancel out',
    kind: 'reversal',
    sides: ['left', 'right'],
    date_window: { days_before: 30, days_after: 0 },
  },
  {
    id: 'exact',
    name: 'Same reference and amount',
    kind: 'exact',
    keys: ['reference', 'amount', 'currency'],
    date_window: { days_before: 60, days_after: 7 },
  },
  {
    id: 'tolerance',
    name: 'Reference and amount within tolerance',
    kind: 'scored',
    blocking: ['reference', 'typo'],
    amount_tolerance: { absolute: 50_000, percent: 0.5 },
    similarity: { method: 'best', min_reference: 0.7 },
    date_window: { days_before: 60, days_after: 7 },
    auto_accept: 0.85,
    suggest: 0.6,
    ambiguity_gap: 0.05,
  },
  {
    id: 'split_payments',
    name: 'Several payments for one invoice',
    kind: 'subset_sum',
    cardinality: 'many:1',
    blocking: ['reference', 'counterparty'],
    allowed_remainder: { absolute: 0 },
    max_group_size: 5,
    max_work: 200_000,
    date_window: { days_before: 90, days_after: 7 },
    auto_accept: 0.8,
    suggest: 0.5,
  },
  {
    id: 'fuzzy',
    name: 'Similar records (suggestions)',
    kind: 'scored',
    blocking: ['reference', 'typo', 'amount', 'counterparty'],
    amount_tolerance: { absolute: 100_000, percent: 2 },
    similarity: { method: 'best' },
    weights: { reference: 0.5 },
    max_block: 300,
    date_window: { days_before: 60, days_after: 7 },
    auto_accept: 0.92,
    suggest: 0.5,
    ambiguity_gap: 0.08,
  },
];

describe('pass ↔ form', () => {
  it('gives back every default pass unchanged after a round trip', () => {
    const drafts = DEFAULTS.map(passToDraft);
    const { passes, valid } = draftsToPasses(drafts);
    expect(valid).toBe(true);
    expect(passes).toEqual(DEFAULTS);
  });

  it('shows the absolute tolerance in major units and stores minor units exactly', () => {
    const draft = passToDraft(DEFAULTS[2] as RulePass);
    expect(draft.tolerance_absolute).toBe('500.00');
    draft.tolerance_absolute = '1,234.56';
    expect(draftToPass(draft).pass.amount_tolerance).toEqual({ absolute: 123_456, percent: 0.5 });
    // A float would make 0.29 × 100 = 28.999999999999996.
    draft.tolerance_absolute = '0.29';
    expect(draftToPass(draft).pass.amount_tolerance).toEqual({ absolute: 29, percent: 0.5 });
  });

  it('refuses an amount with more decimals than the currency has, or negative', () => {
    const draft = passToDraft(DEFAULTS[2] as RulePass);
    draft.tolerance_absolute = '5.005';
    expect(draftToPass(draft).errors.tolerance_absolute).toBe('Use at most 2 decimals');
    draft.tolerance_absolute = '-5';
    expect(draftToPass(draft).errors.tolerance_absolute).toBe('Use an amount of 0 or more');
    draft.tolerance_absolute = 'abc';
    expect(draftToPass(draft).errors.tolerance_absolute).toBe('“abc” is not an amount');
  });

  it('keeps fields it does not know', () => {
    const pass = { ...(DEFAULTS[1] as RulePass), future_option: { x: 1 } };
    expect(draftToPass(passToDraft(pass)).pass).toEqual(pass);
  });

  it('writes the subset-sum tolerance as allowed_remainder', () => {
    const draft = passToDraft(DEFAULTS[3] as RulePass);
    draft.tolerance_absolute = '1';
    draft.cardinality = '1:many';
    const { pass } = draftToPass(draft);
    expect(pass.allowed_remainder).toEqual({ absolute: 100 });
    expect(pass.amount_tolerance).toBeUndefined();
    expect(pass.cardinality).toBe('1:many');
  });
});

describe('validation', () => {
  it('names the fields out of the engine limits', () => {
    const draft = passToDraft(DEFAULTS[2] as RulePass);
    draft.auto_accept = '1.5';
    draft.days_before = '2.5';
    draft.ambiguity_gap = '';
    draft.blocking = [];
    draft.weights.date = 'x';
    expect(draftToPass(draft).errors).toEqual({
      auto_accept: 'Use a number from 0 to 1',
      days_before: 'Use a whole number',
      ambiguity_gap: 'Required',
      blocking: 'Choose at least one blocking key',
      'weights.date': 'Enter a number',
    });
  });

  it('refuses a suggestion score above the auto-accept score', () => {
    const draft = passToDraft(DEFAULTS[2] as RulePass);
    draft.suggest = '0.9';
    expect(draftToPass(draft).errors.suggest).toMatch(/cannot be above the auto-accept/);
  });

  it('needs a reference or amount key on an exact pass', () => {
    const draft = passToDraft(DEFAULTS[1] as RulePass);
    draft.keys = ['currency'];
    expect(draftToPass(draft).errors.keys).toMatch(/reference or the amount/);
  });

  it('caps subset groups at the engine limit', () => {
    const draft = passToDraft(DEFAULTS[3] as RulePass);
    draft.max_group_size = '41';
    expect(draftToPass(draft).errors.max_group_size).toBe('Use a number from 2 to 40');
  });

  it('finds duplicate pass ids', () => {
    const drafts = [passToDraft(DEFAULTS[1] as RulePass), passToDraft(DEFAULTS[1] as RulePass)];
    const { errors, valid } = draftsToPasses(drafts);
    expect(valid).toBe(false);
    expect(errors[1]?.id).toBe('Another pass (number 1) has this id');
  });

  it('gives new passes ids not taken yet and valid defaults', () => {
    const first = newPassDraft('scored', ['scored']);
    expect(first.id).toBe('scored_2');
    for (const kind of ['exact', 'scored', 'subset_sum', 'reversal'] as const) {
      expect(draftToPass(newPassDraft(kind, [])).errors).toEqual({});
    }
  });
});

describe('moveItem', () => {
  it('moves up, down and clamps', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('server validation messages', () => {
  it('places `passes[i].field` details next to their field', () => {
    const { passes, form } = serverPassErrors(
      {
        'passes[2].auto_accept': 'must be a number between 0 and 1',
        'passes[0] (reversals).date_window.days_after': 'must be a number between 0 and 3650',
        name: 'A rule set with this name exists',
      },
      3,
    );
    expect(passes[2]).toEqual({ auto_accept: 'must be a number between 0 and 1' });
    expect(passes[0]).toEqual({ days_after: 'must be a number between 0 and 3650' });
    expect(form).toEqual({ name: 'A rule set with this name exists' });
  });

  it('shows a problem of the whole pass on the pass, without reading its message', () => {
    const { passes } = serverPassErrors(
      { 'passes[1] (exact)': 'keys must list at least one key', 'passes.0': 'something odd' },
      2,
    );
    expect(passes[1]).toEqual({ pass: 'keys must list at least one key' });
    expect(passes[0]).toEqual({ pass: 'something odd' });
  });

  it('places a nested path on its field, or on its nearest parent', () => {
    const { passes } = serverPassErrors(
      {
        'passes[0] (tolerance).amount_tolerance.percent':
          'amount tolerance percent must be between 0 and 100, got 120',
        'passes[1] (reversals).sides.0': 'sides must list left and/or right',
      },
      2,
    );
    expect(passes[0]).toEqual({
      tolerance_percent: 'amount tolerance percent must be between 0 and 100, got 120',
    });
    expect(passes[1]).toEqual({ sides: 'sides must list left and/or right' });
  });
});

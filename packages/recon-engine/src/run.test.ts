import { describe, expect, it } from 'vitest';
import { hashString } from './key-index.ts';
import { defaultRuleSet } from './rules.ts';
import { run } from './run.ts';
import { DAY, record, rulesOf, WINDOW } from './test-records.ts';
import type { ExactPass, ReversalPass, ScoredPass, SubsetSumPass } from './types.ts';

const exact: ExactPass = {
  id: 'exact',
  kind: 'exact',
  keys: ['reference', 'amount', 'currency'],
  date_window: WINDOW,
};
const tolerance: ScoredPass = {
  id: 'tolerance',
  kind: 'scored',
  blocking: ['reference', 'typo'],
  amount_tolerance: { absolute: 10_000 },
  similarity: { method: 'best', min_reference: 0.7 },
  date_window: WINDOW,
  auto_accept: 0.8,
  suggest: 0.5,
  ambiguity_gap: 0.05,
};

describe('exact pass', () => {
  it('joins on a normalised reference with an equal amount', () => {
    const result = run(
      [record('b1', 150_000, 'Acc. inv2026004512')],
      [record('i1', 150_000, 'INV-2026-004512')],
      rulesOf(exact),
    );
    expect(result.groups).toMatchObject([
      { left: ['b1'], right: ['i1'], rule_id: 'exact', status: 'reconciled', difference: 0n },
    ]);
  });

  it('treats SAP references with and without leading zeros as equal', () => {
    const result = run(
      [record('b1', 9_900, '90001234')],
      [record('i1', 9_900, '0090001234')],
      rulesOf(exact),
    );
    expect(result.groups).toHaveLength(1);
  });

  it('does not join on a part of a reference such as the year', () => {
    const result = run(
      [record('b1', 150_000, 'INV-2026-000001')],
      [record('i1', 150_000, 'INV-2026-000002')],
      rulesOf(exact),
    );
    expect(result.groups).toEqual([]);
  });

  it('respects the date window and the currency', () => {
    const early = record('b1', 100, 'INV-77777', { date: DAY - 6 });
    const dollars = record('b2', 100, 'INV-77777', { currency: 'USD' });
    const result = run([early, dollars], [record('i1', 100, 'INV-77777')], rulesOf(exact));
    expect(result.groups).toEqual([]);
    expect(result.left_open).toEqual(['b1', 'b2']);
  });

  it('gives a contested record to the earliest candidate, then the lowest id', () => {
    const invoices = [
      record('i2', 100, 'INV-77777', { date: DAY - 1 }),
      record('i1', 100, 'INV-77777', { date: DAY - 1 }),
      record('i0', 100, 'INV-77777'),
    ];
    const result = run([record('b1', 100, 'INV-77777')], invoices, rulesOf(exact));
    expect(result.groups[0]!.right).toEqual(['i1']);
  });
});

describe('scored pass', () => {
  it('accepts a difference inside the tolerance as partial, with a breakdown', () => {
    const result = run(
      [record('b1', 145_000, 'INV-2026-004512')],
      [record('i1', 150_000, 'INV-2026-004512')],
      rulesOf(tolerance),
    );
    const group = result.groups[0]!;
    expect(group).toMatchObject({ status: 'partial', difference: -5_000n });
    expect(group.features.map((feature) => feature.name)).toEqual(['amount', 'date', 'reference']);
    expect(group.features[0]).toEqual({
      name: 'amount',
      score: 0.7,
      detail: 'amount KES 50.00 short',
    });
  });

  it('still pairs a difference exactly at the tolerance limit', () => {
    const result = run(
      [record('b1', 140_000, 'INV-2026-004512')],
      [record('i1', 150_000, 'INV-2026-004512')],
      rulesOf(tolerance),
    );
    expect(result.groups).toMatchObject([{ difference: -10_000n }]);
    expect(result.groups[0]!.features[0]!.score).toBe(0.5);
  });

  it('refuses one cent over the tolerance', () => {
    const result = run(
      [record('b1', 139_999, 'INV-2026-004512')],
      [record('i1', 150_000, 'INV-2026-004512')],
      rulesOf(tolerance),
    );
    expect(result.groups).toEqual([]);
  });

  it('matches a mistyped reference through the typo block, its detail naming no normalised key', () => {
    const result = run(
      [record('b1', 150_000, 'INV-2026-004152')],
      [record('i1', 150_000, 'INV-2026-004512')],
      rulesOf(tolerance),
    );
    const detail = result.groups[0]!.features[2]!.detail;
    expect(detail).toMatch(/^reference \d+ % similar$/);
    expect(detail).not.toContain('INV2026004152');
    expect(result.stats[0]!.comparisons).toBe(1);
  });

  it('only suggests when two candidates score within the ambiguity gap', () => {
    const invoices = [record('i1', 150_000, 'INV-2026-004512'), record('i2', 150_000, 'INV-2026-004513')];
    const result = run([record('b1', 150_000, 'INV-2026-004519')], invoices, rulesOf(tolerance));
    expect(result.groups).toHaveLength(1);
    expect(result.groups[0]!.status).toBe('suggested');
  });

  it('accepts when the best beats the second by the gap or more', () => {
    const invoices = [record('i1', 150_000, 'INV-2026-004512'), record('i2', 150_000, 'INV-2026-004521')];
    const clear = run(
      [record('b1', 150_000, 'INV-2026-004512 extra')],
      invoices,
      rulesOf({ ...tolerance, ambiguity_gap: 0.05 }),
    );
    expect(clear.groups[0]).toMatchObject({ right: ['i1'], status: 'reconciled' });
    const noFloor = { ...tolerance, similarity: { method: 'best' as const } };
    const strict = run(
      [record('b1', 150_000, 'INV-2026-004512 extra')],
      invoices,
      rulesOf({ ...noFloor, ambiguity_gap: 0.99 }),
    );
    expect(strict.groups[0]!.status).toBe('suggested');
  });

  it('down-weights a counterparty-only match to a suggestion', () => {
    const fuzzy: ScoredPass = {
      ...tolerance,
      blocking: ['amount', 'counterparty'],
      similarity: { method: 'best' },
      suggest: 0.4,
    };
    const result = run(
      [record('b1', 5_000, 'PAYMENT', { counterparty: 'MWANGI HARDWARE' })],
      [record('i1', 5_000, 'INV-1111', { counterparty: 'Mwangi Hardware Ltd' })],
      rulesOf(fuzzy),
    );
    expect(result.groups[0]).toMatchObject({ status: 'suggested' });
    expect(result.groups[0]!.features.find((f) => f.name === 'counterparty')!.score).toBe(1);
  });
});

describe('subset-sum and reversal passes', () => {
  const split: SubsetSumPass = {
    id: 'split',
    kind: 'subset_sum',
    cardinality: 'many:1',
    blocking: ['reference'],
    allowed_remainder: { absolute: 0 },
    max_group_size: 4,
    max_work: 100_000,
    date_window: WINDOW,
    auto_accept: 0.8,
    suggest: 0.5,
  };

  it('groups split payments with one invoice (many:1)', () => {
    const payments = [
      record('b1', 60_000, 'INV-9001'),
      record('b2', 40_000, 'INV-9001'),
      record('b3', 55_000, 'INV-9001'),
    ];
    const result = run(payments, [record('i1', 100_000, 'INV-9001')], rulesOf(split));
    expect(result.groups).toMatchObject([
      { left: ['b1', 'b2'], right: ['i1'], status: 'reconciled', difference: 0n },
    ]);
    expect(result.left_open).toEqual(['b3']);
  });

  it('groups one bulk payment with several invoices (1:many)', () => {
    const bulk = run(
      [record('b1', 70_000, 'ACC-5555')],
      [
        record('i1', 20_000, 'INV-1', { text: 'ACC-5555' }),
        record('i2', 50_000, 'INV-2', { text: 'ACC-5555' }),
        record('i3', 10_000, 'INV-3'),
      ],
      rulesOf({ ...split, cardinality: '1:many' }),
    );
    expect(bulk.groups).toMatchObject([{ left: ['b1'], right: ['i1', 'i2'] }]);
  });

  it('cancels a payment against its reversal on the same side', () => {
    const reversal: ReversalPass = {
      id: 'rev',
      kind: 'reversal',
      sides: ['left'],
      date_window: { days_before: 5, days_after: 0 },
    };
    const result = run(
      [
        record('QGH7XK2P1L', 5_000, 'QGH7XK2P1L'),
        record('R1', -5_000, 'Reversal of QGH7XK2P1L', { date: DAY + 1 }),
      ],
      [record('i1', 5_000, 'INV-1')],
      rulesOf(reversal),
    );
    expect(result.groups).toMatchObject([
      { left: ['QGH7XK2P1L', 'R1'], right: [], status: 'reconciled', difference: 0n },
    ]);
  });
});

describe('rule sets and inputs', () => {
  it('ships a valid default rule set', () => {
    expect(() => run([], [], defaultRuleSet())).not.toThrow();
  });

  it('names the pass and field of a bad rule', () => {
    const bad = rulesOf({ ...tolerance, auto_accept: 1.5 });
    expect(() => run([], [], bad)).toThrow(
      'passes[0] (tolerance).auto_accept: must be a number between 0 and 1',
    );
    expect(() => run([], [], rulesOf({ ...tolerance, id: 'a' }, { ...tolerance, id: 'a' }))).toThrow(
      /duplicate pass id a/,
    );
  });

  it('refuses duplicate ids and non-bigint amounts', () => {
    expect(() => run([record('x', 1, ''), record('x', 2, '')], [], defaultRuleSet())).toThrow(
      /id x appears twice/,
    );
    const floaty = { ...record('y', 1, ''), amount: 1.5 as unknown as bigint };
    expect(() => run([floaty], [], defaultRuleSet())).toThrow(/must be a bigint/);
  });

  it('fails on the first record in order that is wrong or repeats an id', () => {
    const floaty = { ...record('y', 1, ''), amount: 1.5 as unknown as bigint };
    const x = record('x', 1, '');
    const z = record('z', 1, '');
    const rules = rulesOf();
    expect(() => run([x, z, x, floaty], [], rules)).toThrow(/left record id x appears twice/);
    expect(() => run([x, floaty, x], [], rules)).toThrow(/left record y: amount must be a bigint/);
    expect(() => run([], [z, x, z, x], rules)).toThrow(/right record id z appears twice/);
    expect(() => run([], [z, x, x, z], rules)).toThrow(/right record id x appears twice/);
  });

  it('tells repeated ids from distinct ids whose hashes meet', () => {
    // Two pairs of ids with the same 32-bit hash (hashString), found by search.
    const ids = ['ID11ESWW42RSBCD', 'ID5KSUYDOYL3F', 'ID1I6ONIU5UXLEF', 'IDIOTJQW1E6YEQ9'];
    expect(hashString(ids[0]!)).toBe(hashString(ids[2]!));
    expect(hashString(ids[1]!)).toBe(hashString(ids[3]!));
    const rules = rulesOf();
    const records = ids.map((id) => record(id, 1, ''));
    expect(() => run(records, [], rules)).not.toThrow();
    expect(() => run([...records, record(ids[3]!, 2, ''), record(ids[2]!, 2, '')], [], rules)).toThrow(
      /left record id IDIOTJQW1E6YEQ9 appears twice/,
    );
  });
});

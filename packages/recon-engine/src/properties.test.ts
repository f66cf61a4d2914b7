import { describe, expect, it } from 'vitest';
import { defaultRuleSet } from './rules.ts';
import { run } from './run.ts';
import { generate } from './testdata/generate.ts';
import { Random } from './testdata/random.ts';
import type { EngineRecord, MatchGroup, RunResult } from './types.ts';

function total(records: Map<string, EngineRecord>, ids: string[]): bigint {
  return ids.reduce((sum, id) => sum + records.get(id)!.amount, 0n);
}

function checkInvariants(left: EngineRecord[], right: EngineRecord[], result: RunResult) {
  const leftById = new Map(left.map((record) => [record.id, record]));
  const rightById = new Map(right.map((record) => [record.id, record]));
  const seenLeft = new Set<string>(result.left_open);
  const seenRight = new Set<string>(result.right_open);
  expect(seenLeft.size).toBe(result.left_open.length);
  for (const group of result.groups) {
    // The balancing invariant, in exact integers.
    expect(total(leftById, group.left) - total(rightById, group.right)).toBe(group.difference);
    expect(group.left.length + group.right.length).toBeGreaterThanOrEqual(2);
    expect(group.score).toBe(Math.round(group.score * 10_000) / 10_000);
    if (group.status === 'reconciled') expect(group.difference).toBe(0n);
    if (group.status === 'partial') expect(group.difference).not.toBe(0n);
    for (const id of group.left) {
      expect(seenLeft.has(id)).toBe(false);
      seenLeft.add(id);
    }
    for (const id of group.right) {
      expect(seenRight.has(id)).toBe(false);
      seenRight.add(id);
    }
  }
  // Every record ends in exactly one group or open.
  expect(seenLeft.size).toBe(left.length);
  expect(seenRight.size).toBe(right.length);
}

/** Random records with shared references, amounts and counterparties so that every pass has work. */
function randomSides(random: Random) {
  const references = Array.from({ length: 12 }, (_, i) => `INV-${7000 + i}`);
  const parties = ['MWANGI HARDWARE', 'OTIENO TRADERS', 'KAMAU MOTORS'];
  const make = (prefix: string, count: number): EngineRecord[] =>
    Array.from({ length: count }, (_, i) => ({
      id: `${prefix}${i}`,
      amount: BigInt(random.int(-3, 40) * random.pick([100, 1000, 2500])),
      currency: random.chance(0.95) ? 'KES' : 'USD',
      date: 20_454 + random.int(0, 40),
      reference: random.chance(0.8) ? random.pick(references) : random.pick(['PAYMENT', '', 'QGH7XK2P1L']),
      counterparty: random.chance(0.7) ? random.pick(parties) : undefined,
    }));
  return { left: make('L', random.int(0, 30)), right: make('R', random.int(0, 30)) };
}

describe('engine properties', () => {
  it('balances every group and places every record once, on random data', () => {
    const random = new Random(42);
    for (let round = 0; round < 100; round++) {
      const { left, right } = randomSides(random);
      checkInvariants(left, right, run(left, right, defaultRuleSet()));
    }
  }, 60_000);

  it('balances every group on generated Kenyan data', () => {
    const data = generate({ seed: 5, invoices: 600 });
    checkInvariants(data.left, data.right, run(data.left, data.right, defaultRuleSet()));
  });

  it('gives the same output whatever the input order (determinism)', () => {
    const data = generate({ seed: 9, invoices: 400 });
    const first = run(data.left, data.right, defaultRuleSet());
    const random = new Random(3);
    const shuffled = run(random.shuffle([...data.left]), random.shuffle([...data.right]), defaultRuleSet());
    expect(shuffled.groups).toEqual(first.groups);
    expect(shuffled.left_open).toEqual(first.left_open);
    expect(shuffled.right_open).toEqual(first.right_open);
    expect(first.groups.length).toBeGreaterThan(100);
  });

  it('finds nothing new when run again with its own groups (incremental idempotence)', () => {
    const data = generate({ seed: 11, invoices: 500 });
    const first = run(data.left, data.right, defaultRuleSet());
    const again = run(data.left, data.right, defaultRuleSet(), { existingGroups: first.groups });
    expect(again.groups).toEqual([]);
    expect(again.left_open).toEqual(first.left_open);
    expect(again.right_open).toEqual(first.right_open);
  });

  it('matches new records against what is still open, leaving earlier groups alone', () => {
    const data = generate({ seed: 13, invoices: 500 });
    const cut = Math.floor(data.left.length / 2);
    const firstLeft = data.left.slice(0, cut);
    const first = run(firstLeft, data.right, defaultRuleSet());
    const second = run(data.left, data.right, defaultRuleSet(), { existingGroups: first.groups });
    const earlier = new Set(first.groups.flatMap((group: MatchGroup) => [...group.left, ...group.right]));
    for (const group of second.groups)
      for (const id of [...group.left, ...group.right]) expect(earlier.has(id)).toBe(false);
    expect(second.groups.length).toBeGreaterThan(0);
    const third = run(data.left, data.right, defaultRuleSet(), {
      existingGroups: [...first.groups, ...second.groups],
    });
    expect(third.groups).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { findSubset } from './subset-sum.ts';
import { Random } from './testdata/random.ts';

/** Every subset by brute force, ordered the way findSubset must choose: exact, fewest, oldest. */
function bruteForce(amounts: number[], target: number, remainder: number, minSize: number, maxSize: number) {
  let best: number[] | null = null;
  const better = (a: number[], b: number[]) => {
    const exactA = a.reduce((s, i) => s + amounts[i]!, 0) === target;
    const exactB = b.reduce((s, i) => s + amounts[i]!, 0) === target;
    if (exactA !== exactB) return exactA;
    if (a.length !== b.length) return a.length < b.length;
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! < b[k]!;
    return false;
  };
  for (let mask = 1; mask < 1 << amounts.length; mask++) {
    const indexes = amounts.flatMap((_, i) => ((mask >> i) & 1 ? [i] : []));
    if (indexes.length < minSize || indexes.length > maxSize) continue;
    const sum = indexes.reduce((s, i) => s + amounts[i]!, 0);
    if (Math.abs(sum - target) > remainder) continue;
    if (best === null || better(indexes, best)) best = indexes;
  }
  return best;
}

describe('subset-sum (meet in the middle)', () => {
  it('finds the subset that sums to the target', () => {
    const outcome = findSubset({
      amounts: [500, 700, 300, 900],
      target: 1200,
      remainder: 0,
      minSize: 2,
      maxSize: 4,
      maxWork: 1e6,
    });
    expect(outcome).toMatchObject({ kind: 'found', indexes: [0, 1], sum: 1200 });
  });

  it('prefers fewest items, then the oldest items', () => {
    // 1000 = 100+900 (2 items) = 100+400+500 (3 items): fewest wins; 300+700 vs 100+900: oldest first.
    const amounts = [300, 100, 400, 500, 700, 900];
    const outcome = findSubset({ amounts, target: 1000, remainder: 0, minSize: 2, maxSize: 5, maxWork: 1e6 });
    expect(outcome).toMatchObject({ kind: 'found', indexes: [0, 4], ambiguous: true });
  });

  it('prefers an exact sum over one within the remainder', () => {
    const outcome = findSubset({
      amounts: [600, 399, 100, 300],
      target: 1000,
      remainder: 5,
      minSize: 2,
      maxSize: 3,
      maxWork: 1e6,
    });
    expect(outcome).toMatchObject({ kind: 'found', indexes: [0, 2, 3], sum: 1000 });
  });

  it('reports none when no subset fits', () => {
    expect(
      findSubset({ amounts: [1, 2, 4], target: 100, remainder: 0, minSize: 2, maxSize: 3, maxWork: 1e6 })
        .kind,
    ).toBe('none');
  });

  it('agrees with brute force on random blocks', () => {
    const random = new Random(7);
    for (let round = 0; round < 300; round++) {
      const amounts = Array.from({ length: random.int(2, 10) }, () => random.int(1, 40) * 100);
      const target = random.int(2, 120) * 100;
      const remainder = random.chance(0.3) ? random.int(0, 150) : 0;
      const maxSize = random.int(2, 5);
      const expected = bruteForce(amounts, target, remainder, 2, maxSize);
      const outcome = findSubset({ amounts, target, remainder, minSize: 2, maxSize, maxWork: 1e7 });
      if (expected === null) expect(outcome.kind).toBe('none');
      else expect(outcome).toMatchObject({ kind: 'found', indexes: expected });
    }
  });

  it('stops at the work cap and says so', () => {
    const amounts = Array.from({ length: 30 }, (_, i) => 1000 + i);
    const capped = findSubset({ amounts, target: 1, remainder: 0, minSize: 2, maxSize: 6, maxWork: 5_000 });
    expect(capped).toEqual({ kind: 'capped', work: 5_000 });
    const finished = findSubset({
      amounts,
      target: 1,
      remainder: 0,
      minSize: 2,
      maxSize: 6,
      maxWork: 10_000_000,
    });
    expect(finished.kind).toBe('none');
    expect(finished.work).toBeGreaterThan(5_000);
  });

  it('refuses blocks larger than its bitmasks allow', () => {
    expect(() =>
      findSubset({
        amounts: new Array(41).fill(1),
        target: 2,
        remainder: 0,
        minSize: 2,
        maxSize: 2,
        maxWork: 1e6,
      }),
    ).toThrow(/at most 40/);
  });
});

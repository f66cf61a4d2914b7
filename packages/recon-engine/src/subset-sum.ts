/**
 * Subset-sum by meet-in-the-middle on integer amounts. Items come oldest first; the best subset is the
 * one whose sum equals the target exactly (else within the allowed remainder), then with the fewest
 * items, then the oldest (lexicographically smallest list of positions). Work — subsets enumerated
 * plus pairs of half-subsets compared — is capped: past `maxWork` the search stops and reports it.
 */
import { MAX_SUBSET_ITEMS } from '@counterpart/contracts';

export interface SubsetSearch {
  amounts: readonly number[];
  target: number;
  /** Allowed |sum − target|. */
  remainder: number;
  minSize: number;
  maxSize: number;
  maxWork: number;
}

export type SubsetOutcome =
  | { kind: 'found'; indexes: number[]; sum: number; work: number; ambiguous: boolean }
  | { kind: 'none'; work: number }
  | { kind: 'capped'; work: number };

/** Half-subsets are bitmasks of at most 20 items, so masks stay 32-bit integers (rule-set.ts holds the limit). */
export { MAX_SUBSET_ITEMS };

interface Half {
  sums: number[];
  sizes: number[];
  masks: number[];
}

class WorkCap extends Error {}

/**
 * Every half-subset of amounts[offset ..][0 .. count) of at most `maxSize` items. The recursion is a
 * module function, not a closure made per call: under tsx (keepNames) each closure made costs a
 * `__name` call, ~0.25 s of a 1M run.
 */
function enumerate(
  amounts: readonly number[],
  offset: number,
  count: number,
  maxSize: number,
  budget: { left: number },
) {
  const half: Half = { sums: [0], sizes: [0], masks: [0] };
  visit(half, amounts, offset, count, maxSize, budget, 0, 0, 0, 0);
  return half;
}

function visit(
  half: Half,
  amounts: readonly number[],
  offset: number,
  count: number,
  maxSize: number,
  budget: { left: number },
  start: number,
  size: number,
  sum: number,
  mask: number,
): void {
  for (let i = start; i < count && size < maxSize; i++) {
    if (--budget.left < 0) throw new WorkCap();
    const nextSum = sum + amounts[offset + i]!;
    const nextMask = mask | (1 << i);
    half.sums.push(nextSum);
    half.sizes.push(size + 1);
    half.masks.push(nextMask);
    visit(half, amounts, offset, count, maxSize, budget, i + 1, size + 1, nextSum, nextMask);
  }
}

/** -1 when mask a is older (its lowest differing position is in a), 1 when b is, 0 when equal. */
function compareMasks(a: number, b: number): number {
  const differ = (a ^ b) >>> 0;
  if (differ === 0) return 0;
  const lowest = differ & -differ;
  return (a & lowest) !== 0 ? -1 : 1;
}

function bitsOf(mask: number, offset: number, into: number[]) {
  for (let bit = 0; bit < 32; bit++) if ((mask >>> bit) & 1) into.push(offset + bit);
}

export function findSubset(search: SubsetSearch): SubsetOutcome {
  const n = search.amounts.length;
  if (n > MAX_SUBSET_ITEMS)
    throw new RangeError(`subset-sum takes at most ${MAX_SUBSET_ITEMS} items, got ${n}`);
  const budget = { left: search.maxWork };
  const split = Math.ceil(n / 2);
  let best: { exact: boolean; size: number; maskA: number; maskB: number; sum: number } | null = null;
  let ties = 0;
  try {
    const a = enumerate(search.amounts, 0, split, search.maxSize, budget);
    const b = enumerate(search.amounts, split, n - split, search.maxSize, budget);
    const order = Array.from(b.sums.keys()).sort((x, y) => b.sums[x]! - b.sums[y]! || x - y);
    const sortedSums = order.map((index) => b.sums[index]!);
    for (let i = 0; i < a.sums.length; i++) {
      const low = search.target - search.remainder - a.sums[i]!;
      const high = search.target + search.remainder - a.sums[i]!;
      let from = 0;
      let to = sortedSums.length;
      while (from < to) {
        const middle = (from + to) >>> 1;
        if (sortedSums[middle]! < low) from = middle + 1;
        else to = middle;
      }
      for (let position = from; position < sortedSums.length && sortedSums[position]! <= high; position++) {
        if (--budget.left < 0) throw new WorkCap();
        const j = order[position]!;
        const size = a.sizes[i]! + b.sizes[j]!;
        if (size < search.minSize || size > search.maxSize) continue;
        const sum = a.sums[i]! + b.sums[j]!;
        const candidate = { exact: sum === search.target, size, maskA: a.masks[i]!, maskB: b.masks[j]!, sum };
        if (best === null) {
          best = candidate;
          ties = 1;
          continue;
        }
        const classOrder =
          Number(best.exact) !== Number(candidate.exact)
            ? candidate.exact
              ? -1
              : 1
            : candidate.size - best.size;
        if (classOrder > 0) continue;
        if (classOrder < 0) {
          best = candidate;
          ties = 1;
          continue;
        }
        ties++;
        const age = compareMasks(candidate.maskA, best.maskA) || compareMasks(candidate.maskB, best.maskB);
        if (age < 0) best = candidate;
      }
    }
  } catch (error) {
    if (error instanceof WorkCap) return { kind: 'capped', work: search.maxWork };
    throw error;
  }
  const work = search.maxWork - budget.left;
  if (best === null) return { kind: 'none', work };
  const indexes: number[] = [];
  bitsOf(best.maskA, 0, indexes);
  bitsOf(best.maskB, split, indexes);
  return { kind: 'found', indexes, sum: best.sum, work, ambiguous: ties > 1 };
}

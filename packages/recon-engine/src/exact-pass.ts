/**
 * Exact pass: a hash join. The right side's static key index (normalised identifier key → record
 * indexes) is probed with each open left record's identifier keys, in (date, id) order; candidates must
 * also have an equal amount / currency / counterparty key when the pass names them, and a date inside the
 * window. Only strong keys join (a whole chunk such as `INV2026004512`, never a part such as `#2026`).
 * 1:1; ties go to the earliest right record (then the lowest id), which is the lowest index.
 */
import { closePair } from './groups.ts';
import { dateOf, type Prepared } from './prepare.ts';
import { dateScore, daysApart, roundScore } from './scoring.ts';
import type { ExactPass, MatchGroup } from './types.ts';

/** Identifier keys carried by more right records than this are not used to join (a year, a prefix). */
export const EXACT_MAX_POSTINGS = 1000;

function amountIndex(prepared: Prepared): Map<string, number[]> {
  const index = new Map<string, number[]>();
  const right = prepared.right;
  for (let i = 0; i < right.records.length; i++) {
    if (!right.open[i]) continue;
    const key = `${right.currency[i]}:${right.amount[i]}`;
    const list = index.get(key);
    if (list) list.push(i);
    else index.set(key, [i]);
  }
  return index;
}

/** The pairs an exact pass makes, in left order: (left, right, joining key id or -1) per pair. */
export interface ExactPairs {
  left: Int32Array;
  right: Int32Array;
  key: Int32Array;
  count: number;
  comparisons: number;
}

export function runExactPass(
  prepared: Prepared,
  pass: ExactPass,
): { groups: MatchGroup[]; comparisons: number } {
  const { left, right } = prepared;
  const byReference = pass.keys.includes('reference');
  const needAmount = pass.keys.includes('amount');
  const pairs = joinExact(prepared, pass);
  const groups: MatchGroup[] = [];
  for (let p = 0; p < pairs.count; p++) {
    const l = pairs.left[p]!;
    const best = pairs.right[p]!;
    const bestKey = pairs.key[p]!;
    const days = dateOf(right, best, pass.date_field) - dateOf(left, l, pass.date_field);
    const group = closePair(left, right, l, best, {
      rule_id: pass.id,
      status: 'accepted',
      score: 1,
      features: [
        { name: 'amount', score: 1, detail: needAmount ? 'amount equal' : 'amount not compared' },
        {
          name: 'date',
          score: roundScore(dateScore(pass.date_window, days)),
          detail: daysApart(days),
        },
        {
          name: 'reference',
          score: 1,
          detail: byReference ? `reference ${prepared.keys.name(bestKey)} equal` : 'reference not compared',
        },
      ],
    });
    if (group.difference !== 0n && !needAmount) group.status = 'suggested';
    groups.push(group);
  }
  return { groups, comparisons: pairs.comparisons };
}

/**
 * The join of the exact pass without building groups (the part a database would do): each open left
 * record in order takes the lowest qualifying open right record, which is closed for the next ones.
 * Marks the paired records closed.
 */
export function joinExact(prepared: Prepared, pass: ExactPass): ExactPairs {
  const { left, right } = prepared;
  const byReference = pass.keys.includes('reference');
  const needAmount = pass.keys.includes('amount');
  const needCurrency = pass.keys.includes('currency') || needAmount;
  const needParty = pass.keys.includes('counterparty');
  const byAmount = byReference ? null : amountIndex(prepared);
  const capacity = 1024;
  const pairs: ExactPairs = {
    left: new Int32Array(capacity),
    right: new Int32Array(capacity),
    key: new Int32Array(capacity),
    count: 0,
    comparisons: 0,
  };
  let comparisons = 0;
  /** Whether open right record r qualifies for left record l on everything but the joined key. */
  const qualifies = (l: number, r: number): boolean => {
    if (!right.open[r]) return false;
    if (needAmount && right.amount[r] !== left.amount[l]) return false;
    if (needCurrency && right.currency[r] !== left.currency[l]) return false;
    const days = dateOf(right, r, pass.date_field) - dateOf(left, l, pass.date_field);
    if (dateScore(pass.date_window, days) < 0) return false;
    if (!needParty) return true;
    for (let j = right.partyStart[r]!; j < right.partyStart[r + 1]!; j++) {
      for (let i = left.partyStart[l]!; i < left.partyStart[l + 1]!; i++) {
        if (left.partyIds[i] === right.partyIds[j]) return true;
      }
    }
    return false;
  };
  for (let l = 0; l < left.records.length; l++) {
    if (!left.open[l]) continue;
    let best = -1;
    /** The joining key's id (by reference) or -1 (by amount). */
    let bestKey = -1;
    if (byReference) {
      const start = left.refStart[l]!;
      for (let k = 0; k < left.strongCount[l]!; k++) {
        const id = left.refIds[start + k]!;
        if (!prepared.isIdentifier(id)) continue;
        const index = right.strongIndex;
        const from = index.start(id);
        const to = index.end(id);
        if (to - from > EXACT_MAX_POSTINGS) continue;
        for (let p = from; p < to; p++) {
          const r = index.positions[p]!;
          comparisons++;
          if ((best < 0 || r < best) && qualifies(l, r)) {
            best = r;
            bestKey = id;
          }
        }
      }
    } else {
      for (const r of byAmount!.get(`${left.currency[l]}:${left.amount[l]}`) ?? []) {
        comparisons++;
        if ((best < 0 || r < best) && qualifies(l, r)) {
          best = r;
        }
      }
    }
    if (best < 0) continue;
    if (pairs.count === pairs.left.length) {
      const grow = (array: Int32Array) => {
        const grown = new Int32Array(array.length * 2);
        grown.set(array);
        return grown;
      };
      pairs.left = grow(pairs.left);
      pairs.right = grow(pairs.right);
      pairs.key = grow(pairs.key);
    }
    pairs.left[pairs.count] = l;
    pairs.right[pairs.count] = best;
    pairs.key[pairs.count] = bestKey;
    pairs.count++;
    left.open[l] = 0;
    right.open[best] = 0;
  }
  pairs.comparisons = comparisons;
  return pairs;
}

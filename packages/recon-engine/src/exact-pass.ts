/**
 * Exact pass: a hash join. The right side's static key index (normalised identifier key → record
 * indexes) is probed with each open left record's identifier keys, in (date, id) order; candidates must
 * also have an equal amount / currency / counterparty key when the pass names them, and a date inside the
 * window. Only strong keys join (a whole chunk such as `INV2026004512`, never a part such as `#2026`).
 * 1:1; ties go to the earliest right record (then the lowest id), which is the lowest index.
 */
import { closeGroup } from './groups.ts';
import { isIdentifierKey } from './normalise.ts';
import { dateOf, type Prepared } from './prepare.ts';
import { dateScore, roundScore } from './scoring.ts';
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

export function runExactPass(
  prepared: Prepared,
  pass: ExactPass,
): { groups: MatchGroup[]; comparisons: number } {
  const { left, right } = prepared;
  const byReference = pass.keys.includes('reference');
  const needAmount = pass.keys.includes('amount');
  const needCurrency = pass.keys.includes('currency') || needAmount;
  const needParty = pass.keys.includes('counterparty');
  const byAmount = byReference ? null : amountIndex(prepared);
  const groups: MatchGroup[] = [];
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
    let bestKey = '';
    if (byReference) {
      const start = left.refStart[l]!;
      for (let k = 0; k < left.strongCount[l]!; k++) {
        const id = left.refIds[start + k]!;
        const key = prepared.keys.name(id);
        if (!isIdentifierKey(key)) continue;
        const found = right.strongIndex.byId(id);
        if (found === undefined || found.length > EXACT_MAX_POSTINGS) continue;
        for (let p = 0; p < found.length; p++) {
          const r = found[p]!;
          comparisons++;
          if ((best < 0 || r < best) && qualifies(l, r)) {
            best = r;
            bestKey = key;
          }
        }
      }
    } else {
      for (const r of byAmount!.get(`${left.currency[l]}:${left.amount[l]}`) ?? []) {
        comparisons++;
        if ((best < 0 || r < best) && qualifies(l, r)) {
          best = r;
          bestKey = `${left.amount[l]}`;
        }
      }
    }
    if (best < 0) continue;
    const days = dateOf(right, best, pass.date_field) - dateOf(left, l, pass.date_field);
    const group = closeGroup(left, right, [l], [best], {
      rule_id: pass.id,
      status: 'accepted',
      score: 1,
      features: [
        { name: 'amount', score: 1, detail: needAmount ? 'amount equal' : 'amount not compared' },
        {
          name: 'date',
          score: roundScore(dateScore(pass.date_window, days)),
          detail:
            days === 0 ? 'same date' : `date ${Math.abs(days)} day${Math.abs(days) === 1 ? '' : 's'} apart`,
        },
        {
          name: 'reference',
          score: 1,
          detail: byReference ? `reference ${bestKey} equal` : 'reference not compared',
        },
      ],
    });
    if (group.difference !== 0n && !needAmount) group.status = 'suggested';
    groups.push(group);
  }
  return { groups, comparisons };
}

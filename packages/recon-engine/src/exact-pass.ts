/**
 * Exact pass: a hash join. The right side's static key index (normalised identifier key → record
 * indexes) is probed with each open left record's identifier keys, in (date, id) order; candidates must
 * also have an equal amount / currency / counterparty key when the pass names them, and a date inside the
 * window. Only strong keys join (a whole chunk such as `INV2026004512`, never a part such as `#2026`).
 * 1:1; ties go to the earliest right record (then the lowest id), which is the lowest index.
 */
import { closePair } from './groups.ts';
import { dateOf, isRejected, type Prepared, type PreparedSide } from './prepare.ts';
import { dateScore, daysApart, roundScore } from './scoring.ts';
import { int32Array } from './typed-memory.ts';
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
    if (prepared.rejected && isRejected(prepared, l, best)) continue;
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
  const { left } = prepared;
  // At most one pair per open left record: sized once (no doubling, no copies).
  let openLeft = 0;
  for (let l = 0; l < left.open.length; l++) openLeft += left.open[l]!;
  const pairs: ExactPairs = {
    left: int32Array(openLeft),
    right: int32Array(openLeft),
    key: int32Array(openLeft),
    count: 0,
    comparisons: 0,
  };
  if (pass.keys.includes('reference')) joinByReference(prepared, pass, pairs);
  else joinByAmount(prepared, pass, pairs);
  return pairs;
}

/** What a candidate must share besides the joined key, and the date window as whole-day bounds. */
interface JoinTerms {
  needAmount: boolean;
  needCurrency: boolean;
  needParty: boolean;
  leftDate: Int32Array;
  rightDate: Int32Array;
  /** right date − left date must lie in [lowest, highest] (`dateScore` ≥ 0). */
  lowest: number;
  highest: number;
}

function joinTerms(prepared: Prepared, pass: ExactPass): JoinTerms {
  const valueDate = pass.date_field === 'value_date';
  return {
    needAmount: pass.keys.includes('amount'),
    needCurrency: pass.keys.includes('currency') || pass.keys.includes('amount'),
    needParty: pass.keys.includes('counterparty'),
    leftDate: valueDate ? prepared.left.valueDate : prepared.left.date,
    rightDate: valueDate ? prepared.right.valueDate : prepared.right.date,
    lowest: -pass.date_window.days_before,
    highest: pass.date_window.days_after,
  };
}

/** Whether two records share a counterparty key. */
function sharesParty(left: PreparedSide, right: PreparedSide, l: number, r: number): boolean {
  for (let j = right.partyStart[r]!; j < right.partyStart[r + 1]!; j++) {
    for (let i = left.partyStart[l]!; i < left.partyStart[l + 1]!; i++) {
      if (left.partyIds[i] === right.partyIds[j]) return true;
    }
  }
  return false;
}

function addPair(pairs: ExactPairs, l: number, r: number, key: number): void {
  pairs.left[pairs.count] = l;
  pairs.right[pairs.count] = r;
  pairs.key[pairs.count] = key;
  pairs.count++;
}

/**
 * The join on identifier keys. A key's postings are in increasing record order, so the first qualifying
 * one is that key's best and the scan stops there, or at the best found under an earlier key (every
 * posting still counts as a comparison, as when they were all visited).
 */
function joinByReference(prepared: Prepared, pass: ExactPass, pairs: ExactPairs): void {
  const { left, right } = prepared;
  const { needAmount, needCurrency, needParty, leftDate, rightDate, lowest, highest } = joinTerms(
    prepared,
    pass,
  );
  const index = right.strongIndex;
  const positions = index.positions;
  // One bit per key id (the whole id space, so every left key is in range): set when the key has
  // between 1 and EXACT_MAX_POSTINGS right postings, the keys a join may use. ~340 KB at 1M per side,
  // which stays in cache where the offsets (11 MB) do not.
  const joinable = index.countBits(prepared.keys.size, EXACT_MAX_POSTINGS);
  const { open: leftOpen, refIds, refStart, strongCount } = left;
  const { open: rightOpen, amount: rightAmount, currency: rightCurrency } = right;
  let comparisons = 0;
  const records = left.records.length;
  for (let l = 0; l < records; l++) {
    if (!leftOpen[l]) continue;
    const start = refStart[l]!;
    const end = start + strongCount[l]!;
    if (start === end) continue;
    const amount = left.amount[l]!;
    const currency = left.currency[l]!;
    const date = leftDate[l]!;
    let best = -1;
    let bestKey = -1;
    for (let k = start; k < end; k++) {
      const id = refIds[k]!;
      // Most left keys have no right posting: one read of a cache-resident bitmap instead of two of
      // the offsets (ids outside the index are never set).
      if ((joinable[id >>> 5]! & (1 << (id & 31))) === 0 || !prepared.isIdentifier(id)) continue;
      const from = index.start(id);
      const to = index.end(id);
      comparisons += to - from;
      for (let p = from; p < to; p++) {
        const r = positions[p]!;
        if (best >= 0 && r >= best) break;
        if (!rightOpen[r]) continue;
        if (needAmount && rightAmount[r] !== amount) continue;
        if (needCurrency && rightCurrency[r] !== currency) continue;
        const days = rightDate[r]! - date;
        if (days < lowest || days > highest) continue;
        if (needParty && !sharesParty(left, right, l, r)) continue;
        best = r;
        bestKey = id;
        break;
      }
    }
    if (best < 0) continue;
    addPair(pairs, l, best, bestKey);
    leftOpen[l] = 0;
    rightOpen[best] = 0;
  }
  pairs.comparisons = comparisons;
}

/** The join on amount and currency alone (a pass without `reference`). */
function joinByAmount(prepared: Prepared, pass: ExactPass, pairs: ExactPairs): void {
  const { left, right } = prepared;
  const { needParty, leftDate, rightDate, lowest, highest } = joinTerms(prepared, pass);
  const byAmount = amountIndex(prepared);
  let comparisons = 0;
  for (let l = 0; l < left.records.length; l++) {
    if (!left.open[l]) continue;
    let best = -1;
    for (const r of byAmount.get(`${left.currency[l]}:${left.amount[l]}`) ?? []) {
      comparisons++;
      if (best >= 0 && r >= best) continue;
      if (!right.open[r]) continue;
      const days = rightDate[r]! - leftDate[l]!;
      if (days < lowest || days > highest) continue;
      if (needParty && !sharesParty(left, right, l, r)) continue;
      best = r;
    }
    if (best < 0) continue;
    addPair(pairs, l, best, -1);
    left.open[l] = 0;
    right.open[best] = 0;
  }
  pairs.comparisons = comparisons;
}

/**
 * Candidate blocking for scored passes. Blocks are static — built over all records of the run, open or
 * not — so a record's candidates only shrink as records get matched (which keeps runs idempotent):
 * - reference: right records sharing a reference key;
 * - typo: right records of the same amount sharing a one-deletion variant of the last 8 characters of a
 *   strong identifier (any single typo — a dropped, swapped or wrong character — leaves one variant in
 *   common; the amount keeps sequential invoice numbers, which share variants, out of the block);
 * - amount: right records whose amount lies within the tolerance (a range of the amount order);
 * - counterparty: right records sharing a counterparty key.
 * A block bigger than `max_block` is skipped: uninformative, and it would make the pass quadratic.
 */
import type { Tolerance } from './amount.ts';
import { IntMultiMap } from './int-multimap.ts';
import {
  type KeyIndex,
  type KeyTable,
  type Postings,
  type Prepared,
  type PreparedSide,
  postingCount,
} from './prepare.ts';
import type { ScoredPass } from './types.ts';
import { amountSeed, pushTailHashes, typoTail } from './typo-keys.ts';

export const DEFAULT_MAX_BLOCK = 200;

/** Hashed typo key → record indexes. */
export type TypoIndex = IntMultiMap;

interface AmountOrder {
  order: Int32Array;
  currency: Int32Array;
  amount: Float64Array;
}

const amountOrders = new WeakMap<Prepared, AmountOrder>();

/** Right records sorted by (currency, amount, index), built once per run. */
function amountOrder(prepared: Prepared): AmountOrder {
  const cached = amountOrders.get(prepared);
  if (cached) return cached;
  const right = prepared.right;
  const order = Int32Array.from(right.records.keys());
  order.sort(
    (a, b) => right.currency[a]! - right.currency[b]! || right.amount[a]! - right.amount[b]! || a - b,
  );
  const result: AmountOrder = {
    order,
    currency: Int32Array.from(order, (index) => right.currency[index]!),
    amount: Float64Array.from(order, (index) => right.amount[index]!),
  };
  amountOrders.set(prepared, result);
  return result;
}

/** First position in the order at or after (currency, amount). */
function lowerBound(order: AmountOrder, currency: number, amount: number): number {
  let low = 0;
  let high = order.order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const c = order.currency[middle]!;
    if (c < currency || (c === currency && order.amount[middle]! < amount)) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface Candidates {
  stamp: Int32Array;
  list: number[];
  /** The typo index of the open right records, built when the pass starts. */
  typo?: TypoIndex;
}

function addPostings(found: Postings, left: number, into: Candidates) {
  if (found === undefined) return;
  if (typeof found === 'number') {
    if (into.stamp[found] !== left) {
      into.stamp[found] = left;
      into.list.push(found);
    }
    return;
  }
  for (let i = 0; i < found.length; i++) {
    const r = found[i]!;
    if (into.stamp[r] === left) continue;
    into.stamp[r] = left;
    into.list.push(r);
  }
}

function addFromIndex(
  index: KeyIndex,
  ids: Int32Array,
  from: number,
  to: number,
  maxBlock: number,
  left: number,
  into: Candidates,
) {
  for (let k = from; k < to; k++) {
    const found = index.byId(ids[k]!);
    if (found !== undefined && found.length <= maxBlock) addPostings(found, left, into);
  }
}

export function collectCandidates(
  prepared: Prepared,
  pass: ScoredPass,
  tolerance: Tolerance,
  l: number,
  into: Candidates,
) {
  const { left, right } = prepared;
  const maxBlock = pass.max_block ?? DEFAULT_MAX_BLOCK;
  into.list.length = 0;
  if (pass.blocking.includes('reference')) {
    // A key's block is every right record carrying it, strong or weak: skip it when the two together are too many.
    for (let k = left.refStart[l]!; k < left.refStart[l + 1]!; k++) {
      const id = left.refIds[k]!;
      const strong = right.strongIndex.byId(id);
      const weak = right.weakIndex.byId(id);
      if (postingCount(strong) + postingCount(weak) > maxBlock) continue;
      addPostings(strong, l, into);
      addPostings(weak, l, into);
    }
  }
  if (into.typo) {
    const typo = into.typo;
    for (const key of typoKeysOf(left, l)) typo.forEach(key, (r) => addPostings(r, l, into));
  }
  if (pass.blocking.includes('counterparty'))
    addFromIndex(
      right.partyIndex,
      left.partyIds,
      left.partyStart[l]!,
      left.partyStart[l + 1]!,
      maxBlock,
      l,
      into,
    );
  if (pass.blocking.includes('amount')) {
    const order = amountOrder(prepared);
    const amount = left.amount[l]!;
    const slack = Math.max(tolerance.absolute, Math.ceil((Math.abs(amount) * 2 * tolerance.ppm) / 1e6));
    const from = lowerBound(order, left.currency[l]!, amount - slack);
    const to = lowerBound(order, left.currency[l]!, amount + slack + 1);
    if (to - from <= maxBlock) {
      for (let position = from; position < to; position++) {
        const r = order.order[position]!;
        if (into.stamp[r] === l) continue;
        into.stamp[r] = l;
        into.list.push(r);
      }
    }
  }
}

/** Typo keys of a record: hashed one-deletion variants of its strong identifiers, with its exact amount. */
export function typoKeysOf(side: PreparedSide, index: number): number[] {
  return recordTypoHashes(side, index, amountSeed(side.amount[index]!, side.currency[index]!));
}

const tailCaches = new WeakMap<KeyTable, Array<string | null | undefined>>();

/** `typoHashes` of a record's strong keys (with the seed), with each key's tail worked out once per run. */
export function recordTypoHashes(side: PreparedSide, index: number, seed: number): number[] {
  const table = side.strongIndex.table;
  let tails = tailCaches.get(table);
  if (!tails) {
    tails = new Array(table.size);
    tailCaches.set(table, tails);
  }
  const hashes: number[] = [];
  const from = side.refStart[index]!;
  const to = from + side.strongCount[index]!;
  for (let k = from; k < to; k++) {
    const id = side.refIds[k]!;
    let tail = tails[id];
    if (tail === undefined) {
      tail = typoTail(table.name(id));
      tails[id] = tail;
    }
    if (tail !== null) pushTailHashes(tail, seed, hashes);
  }
  return hashes;
}

/**
 * Typo keys of the side's open records. Typo blocks have no size cap (a variant plus an exact amount is
 * specific), so indexing only the open records gives the same candidates as a static index would.
 */
export function typoIndex(side: PreparedSide): TypoIndex {
  let open = 0;
  for (let r = 0; r < side.records.length; r++) open += side.open[r]!;
  // About 9 variants per identifier and 2-3 identifiers per record; the map grows if needed.
  const index = new IntMultiMap(Math.max(1024, open * 24));
  for (let r = 0; r < side.records.length; r++) {
    if (!side.open[r]) continue;
    for (const key of typoKeysOf(side, r)) index.add(key, r);
  }
  return index;
}

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
import { sortByAmount } from './amount-order.ts';
import { IntMultiMap } from './int-multimap.ts';
import type { KeyIndex, KeyTable, Prepared, PreparedSide } from './prepare.ts';
import type { ScoredPass } from './types.ts';
import { amountSeed, pushTailHashes, typoTail } from './typo-keys.ts';

export const DEFAULT_MAX_BLOCK = 200;

/**
 * Hashed typo key → right record indexes, and the amount seeds (`amountSeed`) of the records indexed:
 * a left record whose seed is not among them has no typo candidates and skips its probes.
 */
export interface TypoIndex {
  keys: IntMultiMap;
  seeds: IntMultiMap;
}

interface AmountOrder {
  order: Int32Array;
  currency: Int32Array;
  amount: Float64Array;
}

const amountOrders = new WeakMap<Prepared, AmountOrder>();

/** Right records sorted by (currency, amount, index), built once per run. */
function amountOrderOf(prepared: Prepared): AmountOrder {
  const cached = amountOrders.get(prepared);
  if (cached) return cached;
  const right = prepared.right;
  const order = sortByAmount(right.amount, right.currency, right.records.length);
  const result: AmountOrder = {
    order,
    currency: new Int32Array(order.length),
    amount: new Float64Array(order.length),
  };
  for (let position = 0; position < order.length; position++) {
    result.currency[position] = right.currency[order[position]!]!;
    result.amount[position] = right.amount[order[position]!]!;
  }
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

function addFromIndex(
  index: KeyIndex,
  ids: Int32Array,
  from: number,
  to: number,
  maxBlock: number,
  left: number,
  into: Candidates,
) {
  const positions = index.positions;
  for (let k = from; k < to; k++) {
    const id = ids[k]!;
    const start = index.start(id);
    const end = index.end(id);
    if (end - start > maxBlock) continue;
    for (let p = start; p < end; p++) {
      const r = positions[p]!;
      if (into.stamp[r] === left) continue;
      into.stamp[r] = left;
      into.list.push(r);
    }
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
    const strong = right.strongIndex;
    const weak = right.weakIndex;
    for (let k = left.refStart[l]!; k < left.refStart[l + 1]!; k++) {
      const id = left.refIds[k]!;
      const strongFrom = strong.start(id);
      const strongTo = strong.end(id);
      const weakFrom = weak.start(id);
      const weakTo = weak.end(id);
      if (strongTo - strongFrom + weakTo - weakFrom > maxBlock) continue;
      for (let p = strongFrom; p < strongTo; p++) {
        const r = strong.positions[p]!;
        if (into.stamp[r] === l) continue;
        into.stamp[r] = l;
        into.list.push(r);
      }
      for (let p = weakFrom; p < weakTo; p++) {
        const r = weak.positions[p]!;
        if (into.stamp[r] === l) continue;
        into.stamp[r] = l;
        into.list.push(r);
      }
    }
  }
  if (into.typo && into.typo.seeds.head(amountSeed(left.amount[l]!, left.currency[l]!)) !== -1) {
    const typo = into.typo.keys;
    const keys = typoKeysOf(left, l, typoScratch);
    for (let k = 0; k < keys.length; k++) {
      for (let entry = typo.head(keys[k]!); entry !== -1; entry = typo.nextEntry(entry)) {
        const r = typo.valueAt(entry);
        if (into.stamp[r] === l) continue;
        into.stamp[r] = l;
        into.list.push(r);
      }
    }
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
    const order = amountOrderOf(prepared);
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

/** Reused by the candidate loop (one record's typo keys at a time). */
const typoScratch: number[] = [];

/**
 * Typo keys of a record: hashed one-deletion variants of its strong identifiers, with its exact amount
 * (into `into`, emptied first, when given).
 */
export function typoKeysOf(side: PreparedSide, index: number, into?: number[]): number[] {
  return recordTypoHashes(side, index, amountSeed(side.amount[index]!, side.currency[index]!), into, true);
}

const tailCaches = new WeakMap<KeyTable, Array<string | null | undefined>>();

/**
 * `typoHashes` of a record's strong keys (with the seed), with each key's tail worked out once per run.
 * `distinctTails`: skip a tail the record already gave (`INV2026004512` and `#2026004512` share one):
 * the same hashes again, which add nothing to a typo index or to a record's candidates.
 */
export function recordTypoHashes(
  side: PreparedSide,
  index: number,
  seed: number,
  into?: number[],
  distinctTails = false,
): number[] {
  const table = side.strongIndex.table;
  let tails = tailCaches.get(table);
  if (!tails) {
    tails = new Array(table.size);
    tailCaches.set(table, tails);
  }
  const hashes: number[] = into ?? [];
  hashes.length = 0;
  const from = side.refStart[index]!;
  const to = from + side.strongCount[index]!;
  for (let k = from; k < to; k++) {
    const id = side.refIds[k]!;
    let tail = tails[id];
    if (tail === undefined) {
      tail = typoTail(table.name(id));
      tails[id] = tail;
    }
    if (tail === null) continue;
    if (distinctTails) {
      let repeated = false;
      for (let j = from; j < k && !repeated; j++) repeated = tails[side.refIds[j]!] === tail;
      if (repeated) continue;
    }
    pushTailHashes(tail, seed, hashes);
  }
  return hashes;
}

const typoIndexes = new WeakMap<PreparedSide, TypoIndex>();

/**
 * Typo keys of the right side's open records whose exact amount (and currency) some open left record
 * has: typo keys carry the amount, so no other right record could share one with a left record. Typo
 * blocks have no size cap (a variant plus an exact amount is specific), so indexing only these records
 * gives the same candidates as a static index would. Built once per run, by the first scored pass that
 * blocks on typos, and reused by later ones: records matched since are still in it, but candidates are
 * only scored while open, and the left records open later are among those open now; so the result is
 * the same as a fresh index (and a second index of millions of entries is neither built nor collected).
 */
export function typoIndex(prepared: Prepared): TypoIndex {
  let index = typoIndexes.get(prepared.right);
  if (!index) {
    index = buildTypoIndex(prepared.left, prepared.right);
    typoIndexes.set(prepared.right, index);
  }
  return index;
}

function buildTypoIndex(left: PreparedSide, right: PreparedSide): TypoIndex {
  const wanted = new IntMultiMap(1024);
  for (let l = 0; l < left.records.length; l++) {
    if (left.open[l]) wanted.add(amountSeed(left.amount[l]!, left.currency[l]!), 0);
  }
  const seeds = new IntMultiMap(1024);
  const eligible: number[] = [];
  for (let r = 0; r < right.records.length; r++) {
    if (!right.open[r]) continue;
    const seed = amountSeed(right.amount[r]!, right.currency[r]!);
    if (wanted.head(seed) === -1) continue;
    seeds.add(seed, 0);
    eligible.push(r);
  }
  // About 9 variants per identifier tail and 3-4 distinct tails per record, ~20 distinct keys per record
  // (measured on the generated data); the map grows if needed.
  const keys = new IntMultiMap(Math.max(1024, eligible.length * 34), Math.max(1024, eligible.length * 21));
  for (const r of eligible) {
    const hashes = typoKeysOf(right, r, typoScratch);
    for (let k = 0; k < hashes.length; k++) keys.add(hashes[k]!, r);
  }
  return { keys, seeds };
}

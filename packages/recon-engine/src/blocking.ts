/**
 * Candidate blocking for scored passes. Blocks are static — built over all records of the run, open or
 * not — so a record's candidates only shrink as records get matched (which keeps runs idempotent):
 * - reference: right records sharing a reference key, or an invoice number's family (reference-family.ts);
 * - typo: right records of the same amount sharing a one-deletion variant of the last 8 characters of a
 *   strong identifier (any single typo — a dropped, swapped or wrong character — leaves one variant in
 *   common; the amount keeps sequential invoice numbers, which share variants, out of the block);
 * - amount: right records whose amount lies within the tolerance (a range of the amount order);
 * - counterparty: right records sharing a counterparty key;
 * - payer: right records of the customers the payer is linked to (payer-index.ts) whose amount is within
 *   the tolerance (a slice of the customer's records by amount; at most MAX_CUSTOMER_RECORDS of it).
 * A block bigger than `max_block` is skipped: uninformative, and it would make the pass quadratic.
 */
import { DEFAULT_MAX_BLOCK as RULE_SET_MAX_BLOCK } from '@counterpart/contracts';
import type { Tolerance } from './amount.ts';
import { sortByAmount } from './amount-order.ts';
import type { CandidateSet } from './candidate-set.ts';
import type { PayerIndex } from './payer-index.ts';
import type { KeyIndex, Prepared } from './prepare.ts';
import { addFamilyCandidates } from './reference-family.ts';
import type { ScoredPass } from './types.ts';
import type { TypoIndex } from './typo-index.ts';

export const DEFAULT_MAX_BLOCK = RULE_SET_MAX_BLOCK.scored;
/** Most records of one customer taken by the payer block for one payment. */
const MAX_CUSTOMER_RECORDS = 5000;

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
  /** The current left record's candidates. */
  found: CandidateSet;
  /** The typo index of the open right records, built when the pass starts. */
  typo?: TypoIndex;
  /** The payer identity, when the pass blocks on `payer`. */
  payers?: PayerIndex;
}

function addFromIndex(
  index: KeyIndex,
  ids: Int32Array,
  from: number,
  to: number,
  maxBlock: number,
  into: CandidateSet,
) {
  const positions = index.positions;
  for (let k = from; k < to; k++) {
    const id = ids[k]!;
    const start = index.start(id);
    const end = index.end(id);
    if (end - start > maxBlock) continue;
    for (let p = start; p < end; p++) into.add(positions[p]!);
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
  const found = into.found;
  found.start(l);
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
      for (let p = strongFrom; p < strongTo; p++) found.add(strong.positions[p]!);
      for (let p = weakFrom; p < weakTo; p++) found.add(weak.positions[p]!);
    }
  }
  if (pass.blocking.includes('reference')) addFamilyCandidates(prepared, l, maxBlock, found);
  if (into.typo) into.typo.addCandidates(left, l, found);
  if (pass.blocking.includes('counterparty'))
    addFromIndex(
      right.partyIndex,
      left.partyIds,
      left.partyStart[l]!,
      left.partyStart[l + 1]!,
      maxBlock,
      found,
    );
  if (into.payers) {
    const amount = left.amount[l]!;
    const slack = Math.max(tolerance.absolute, Math.ceil((Math.abs(amount) * 2 * tolerance.ppm) / 1e6));
    for (const link of into.payers.customerLinks(l)) {
      const records: number[] = into.payers.recordsBetween(link.customer, amount - slack, amount + slack);
      for (let i = 0; i < records.length && i < MAX_CUSTOMER_RECORDS; i++) {
        const r = records[i]!;
        if (right.open[r]) found.add(r);
      }
    }
  }
  if (pass.blocking.includes('amount')) {
    const order = amountOrderOf(prepared);
    const amount = left.amount[l]!;
    const slack = Math.max(tolerance.absolute, Math.ceil((Math.abs(amount) * 2 * tolerance.ppm) / 1e6));
    const from = lowerBound(order, left.currency[l]!, amount - slack);
    const to = lowerBound(order, left.currency[l]!, amount + slack + 1);
    if (to - from <= maxBlock) {
      for (let position = from; position < to; position++) found.add(order.order[position]!);
    }
  }
}

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
import { CandidateSet } from './candidate-set.ts';
import type { PayerIndex } from './payer-index.ts';
import type { KeyIndex, Prepared } from './prepare.ts';
import { addFamilyCandidates } from './reference-family.ts';
import { int32Array } from './typed-memory.ts';
import type { ScoredPass } from './types.ts';
import { type TypoIndex, typoIndex } from './typo-index.ts';

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

/**
 * One kind of block for one pass, over the right records open when the pass starts: key id → the open
 * records carrying it in `indexes` (in their order), none when the key's whole block — open or not, all
 * the indexes together — is over `maxBlock` (blocks are static: a record's candidates only shrink).
 * A key's block is worked out when a left record first asks for it and kept for the pass, so that each
 * key of a left record reads one range and visits no matched record and no block too big.
 */
export class OpenBlocks {
  /** Key id's block: positions[from[id] .. to[id]), from -1 until worked out. */
  private readonly from: Int32Array;
  private readonly to: Int32Array;
  private positions = int32Array(1024);
  private size = 0;

  constructor(
    private readonly indexes: readonly KeyIndex[],
    keyCount: number,
    private readonly open: Uint8Array,
    private readonly maxBlock: number,
  ) {
    this.from = int32Array(keyCount).fill(-1);
    this.to = int32Array(keyCount);
  }

  /** Adds to `into` the records of the blocks of key ids `ids[from .. to)`. */
  addTo(ids: Int32Array, from: number, to: number, into: CandidateSet): void {
    const keyCount = this.from.length;
    for (let k = from; k < to; k++) {
      const id = ids[k]!;
      if (id >= keyCount) continue;
      let start = this.from[id]!;
      if (start < 0) start = this.block(id);
      const end = this.to[id]!;
      const positions = this.positions;
      for (let p = start; p < end; p++) into.add(positions[p]!);
    }
  }

  /** Works out a key's block; returns where it starts. */
  private block(id: number): number {
    let total = 0;
    for (const index of this.indexes) total += index.countById(id);
    const start = this.size;
    if (total > 0 && total <= this.maxBlock) {
      if (this.size + total > this.positions.length) {
        const grown = int32Array(Math.max(2 * this.positions.length, this.size + total));
        grown.set(this.positions.subarray(0, this.size));
        this.positions = grown;
      }
      for (const index of this.indexes) {
        const to = index.end(id);
        for (let p = index.start(id); p < to; p++) {
          const r = index.positions[p]!;
          if (this.open[r]) this.positions[this.size++] = r;
        }
      }
    }
    this.from[id] = start;
    this.to[id] = this.size;
    return start;
  }
}

export interface Candidates {
  /** The current left record's candidates. */
  found: CandidateSet;
  /** Blocks of shared reference keys (strong or weak), when the pass blocks on `reference`. */
  references?: OpenBlocks;
  /** Blocks of shared counterparty keys, when the pass blocks on `counterparty`. */
  parties?: OpenBlocks;
  /** The typo index of the open right records, when the pass blocks on `typo`. */
  typo?: TypoIndex;
  /** The payer identity, when the pass blocks on `payer`. */
  payers?: PayerIndex;
}

/** What a scored pass blocks with, built as it starts (all but the payer identity). */
export function startBlocking(prepared: Prepared, pass: ScoredPass): Candidates {
  const right = prepared.right;
  const maxBlock = pass.max_block ?? DEFAULT_MAX_BLOCK;
  const keyCount = prepared.keys.size;
  const candidates: Candidates = { found: new CandidateSet(right.records.length) };
  if (pass.blocking.includes('reference'))
    candidates.references = new OpenBlocks(
      [right.strongIndex, right.weakIndex],
      keyCount,
      right.open,
      maxBlock,
    );
  if (pass.blocking.includes('counterparty'))
    candidates.parties = new OpenBlocks([right.partyIndex], keyCount, right.open, maxBlock);
  if (pass.blocking.includes('typo')) candidates.typo = typoIndex(prepared);
  return candidates;
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
  if (into.references) {
    into.references.addTo(left.refIds, left.refStart[l]!, left.refStart[l + 1]!, found);
    addFamilyCandidates(prepared, l, maxBlock, found);
  }
  if (into.typo) into.typo.addCandidates(left, l, found);
  if (into.parties) into.parties.addTo(left.partyIds, left.partyStart[l]!, left.partyStart[l + 1]!, found);
  if (into.payers) {
    const amount = left.amount[l]!;
    const slack = Math.max(tolerance.absolute, Math.ceil((Math.abs(amount) * 2 * tolerance.ppm) / 1e6));
    const { customerRecords, customerAmounts, recordStart } = into.payers;
    const high = amount + slack;
    for (const link of into.payers.customerLinks(l)) {
      // The customer's records within the amount range (a slice by amount), at most MAX_CUSTOMER_RECORDS.
      const from: number = into.payers.firstAtLeast(link.customer, amount - slack);
      const to = Math.min(recordStart[link.customer + 1]!, from + MAX_CUSTOMER_RECORDS);
      for (let at: number = from; at < to && customerAmounts[at]! <= high; at++) {
        const r = customerRecords[at]!;
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

/**
 * Subset-sum pass on leftovers: many:1 (several left records pay one right record: split payments) or
 * 1:many (one left record covers several right records: a bulk payment). Each open anchor on the "one"
 * side, in (date, id) order, takes the open records of the other side that share a reference or
 * counterparty key with it (same currency and sign, inside the date window; the `max_block` closest in
 * date), and looks for the subset whose total meets its amount (see subset-sum.ts). The group is scored
 * like a pair (means over its members); an ambiguous subset is only suggested.
 */
import { DEFAULT_MAX_BLOCK } from '@counterpart/contracts';
import { formatMinorCurrency, minorDigits } from '@counterpart/domain';
import { allowedDifference, toTolerance } from './amount.ts';
import { closeGroup } from './groups.ts';
import { type PayerIndex, payerIndexOf } from './payer-index.ts';
import {
  dateOf,
  forEachPosting,
  type KeyIndex,
  type Prepared,
  type PreparedSide,
  postingCount,
} from './prepare.ts';
import {
  combine,
  counterpartyScore,
  dateScore,
  referenceScore,
  roundScore,
  type ScoreContext,
  withDefaultWeights,
} from './scoring.ts';
import { findSubset, MAX_SUBSET_ITEMS, type SubsetOutcome } from './subset-sum.ts';
import { int32Array } from './typed-memory.ts';
import type { FeatureScore, MatchGroup, SubsetSumPass, SuggestionWhy } from './types.ts';
import { recordTypoHashes } from './typo-index.ts';

export const DEFAULT_SUBSET_BLOCK = DEFAULT_MAX_BLOCK.subset_sum;
/** Keys shared by more records than this on the searched side do not form a block. */
const MAX_KEY_POSTINGS = 200;

interface Orientation {
  anchors: PreparedSide;
  items: PreparedSide;
  /** Pair (anchor, item) as (left, right) indexes. */
  pair: (anchor: number, item: number) => [number, number];
}

function orientation(prepared: Prepared, pass: SubsetSumPass): Orientation {
  return pass.cardinality === 'many:1'
    ? { anchors: prepared.right, items: prepared.left, pair: (anchor, item) => [item, anchor] }
    : { anchors: prepared.left, items: prepared.right, pair: (anchor, item) => [anchor, item] };
}

const typoItemIndexes = new WeakMap<PreparedSide, Map<number, number | number[]>>();

/** Hashed typo variants (without amounts) of every record of the searched side, built once per run. */
function typoItems(items: PreparedSide): Map<number, number | number[]> {
  let index = typoItemIndexes.get(items);
  if (index) return index;
  index = new Map();
  for (let i = 0; i < items.records.length; i++) {
    for (const key of recordTypoHashes(items, i, 0)) {
      const existing = index.get(key);
      if (existing === undefined) index.set(key, i);
      else if (typeof existing === 'number') index.set(key, [existing, i]);
      else existing.push(i);
    }
  }
  typoItemIndexes.set(items, index);
  return index;
}

/**
 * Per pass: the current anchor's block being collected (items stamped with `mark`, a fresh number per
 * collection, so one stamp array serves every anchor) and what an item is checked against.
 */
interface BlockScratch {
  stamp: Int32Array;
  mark: number;
  list: number[];
  items: PreparedSide;
  /**
   * The items' key indexes over the records open when the pass started (matched ones never qualify),
   * without the keys too common to form a block.
   */
  strong: KeyIndex;
  weak: KeyIndex;
  party: KeyIndex;
  itemsAreLeft: boolean;
  anchorDate: number;
  anchorCurrency: number;
  anchorSign: number;
  window: SubsetSumPass['date_window'];
  dateField: SubsetSumPass['date_field'];
  payers?: PayerIndex;
  /**
   * With `payer` blocking, customer → the items open as the pass starts that belong to it: 1:many, the
   * customer's invoices; many:1, the payments whose payer is firmly linked to it. Each customer's in
   * index order, which is date order (a side is sorted by date): `dated` when the pass compares that
   * date, so that an anchor reads only the slice inside its window.
   */
  itemsOf?: CustomerItems;
  dated: boolean;
  anchor: number;
  /** The run's rejected pairs, when there are any. */
  rejected?: Map<number, Set<number>>;
}

/** Adds an item to the block if it is open, of the anchor's currency and sign, and inside the window. */
function addItem(block: BlockScratch, item: number): void {
  const items = block.items;
  if (block.stamp[item] === block.mark || !items.open[item] || items.currency[item] !== block.anchorCurrency)
    return;
  const sign = Math.sign(items.amount[item]!);
  if (sign === 0 || sign !== block.anchorSign) return;
  if (block.rejected) {
    const pair = block.itemsAreLeft ? [item, block.anchor] : [block.anchor, item];
    if (block.rejected.get(pair[0]!)?.has(pair[1]!)) return;
  }
  const itemDate = dateOf(items, item, block.dateField);
  const days = block.itemsAreLeft ? block.anchorDate - itemDate : itemDate - block.anchorDate;
  if (dateScore(block.window, days) < 0) return;
  block.stamp[item] = block.mark;
  block.list.push(item);
}

function addFromIndex(block: BlockScratch, index: KeyIndex, id: number): void {
  const to = index.end(id);
  for (let p = index.start(id); p < to; p++) addItem(block, index.positions[p]!);
}

/** The first of items[from .. to) (in date order) whose date is at least `date`, or `to`. */
function firstDateFrom(dates: Int32Array, items: Int32Array, from: number, to: number, date: number): number {
  while (from < to) {
    const middle = (from + to) >>> 1;
    if (dates[items[middle]!]! < date) from = middle + 1;
    else to = middle;
  }
  return from;
}

/** Adds the customer's items (`itemsOf`): those inside the anchor's date window when they are dated. */
function addCustomerItems(block: BlockScratch, customer: number): void {
  const { start, items } = block.itemsOf!;
  let from = start[customer]!;
  let to = start[customer + 1]!;
  if (block.dated) {
    // The window in item dates: items - anchor within [-days_before, days_after], or anchor - items
    // when the items are the left side.
    const { days_before: before, days_after: after } = block.window;
    const low = block.itemsAreLeft ? block.anchorDate - after : block.anchorDate - before;
    const high = block.itemsAreLeft ? block.anchorDate + before : block.anchorDate + after;
    from = firstDateFrom(block.items.date, items, from, to, low);
    to = firstDateFrom(block.items.date, items, from, to, high + 1);
  }
  for (let at = from; at < to; at++) addItem(block, items[at]!);
}

function blockOf(
  prepared: Prepared,
  pass: SubsetSumPass,
  side: Orientation,
  anchor: number,
  blocking: SubsetSumPass['blocking'],
  scratch: BlockScratch,
): number[] {
  const { anchors, items } = side;
  scratch.items = items;
  scratch.itemsAreLeft = items === prepared.left;
  scratch.anchor = anchor;
  scratch.anchorDate = dateOf(anchors, anchor, pass.date_field);
  scratch.anchorCurrency = anchors.currency[anchor]!;
  scratch.anchorSign = Math.sign(anchors.amount[anchor]!);
  scratch.window = pass.date_window;
  scratch.dateField = pass.date_field;
  scratch.mark++;
  const seen = scratch.list;
  seen.length = 0;
  if (blocking.includes('reference')) {
    for (let k = anchors.refStart[anchor]!; k < anchors.refStart[anchor + 1]!; k++) {
      const id = anchors.refIds[k]!;
      addFromIndex(scratch, scratch.strong, id);
      addFromIndex(scratch, scratch.weak, id);
    }
  }
  if (blocking.includes('typo')) {
    // Typo keys carry the amount, and here amounts differ by design: compare the variants alone.
    const index = typoItems(items);
    for (const key of new Set(recordTypoHashes(anchors, anchor, 0))) {
      const found = index.get(key);
      if (postingCount(found) <= MAX_KEY_POSTINGS) forEachPosting(found, (item) => addItem(scratch, item));
    }
  }
  if (blocking.includes('counterparty')) {
    for (let k = anchors.partyStart[anchor]!; k < anchors.partyStart[anchor + 1]!; k++) {
      addFromIndex(scratch, scratch.party, anchors.partyIds[k]!);
    }
  }
  // Whatever `blocking` says: the reference-only blocks of a pass that blocks on payer have them too.
  if (scratch.itemsOf && scratch.payers) {
    if (!scratch.itemsAreLeft) {
      // 1:many: the open invoices of the customers the anchor payment's payer is firmly linked to.
      for (const link of scratch.payers.customerLinks(anchor))
        if (link.score >= FIRM_LINK) addCustomerItems(scratch, link.customer);
    } else {
      // many:1: the open payments whose payer is firmly linked to the anchor invoice's customer.
      const customer = scratch.payers.customerOf[anchor]!;
      if (customer >= 0) addCustomerItems(scratch, customer);
    }
  }
  const limit = Math.min(pass.max_block ?? DEFAULT_SUBSET_BLOCK, MAX_SUBSET_ITEMS);
  let block = seen.slice();
  if (block.length > limit) {
    const distance = (item: number) => Math.abs(items.date[item]! - anchors.date[anchor]!);
    block = block.sort((a, b) => distance(a) - distance(b) || a - b).slice(0, limit);
  }
  return block.sort((a, b) => a - b);
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** A remainder in the currency (`KES 2.00`), never in minor units. */
function within(difference: number, currency: string): string {
  const code = currency.trim().toUpperCase();
  return formatMinorCurrency(Math.abs(difference), code, minorDigits(code));
}

function scoreGroup(
  context: ScoreContext,
  side: Orientation,
  anchor: number,
  members: number[],
  difference: number,
  remainder: number,
) {
  const pairs = members.map((item) => side.pair(anchor, item));
  const currency = context.prepared.left.records[pairs[0]![0]]!.currency;
  const amount = difference === 0 ? 1 : 0.9 * (1 - Math.abs(difference) / (remainder + 1));
  const { prepared } = context;
  const date = mean(
    pairs.map(([l, r]) =>
      Math.max(
        0,
        dateScore(
          context.window,
          dateOf(prepared.right, r, context.dateField) - dateOf(prepared.left, l, context.dateField),
        ),
      ),
    ),
  );
  const reference = mean(pairs.map(([l, r]) => referenceScore(context, l, r)));
  let linkDetail: string | undefined;
  const parties = pairs
    .map(([l, r]) => {
      const party = counterpartyScore(prepared, l, r);
      const link = context.payers?.linkTo(l, r);
      if (!link || (party !== null && party >= link.score)) return party;
      linkDetail ??= context.payers!.describe(link);
      return link.score;
    })
    .filter((value) => value !== null);
  const counterparty = parties.length === 0 ? null : mean(parties);
  const score = combine(context.weights, { amount, date, reference, counterparty });
  const features: FeatureScore[] = [
    {
      name: 'amount',
      score: roundScore(amount),
      detail: `${members.length} records total ${difference === 0 ? 'the amount exactly' : `the amount within ${within(difference, currency)}`}`,
    },
    { name: 'date', score: roundScore(date), detail: 'mean date closeness' },
    {
      name: 'reference',
      score: roundScore(reference),
      detail: `mean reference similarity ${Math.round(reference * 100)} %`,
    },
  ];
  if (counterparty !== null) {
    features.push({
      name: 'counterparty',
      score: roundScore(counterparty),
      detail: linkDetail ?? `mean counterparty similarity ${Math.round(counterparty * 100)} %`,
    });
  }
  return { score, features };
}

/**
 * The items' indexes over their open records, keeping the keys that form blocks: a reference key that
 * at most MAX_KEY_POSTINGS records carry (strong and weak together), a counterparty key likewise.
 */
function blockIndexes(
  prepared: Prepared,
  items: PreparedSide,
): Pick<BlockScratch, 'strong' | 'weak' | 'party'> {
  const keyCount = prepared.keys.size;
  const reference = new Uint8Array(keyCount);
  const party = new Uint8Array(keyCount);
  for (let id = 0; id < keyCount; id++) {
    reference[id] =
      items.strongIndex.countById(id) + items.weakIndex.countById(id) <= MAX_KEY_POSTINGS ? 1 : 0;
    party[id] = items.partyIndex.countById(id) <= MAX_KEY_POSTINGS ? 1 : 0;
  }
  return {
    strong: items.strongIndex.filtered(items.open, reference),
    weak: items.weakIndex.filtered(items.open, reference),
    party: items.partyIndex.filtered(items.open, party),
  };
}

/** A link this strong puts a payment in its customer's blocks (a phone of one customer, learned). */
const FIRM_LINK = 0.9;

/** Customer c's items: items[start[c] .. start[c + 1]), each customer's in index order. */
interface CustomerItems {
  start: Int32Array;
  items: Int32Array;
}

/**
 * Customer → the open items that belong to it, as the pass starts (`BlockScratch.itemsOf`): 1:many,
 * the open invoices of the customer; many:1, the open payments whose payer is firmly linked to it.
 */
function itemsByCustomer(prepared: Prepared, payers: PayerIndex, itemsAreLeft: boolean): CustomerItems {
  const customers = payers.customerNames.length;
  const items = itemsAreLeft ? prepared.left : prepared.right;
  const start = int32Array(customers + 1);
  const eachOf = (visit: (customer: number, item: number) => void) => {
    for (let i = 0; i < items.records.length; i++) {
      if (!items.open[i]) continue;
      if (!itemsAreLeft) {
        const customer = payers.customerOf[i]!;
        if (customer >= 0) visit(customer, i);
      } else for (const link of payers.customerLinks(i)) if (link.score >= FIRM_LINK) visit(link.customer, i);
    }
  };
  eachOf((customer) => start[customer + 1]!++);
  for (let c = 0; c < customers; c++) start[c + 1]! += start[c]!;
  const list = int32Array(start[customers]!);
  const next = start.slice(0, customers);
  eachOf((customer, item) => {
    list[next[customer]!++] = item;
  });
  return { start, items: list };
}

export function runSubsetPass(
  prepared: Prepared,
  pass: SubsetSumPass,
): { groups: MatchGroup[]; comparisons: number; capped: number } {
  const side = orientation(prepared, pass);
  const tolerance = toTolerance(pass.allowed_remainder);
  const context: ScoreContext = {
    prepared,
    weights: withDefaultWeights(pass.weights),
    tolerance,
    window: pass.date_window,
    dateField: pass.date_field,
    method: 'best',
  };
  const groups: MatchGroup[] = [];
  let comparisons = 0;
  let capped = 0;
  const scratch: BlockScratch = {
    stamp: int32Array(side.items.records.length),
    mark: 0,
    list: [],
    items: side.items,
    ...blockIndexes(prepared, side.items),
    itemsAreLeft: side.items === prepared.left,
    anchor: -1,
    rejected: prepared.rejected,
    anchorDate: 0,
    anchorCurrency: 0,
    anchorSign: 0,
    window: pass.date_window,
    dateField: pass.date_field,
    dated: pass.date_field !== 'value_date',
  };
  if (pass.blocking.includes('payer')) {
    context.payers = payerIndexOf(prepared);
    scratch.payers = context.payers;
    scratch.itemsOf = itemsByCustomer(prepared, context.payers, scratch.itemsAreLeft);
  }
  for (let anchor = 0; anchor < side.anchors.records.length; anchor++) {
    if (!side.anchors.open[anchor]) continue;
    const target = side.anchors.amount[anchor]!;
    const remainder = allowedDifference(tolerance, target);
    // Records sharing a reference come first; the wider counterparty block only when they give nothing.
    const referenceOnly = pass.blocking.filter((key) => key !== 'counterparty' && key !== 'payer');
    const blockings =
      referenceOnly.length > 0 && referenceOnly.length < pass.blocking.length
        ? [referenceOnly, pass.blocking]
        : [pass.blocking];
    let found: { block: number[]; outcome: Extract<SubsetOutcome, { kind: 'found' }> } | null = null;
    for (const blocking of blockings as Array<SubsetSumPass['blocking']>) {
      const block = blockOf(prepared, pass, side, anchor, blocking, scratch);
      if (block.length < 2) continue;
      const outcome = findSubset({
        amounts: block.map((item) => side.items.amount[item]!),
        target,
        remainder,
        minSize: 2,
        maxSize: pass.max_group_size,
        maxWork: pass.max_work,
      });
      comparisons += outcome.work;
      if (outcome.kind === 'capped') capped++;
      if (outcome.kind === 'found') {
        found = { block, outcome };
        break;
      }
    }
    if (found === null) continue;
    const { block, outcome } = found;
    const members = outcome.indexes.map((position) => block[position]!);
    const { score, features } = scoreGroup(context, side, anchor, members, outcome.sum - target, remainder);
    if (score < pass.suggest) continue;
    const automatic = score >= pass.auto_accept && !outcome.ambiguous;
    const why: SuggestionWhy | undefined = automatic
      ? undefined
      : score < pass.auto_accept
        ? { kind: 'threshold', score, auto_accept: pass.auto_accept }
        : { kind: 'other_subset', size: members.length };
    const reason =
      why === undefined
        ? undefined
        : why.kind === 'threshold'
          ? `score ${score} is below auto-accept ${pass.auto_accept}`
          : `another subset of ${members.length} records totals the same amount`;
    const leftIndexes = pass.cardinality === 'many:1' ? members : [anchor];
    const rightIndexes = pass.cardinality === 'many:1' ? [anchor] : members;
    groups.push(
      closeGroup(prepared.left, prepared.right, leftIndexes, rightIndexes, {
        rule_id: pass.id,
        status: automatic ? 'accepted' : 'suggested',
        score,
        features,
        reason,
        why,
      }),
    );
  }
  return { groups, comparisons, capped };
}

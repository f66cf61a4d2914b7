/**
 * A payer's links to customers and how they are kept while being worked out (payer-index.ts): each
 * customer's best link, and of many customers met at one score only the lowest numbered.
 */
import type { PayerIdentity } from './payer.ts';

/** A left record's link to a customer: how sure (0..1) and why (`describe` words it). */
export interface CustomerLink {
  customer: number;
  score: number;
  /** What was learned (its count grows as the run goes on), when the link comes from it. */
  learned?: Learned;
  /** The customer's phone the payer's meets, when the link comes from it. */
  phone?: string;
}

export interface Learned {
  payer: PayerIdentity;
  customer: number;
  count: number;
}

/** Most customers a payer is linked to: past it the identity says nothing. */
export const MAX_LINKS = 4;

/** Keeps the link unless its customer already has one of a score as high. */
export function offerLink(best: CustomerLink[], link: CustomerLink): void {
  for (let i = 0; i < best.length; i++) {
    if (best[i]!.customer !== link.customer) continue;
    if (best[i]!.score < link.score) best[i] = link;
    return;
  }
  best.push(link);
}

/** A customer's phone as listed, met by a payer's phone pattern. */
export interface PhoneHit {
  pattern: string;
  customer: number;
}

/** Each customer's first hit (in the order given), by customer. */
export function firstHitsByCustomer(hits: readonly PhoneHit[]): PhoneHit[] {
  // A stable sort by customer keeps each customer's hits in the order given: the first of each run is
  // its first hit (n log n, where checking each hit against those kept was n² — ~60 hits a masked tail).
  const sorted = hits.slice().sort((a, b) => a.customer - b.customer);
  const first: PhoneHit[] = [];
  for (let i = 0; i < sorted.length; i++)
    if (i === 0 || sorted[i]!.customer !== sorted[i - 1]!.customer) first.push(sorted[i]!);
  return first;
}

/**
 * Adds a payer's phone hits, all of one score, to its links best[0, learned) (one per customer, from
 * what was learned): a learned customer's link becomes its first hit when that scores higher; of the
 * other customers, the first hit of each of the MAX_LINKS lowest numbered is added, by customer (only
 * those can make it: ties go to the lower customer). `first`: `firstHitsByCustomer` of the hits.
 */
export function addPhoneLinks(
  best: CustomerLink[],
  learned: number,
  first: readonly PhoneHit[],
  score: number,
): void {
  for (let i = 0; i < learned; i++) {
    const hit = hitOf(first, best[i]!.customer);
    if (hit && best[i]!.score < score) best[i] = { customer: hit.customer, score, phone: hit.pattern };
  }
  let added = 0;
  for (const hit of first) {
    if (added === MAX_LINKS) break;
    if (isAmong(best, learned, hit.customer)) continue;
    best.push({ customer: hit.customer, score, phone: hit.pattern });
    added++;
  }
}

/** The customer's hit among `first` (sorted by customer), or undefined. */
function hitOf(first: readonly PhoneHit[], customer: number): PhoneHit | undefined {
  let low = 0;
  let high = first.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (first[middle]!.customer < customer) low = middle + 1;
    else high = middle;
  }
  return low < first.length && first[low]!.customer === customer ? first[low] : undefined;
}

/** Whether the customer has one of best[0, count). */
function isAmong(best: readonly CustomerLink[], count: number, customer: number): boolean {
  for (let i = 0; i < count; i++) if (best[i]!.customer === customer) return true;
  return false;
}

/** How many customers the entries name (0, 1 or more: 2). */
export function distinctCustomers(entries: readonly { customer: number }[]): number {
  if (entries.length === 0) return 0;
  const first = entries[0]!.customer;
  for (const entry of entries) if (entry.customer !== first) return 2;
  return 1;
}

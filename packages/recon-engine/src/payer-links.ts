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

/**
 * A phone hit of a customer among best[0, count) (linked by what was learned): replaces that link when
 * it scores higher; true when the customer is there (the hit is dealt with).
 */
export function offerToLearned(
  best: CustomerLink[],
  count: number,
  customer: number,
  score: number,
  phone: string,
): boolean {
  for (let i = 0; i < count; i++) {
    if (best[i]!.customer !== customer) continue;
    if (best[i]!.score < score) best[i] = { customer, score, phone };
    return true;
  }
  return false;
}

/**
 * Keeps `lowest` the first links of the MAX_LINKS lowest customers offered, in customer order. A
 * customer pushed out (or never let in) cannot come back: the bar only goes down.
 */
export function keepLowest(lowest: CustomerLink[], link: CustomerLink): void {
  let at = lowest.length;
  while (at > 0 && lowest[at - 1]!.customer >= link.customer) {
    if (lowest[at - 1]!.customer === link.customer) return;
    at--;
  }
  if (at >= MAX_LINKS) return;
  lowest.splice(at, 0, link);
  if (lowest.length > MAX_LINKS) lowest.length = MAX_LINKS;
}

/** How many customers the entries name (0, 1 or more: 2). */
export function distinctCustomers(entries: readonly { customer: number }[]): number {
  if (entries.length === 0) return 0;
  const first = entries[0]!.customer;
  for (const entry of entries) if (entry.customer !== first) return 2;
  return 1;
}

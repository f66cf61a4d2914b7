import { describe, expect, it } from 'vitest';
import {
  type CustomerLink,
  distinctCustomers,
  keepLowest,
  offerLink,
  offerToLearned,
} from './payer-links.ts';

const link = (customer: number, score: number, phone?: string): CustomerLink => ({ customer, score, phone });

describe('payer links while being worked out', () => {
  it('keeps the first link of the four lowest customers, in customer order, whatever the order offered', () => {
    const lowest: CustomerLink[] = [];
    for (const [customer, phone] of [
      [9, 'a'],
      [3, 'b'],
      [7, 'c'],
      [3, 'd'],
      [5, 'e'],
      [1, 'f'],
      [9, 'g'],
      [2, 'h'],
      [7, 'i'],
    ] as const)
      keepLowest(lowest, link(customer, 0.5, phone));
    expect(lowest.map((kept) => [kept.customer, kept.phone])).toEqual([
      [1, 'f'],
      [2, 'h'],
      [3, 'b'],
      [5, 'e'],
    ]);
  });

  it('replaces a learned link by a phone hit only when the hit scores higher, once', () => {
    const best = [link(4, 0.7), link(6, 0.7)];
    expect(offerToLearned(best, 2, 6, 0.9, '2547*123')).toBe(true);
    expect(offerToLearned(best, 2, 6, 0.9, '2547*999')).toBe(true);
    expect(offerToLearned(best, 2, 4, 0.5, '2547*123')).toBe(true);
    expect(offerToLearned(best, 2, 8, 0.9, '2547*123')).toBe(false);
    expect(best).toEqual([link(4, 0.7), link(6, 0.9, '2547*123')]);
  });

  it("keeps each customer's first link of the highest score", () => {
    const best: CustomerLink[] = [];
    offerLink(best, link(2, 0.5, 'x'));
    offerLink(best, link(2, 0.5, 'y'));
    offerLink(best, link(3, 0.8));
    offerLink(best, link(2, 0.9, 'z'));
    expect(best).toEqual([link(2, 0.9, 'z'), link(3, 0.8)]);
  });

  it('tells none, one or several customers', () => {
    expect(distinctCustomers([])).toBe(0);
    expect(distinctCustomers([{ customer: 5 }, { customer: 5 }])).toBe(1);
    expect(distinctCustomers([{ customer: 5 }, { customer: 6 }])).toBe(2);
  });
});

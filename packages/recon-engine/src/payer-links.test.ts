import { describe, expect, it } from 'vitest';
import {
  addPhoneLinks,
  type CustomerLink,
  distinctCustomers,
  firstHitsByCustomer,
  offerLink,
} from './payer-links.ts';

const link = (customer: number, score: number, phone?: string): CustomerLink => ({ customer, score, phone });

describe('payer links while being worked out', () => {
  it('adds the first hit of the four lowest customers, in customer order, whatever the order listed', () => {
    const hits = (
      [
        [9, 'a'],
        [3, 'b'],
        [7, 'c'],
        [3, 'd'],
        [5, 'e'],
        [1, 'f'],
        [9, 'g'],
        [2, 'h'],
        [7, 'i'],
      ] as const
    ).map(([customer, pattern]) => ({ customer, pattern }));
    const first = firstHitsByCustomer(hits);
    expect(first.map((hit) => [hit.customer, hit.pattern])).toEqual([
      [1, 'f'],
      [2, 'h'],
      [3, 'b'],
      [5, 'e'],
      [7, 'c'],
      [9, 'a'],
    ]);
    const best: CustomerLink[] = [];
    addPhoneLinks(best, 0, first, 0.5);
    expect(best).toEqual([link(1, 0.5, 'f'), link(2, 0.5, 'h'), link(3, 0.5, 'b'), link(5, 0.5, 'e')]);
  });

  it("replaces a learned link by its customer's first hit only when the hit scores higher", () => {
    const first = firstHitsByCustomer([
      { customer: 6, pattern: '2547*123' },
      { customer: 8, pattern: '2547*123' },
      { customer: 6, pattern: '2547*999' },
      { customer: 4, pattern: '2547*555' },
    ]);
    const best = [link(4, 0.9), link(6, 0.7)];
    addPhoneLinks(best, 2, first, 0.8);
    // 4 keeps its learned 0.9; 6 takes its first hit; 8, not learned, is added.
    expect(best).toEqual([link(4, 0.9), link(6, 0.8, '2547*123'), link(8, 0.8, '2547*123')]);
    const learnedOnly = [link(4, 0.9), link(6, 0.7), link(7, 0.7)];
    addPhoneLinks(learnedOnly, 3, [], 0.8);
    expect(learnedOnly).toEqual([link(4, 0.9), link(6, 0.7), link(7, 0.7)]);
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

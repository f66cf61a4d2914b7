import { describe, expect, it } from 'vitest';
import { sortByAmount } from './amount-order.ts';
import { Random } from './testdata/random.ts';

const LIMIT = 2 ** 52;
const EDGES = [-LIMIT, LIMIT, 0, 1, -1, 2 ** 32, 2 ** 32 - 1, -(2 ** 32), 2 ** 48 + 3];

function comparatorOrder(amount: Float64Array, currency: Int32Array): number[] {
  return [...amount.keys()].sort((a, b) => currency[a]! - currency[b]! || amount[a]! - amount[b]! || a - b);
}

describe('sortByAmount', () => {
  it('orders by currency, amount and index like a comparator sort (500 random cases)', () => {
    const random = new Random(11);
    for (let round = 0; round < 500; round++) {
      const count = random.int(0, 300);
      const amount = new Float64Array(count);
      const currency = new Int32Array(count);
      const scale = [1000, 2 ** 20, 2 ** 40][round % 3]!;
      for (let i = 0; i < count; i++) {
        amount[i] = random.chance(0.1) ? EDGES[random.int(0, EDGES.length - 1)]! : random.int(-scale, scale);
        currency[i] = random.int(0, 3);
      }
      expect([...sortByAmount(amount, currency, count)]).toEqual(comparatorOrder(amount, currency));
    }
  });

  it('keeps index order when every amount is equal', () => {
    const amount = new Float64Array(5).fill(1500);
    expect([...sortByAmount(amount, new Int32Array(5), 5)]).toEqual([0, 1, 2, 3, 4]);
  });
});

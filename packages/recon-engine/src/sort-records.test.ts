import { describe, expect, it } from 'vitest';
import { compareRecords, sortRecords } from './sort-records.ts';

/** A small seeded generator (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('sortRecords', () => {
  it('gives the order of the plain (date, id) sort on shuffled, nearly sorted and spread out sides', () => {
    const next = random(42);
    for (let round = 0; round < 40; round++) {
      const count = [10, 1_500, 5_000][round % 3]!;
      const days = [1, 30, 400, 100_000][round % 4]!;
      const firstDay = Math.floor(next() * 40_000) - 20_000;
      let records = Array.from({ length: count }, (_, i) => ({
        id: `R${Math.floor(next() * 1e9)}-${i}`,
        date: firstDay + Math.floor(next() * days),
      }));
      if (round % 5 === 0) records = [...records].sort((a, b) => a.date - b.date);
      const expected = [...records].sort(compareRecords);
      expect(sortRecords(records)).toEqual(expected);
    }
  });
});

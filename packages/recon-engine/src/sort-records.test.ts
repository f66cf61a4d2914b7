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

  it('orders ids that share long prefixes, are prefixes of others, are short, or are not ASCII', () => {
    const next = random(7);
    const shapes = [
      (n: number) => `BNK-${n}`,
      (n: number) => `BNK-${n % 97}`.slice(0, 1 + (n % 8)),
      (n: number) => `INV-2026-${String(n).padStart(6, '0')}`,
      (n: number) => n.toString(36).toUpperCase(),
      (n: number) => `\u007f${n}`,
      (n: number) => `${'ABCDEFG'.slice(0, n % 8)}${n}`,
      (n: number) => `Ré${n}`,
      (n: number) => `ABCDEF${String.fromCharCode(200 + (n % 3))}${n}`,
    ];
    for (let round = 0; round < 24; round++) {
      const count = [1_500, 5_000][round % 2]!;
      const days = [1, 3, 30][round % 3]!;
      const seen = new Set<string>();
      const records: Array<{ id: string; date: number }> = [];
      while (records.length < count) {
        const n = Math.floor(next() * 20_000);
        // Mostly one shape, a few of the others (one non-ASCII id sends a side to the comparison sort).
        const shape = next() < 0.95 ? shapes[round % shapes.length]! : shapes[Math.floor(next() * 6)]!;
        const id = shape(n);
        if (seen.has(id)) continue;
        seen.add(id);
        records.push({ id, date: 100 + Math.floor(next() * days) });
      }
      const expected = [...records].sort(compareRecords);
      expect(sortRecords(records)).toEqual(expected);
    }
  });
});

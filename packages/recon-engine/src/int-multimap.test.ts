import { describe, expect, it } from 'vitest';
import { IntMultiMap } from './int-multimap.ts';
import { Random } from './testdata/random.ts';

describe('IntMultiMap', () => {
  it('keeps every value of every key, growing past its expected size', () => {
    const map = new IntMultiMap(4);
    const expected = new Map<number, number[]>();
    const random = new Random(1);
    for (let value = 0; value < 5_000; value++) {
      const key = random.chance(0.5) ? random.int(0, 50) : random.int(0, 2 ** 32 - 1);
      map.add(key, value);
      expected.set(key, [value, ...(expected.get(key) ?? [])]);
    }
    for (const [key, values] of expected) {
      const seen: number[] = [];
      map.forEach(key, (value) => seen.push(value));
      expect(seen).toEqual(values);
      expect(map.count(key)).toBe(values.length);
    }
    expect(map.count(123_456_789)).toBe(expected.get(123_456_789)?.length ?? 0);
  });

  it('does not repeat a value added twice in a row under one key', () => {
    const map = new IntMultiMap(8);
    map.add(7, 1);
    map.add(7, 1);
    map.add(7, 2);
    expect(map.count(7)).toBe(2);
  });
});

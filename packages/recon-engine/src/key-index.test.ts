import { describe, expect, it } from 'vitest';
import { KeyIndex } from './key-index.ts';

describe('KeyIndex', () => {
  it('groups positions by key in the order they were added, across growth', () => {
    const index = new KeyIndex();
    for (let position = 0; position < 3000; position++) {
      index.add(`K${position % 7}`, position);
      if (position % 1000 === 0) index.add('RARE', position);
    }
    index.finish();
    expect(index.size).toBe(8);
    expect([...index.get('RARE')!]).toEqual([0, 1000, 2000]);
    expect(index.count('K3')).toBe(429);
    expect(index.get('K3')![1]).toBe(10);
    expect(index.get('NONE')).toBeUndefined();
    expect(index.count('NONE')).toBe(0);
  });
});

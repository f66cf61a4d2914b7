import { describe, expect, it } from 'vitest';
import { timeOrderedIds } from './item-ids.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedIds', () => {
  it('makes distinct version 7 UUIDs in increasing order, across calls too', () => {
    const ids = [...timeOrderedIds(9000), ...timeOrderedIds(10)];
    expect(ids.filter((id) => !V7.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});

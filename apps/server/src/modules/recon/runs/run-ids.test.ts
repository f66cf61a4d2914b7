import { describe, expect, it } from 'vitest';
import { timeOrderedIds } from './run-ids.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('time-ordered group ids', () => {
  it('are UUIDv7 with the time in front, each sorting after the one before, across the counter bits', () => {
    const now = Date.UTC(2026, 10, 26, 17, 40);
    const next = timeOrderedIds(now);
    const ids = Array.from({ length: 70_000 }, () => next());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(ids[0]?.replace(/-/g, '').slice(0, 12)).toBe(now.toString(16).padStart(12, '0'));
    expect(ids[0]?.slice(14, 23)).toBe('7000-8000');
    // The counter's bits above the 16 of the last group carry into the variant group (65,536 → 8001).
    expect(ids[65_536]?.slice(14, 28)).toBe('7000-8001-0000');
    const sorted = [...ids].sort();
    expect(sorted).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a later run sorts after an earlier one; a time out of range is refused', () => {
    expect(timeOrderedIds(2_000)() > timeOrderedIds(1_999)()).toBe(true);
    expect(() => timeOrderedIds(-1)).toThrow(/-1 is not a 48-bit ms time/);
    expect(() => timeOrderedIds(2 ** 48)).toThrow(/not a 48-bit/);
  });
});

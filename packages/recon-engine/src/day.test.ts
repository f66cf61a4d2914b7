import { describe, expect, it } from 'vitest';
import { formatDay, parseDay } from './day.ts';

describe('dates of exports', () => {
  it('reads ISO, ISO with a time, dd/mm/yyyy and dd.mm.yyyy, and refuses impossible days', () => {
    expect(parseDay('2026-03-14')).toBe(20_526);
    expect(parseDay('2026-03-14 09:12:45')).toBe(20_526);
    expect(parseDay('2026-03-14T09:12:45Z')).toBe(20_526);
    expect(parseDay('14/03/2026')).toBe(20_526);
    expect(parseDay('14.03.2026')).toBe(20_526);
    expect(parseDay('14-03-2026 09:12')).toBe(20_526);
    expect(formatDay(20_526)).toBe('2026-03-14');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('31.04.2026')).toBeNull();
    expect(parseDay('14/03/26')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

describe('formatDateTime', () => {
  it('formats an ISO time as an en-US date and time', () => {
    expect(formatDateTime('2026-11-22T12:49:00')).toBe('Nov 22, 2026, 12:49 PM');
  });

  it('returns a text that is not a date unchanged', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});

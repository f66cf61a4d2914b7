import { describe, expect, it } from 'vitest';
import { RECONNECT_CAP_MS, reconnectDelay } from './reconnect-delay.ts';

describe('reconnectDelay', () => {
  it('doubles from one second, half of it random', () => {
    expect([1, 2, 3, 4].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('never waits more than the cap, even after thousands of attempts', () => {
    expect(reconnectDelay(6, () => 1)).toBe(RECONNECT_CAP_MS);
    expect(reconnectDelay(2000, () => 1)).toBe(RECONNECT_CAP_MS);
    expect(reconnectDelay(2000, () => 0)).toBe(RECONNECT_CAP_MS / 2);
  });
});

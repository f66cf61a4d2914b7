import { describe, expect, it } from 'vitest';
import { afterFailure, type LockoutSettings, type LockoutState } from './account-lockout.ts';

/** Keycloak's defaults but Max Login Failures 5 (ours). */
const settings: LockoutSettings = {
  maxFailures: 5,
  waitIncrementMs: 60_000,
  maxWaitMs: 900_000,
  failureResetMs: 12 * 3600_000,
  quickLoginCheckMs: 1000,
  minQuickLoginWaitMs: 60_000,
};

/** Fails `times` times, `gapMs` apart, from `start`; returns each wait (0 when not paused). */
function fail(times: number, gapMs: number, start: LockoutState | null = null, at = 1_000_000) {
  let state = start;
  const waits: number[] = [];
  for (let i = 0; i < times; i++, at += gapMs) {
    state = afterFailure(state, at, settings);
    waits.push(state.lockedUntil === null ? 0 : state.lockedUntil - at);
  }
  return { state, waits };
}

describe("afterFailure (Keycloak's temporary lockout)", () => {
  it('pauses once the failures reach the limit, longer with every further limit, up to Max Wait', () => {
    const { waits } = fail(80, 20 * 60_000);
    expect(waits.slice(0, 5)).toEqual([0, 0, 0, 0, 60_000]);
    expect(waits.slice(5, 10)).toEqual([60_000, 60_000, 60_000, 60_000, 120_000]);
    expect(waits[14]).toBe(180_000);
    expect(waits[79]).toBe(900_000);
  });

  it('pauses machine-speed guessing (failures within Quick Login Check) for Minimum Quick Login Wait', () => {
    expect(fail(2, 200).waits).toEqual([0, 60_000]);
    expect(fail(2, 1000).waits).toEqual([0, 0]);
  });

  it('starts the count again after Failure Reset Time without failures', () => {
    const { state } = fail(4, 5 * 60_000);
    const later = afterFailure(state, (state?.lastFailureAt ?? 0) + settings.failureResetMs + 1, settings);
    expect(later).toMatchObject({ failures: 1, lockedUntil: null });
  });
});

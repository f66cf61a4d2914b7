import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';
import { formatBadgeCount } from './constants.ts';

describe('spec §9 constants', () => {
  it('hold the spec numbers', () => {
    expect({ ...constants, formatBadgeCount: undefined }).toEqual({
      DEFAULT_PAGE_SIZE: 20,
      FIRST_PAGE: 1,
      TOAST_DURATION_MS: 5000,
      SNACKBAR_DURATION_MS: 20000,
      TOAST_Z_INDEX: 4000,
      SIDEBAR_SKELETON_MS: 1000,
      LOGOUT_DELAY_MS: 500,
      NOTIFICATION_BADGE_CAP: 99,
      SEARCH_DEBOUNCE_MS: 2000,
      TOKEN_CHECK_INTERVAL_MS: 10000,
      TOKEN_MIN_VALIDITY_S: 60,
      SOCKET_HEARTBEAT_MS: 10000,
      SOCKET_MAX_RECONNECTS: 2000,
      RETRY_ATTEMPTS: 5,
      RETRY_DELAY_MS: 1000,
      formatBadgeCount: undefined,
    });
  });
});

describe('formatBadgeCount', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [Number.NaN, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
  ])('shows %d as %j', (count, expected) => {
    expect(formatBadgeCount(count)).toBe(expected);
  });
});

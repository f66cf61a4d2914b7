/** Product numbers from spec §9. */
export const DEFAULT_PAGE_SIZE = 20;
export const FIRST_PAGE = 1;
export const TOAST_DURATION_MS = 5000;
export const SNACKBAR_DURATION_MS = 20000;
export const TOAST_Z_INDEX = 4000;
export const SIDEBAR_SKELETON_MS = 1000;
export const LOGOUT_DELAY_MS = 500;
export const NOTIFICATION_BADGE_CAP = 99;
export const SEARCH_DEBOUNCE_MS = 2000;
export const TOKEN_CHECK_INTERVAL_MS = 10000;
export const TOKEN_MIN_VALIDITY_S = 60;
export const SOCKET_HEARTBEAT_MS = 10000;
export const SOCKET_MAX_RECONNECTS = 2000;
export const RETRY_ATTEMPTS = 5;
export const RETRY_DELAY_MS = 1000;

/** Notification badge text: '' for 0 (or less, or not a number), '99+' above 99, otherwise the count. */
export function formatBadgeCount(n: number): string {
  if (!(n >= 1)) return '';
  const count = Math.floor(n);
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

/** First wait before reconnecting, and the most it grows to. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_CAP_MS = 30_000;

/**
 * Wait before reconnect attempt `attempt` (1, 2, …): exponential from 1 s, capped at 30 s, with "equal
 * jitter" (half fixed, half random) so tabs dropped together by a restart do not come back together.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const ceiling = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** exponent);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

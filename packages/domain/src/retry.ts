/**
 * Retry helper (spec §8/§9): tries up to 5 times, 1000 ms apart, then fails with
 * 'Maximum retry attempts reached' (the last error kept as `cause`).
 */
import { RETRY_ATTEMPTS, RETRY_DELAY_MS } from './constants.ts';

export const MAX_RETRY_MESSAGE = 'Maximum retry attempts reached';

export interface RetryOptions {
  /** Total tries, at least 1. Default 5. */
  attempts?: number;
  /** Pause between tries. Default 1000 ms. */
  delayMs?: number;
  /** Injected in tests; defaults to a setTimeout-based pause. */
  sleep?: (ms: number) => Promise<void>;
}

type SetTimeout = (callback: () => void, ms: number) => unknown;

function sleepWithTimer(ms: number): Promise<void> {
  // setTimeout is not part of the ES lib this package is typed against; every runtime we target has it.
  const setTimer = (globalThis as unknown as { setTimeout: SetTimeout }).setTimeout;
  return new Promise((resolve) => {
    setTimer(resolve, ms);
  });
}

export async function retry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, Math.floor(options.attempts ?? RETRY_ATTEMPTS));
  const delayMs = options.delayMs ?? RETRY_DELAY_MS;
  const sleep = options.sleep ?? sleepWithTimer;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
      if (attempt < attempts) await sleep(delayMs);
    }
  }
  throw new Error(MAX_RETRY_MESSAGE, { cause: lastError });
}

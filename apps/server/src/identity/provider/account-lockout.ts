import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { signInLockouts } from '../../db/schema.ts';

/**
 * Brute-force detection per account, as Keycloak's temporary lockout does it (Server
 * Administration Guide, "Brute force attacks" → temporary lockout algorithm):
 * - a success resets the count;
 * - a failure more than Failure Reset Time after the previous one starts the count again;
 * - each failure adds one; the wait is Wait Increment × ⌊count ÷ Max Login Failures⌋;
 * - when that wait is 0 but this failure came within Quick Login Check of the previous one, the
 *   wait is Minimum Quick Login Wait (machine-speed guessing);
 * - the account is paused for the smaller of that wait and Max Wait; failures while paused are not
 *   counted (they are refused before the password is checked).
 * So a lock is a short pause that grows while the guessing goes on, never a lock-out an attacker
 * can keep a person behind for long: Max Wait bounds it and the right password works once it ends.
 * Accounts are keyed by the e-mail typed, known or not, so the pause does not tell which exist.
 */
export interface LockoutSettings {
  maxFailures: number;
  waitIncrementMs: number;
  maxWaitMs: number;
  failureResetMs: number;
  quickLoginCheckMs: number;
  minQuickLoginWaitMs: number;
}

export interface LockoutState {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number | null;
}

export function lockoutSettings(config: Pick<Config, 'loginMaxFailures' | 'bruteForce'>): LockoutSettings {
  const { waitIncrementMs, maxWaitMs, failureResetMs, quickLoginCheckMs, minQuickLoginWaitMs } =
    config.bruteForce;
  return {
    maxFailures: config.loginMaxFailures,
    waitIncrementMs,
    maxWaitMs,
    failureResetMs,
    quickLoginCheckMs,
    minQuickLoginWaitMs,
  };
}

/** The state after one more failure at `now` (Keycloak's algorithm, above). */
export function afterFailure(
  previous: LockoutState | null,
  now: number,
  settings: LockoutSettings,
): LockoutState {
  const sinceLast = previous ? now - previous.lastFailureAt : Number.POSITIVE_INFINITY;
  const failures = (previous && sinceLast <= settings.failureResetMs ? previous.failures : 0) + 1;
  let wait = settings.waitIncrementMs * Math.floor(failures / settings.maxFailures);
  if (wait === 0 && sinceLast < settings.quickLoginCheckMs) wait = settings.minQuickLoginWaitMs;
  wait = Math.min(wait, settings.maxWaitMs);
  return { failures, lastFailureAt: now, lockedUntil: wait > 0 ? now + wait : null };
}

export interface AccountLockout {
  /** Milliseconds until the account may try again; null when it may try now. */
  lockedFor(email: string): Promise<number | null>;
  recordFailure(email: string): Promise<void>;
  /** A correct password (or a reset through the e-mailed link): the count starts again. */
  reset(email: string): Promise<void>;
}

const keyOf = (email: string) => email.trim().toLowerCase();

/** The account lockout in the `sign_in_lockouts` table, shared by every server process. */
export function createAccountLockout(
  db: Db,
  settings: LockoutSettings,
  now: () => number = Date.now,
): AccountLockout {
  return {
    async lockedFor(email) {
      const [row] = await db
        .select({ lockedUntil: signInLockouts.lockedUntil })
        .from(signInLockouts)
        .where(eq(signInLockouts.email, keyOf(email)));
      const left = row?.lockedUntil ? row.lockedUntil.getTime() - now() : 0;
      return left > 0 ? left : null;
    },
    async recordFailure(email) {
      const key = keyOf(email);
      await db.transaction(async (tx) => {
        // One row per e-mail, locked while it changes: concurrent failures all count.
        await tx
          .insert(signInLockouts)
          .values({ email: key, failures: 0, lastFailureAt: new Date(0) })
          .onConflictDoNothing();
        const [row] = await tx
          .select()
          .from(signInLockouts)
          .where(eq(signInLockouts.email, key))
          .for('update');
        const previous = row?.failures
          ? {
              failures: row.failures,
              lastFailureAt: row.lastFailureAt.getTime(),
              lockedUntil: row.lockedUntil?.getTime() ?? null,
            }
          : null;
        const next = afterFailure(previous, now(), settings);
        await tx
          .update(signInLockouts)
          .set({
            failures: next.failures,
            lastFailureAt: new Date(next.lastFailureAt),
            lockedUntil: next.lockedUntil === null ? null : new Date(next.lockedUntil),
          })
          .where(eq(signInLockouts.email, key));
      });
    },
    async reset(email) {
      await db.delete(signInLockouts).where(eq(signInLockouts.email, keyOf(email)));
    },
  };
}

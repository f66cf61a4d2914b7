import type { Database } from '../../db/database.ts';

/** Failures count within a fixed window that opens at the first failure. */
const WINDOW = "interval '15 minutes'";

export interface LoginThrottle {
  /** Minutes left before a locked key may try again (the longest of them); null when none is locked. */
  lockedFor(keys: string[]): Promise<number | null>;
  recordFailure(keys: string[]): Promise<void>;
  reset(keys: string[]): Promise<void>;
}

/** The key a sign-in failure counts against for the client's address (accounts: account-lockout.ts). */
export function addressKey(address: string): string {
  return `ip:${address}`;
}

/**
 * Fixed-window rate limiting in the `login_failures` table (shared by every server process): after
 * `maxFailures` failures within 15 minutes a key is locked until its window ends. Used for the
 * sign-in failures of a client address and for the public onboarding routes (public-throttle.ts).
 */
export function createLoginThrottle(database: Database, maxFailures: number): LoginThrottle {
  return {
    async lockedFor(keys) {
      const { rows } = await database.query<{ seconds: number | string }>(
        `select extract(epoch from (window_start + ${WINDOW} - now())) as seconds
           from login_failures
          where key = any($1::text[]) and count >= $2 and window_start + ${WINDOW} > now()`,
        [keys, maxFailures],
      );
      if (rows.length === 0) return null;
      const seconds = Math.max(...rows.map((row) => Number(row.seconds)));
      return Math.max(1, Math.ceil(seconds / 60));
    },
    async recordFailure(keys) {
      for (const key of keys) {
        await database.query(
          `insert into login_failures (key, count, window_start) values ($1, 1, now())
           on conflict (key) do update set
             count = case when login_failures.window_start + ${WINDOW} <= now() then 1
                          else login_failures.count + 1 end,
             window_start = case when login_failures.window_start + ${WINDOW} <= now() then now()
                                 else login_failures.window_start end`,
          [key],
        );
      }
    },
    async reset(keys) {
      await database.query('delete from login_failures where key = any($1::text[])', [keys]);
    },
  };
}

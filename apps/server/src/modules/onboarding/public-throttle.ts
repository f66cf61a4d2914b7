import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { createLoginThrottle } from '../../identity/provider/login-throttle.ts';

/** Attempts per client address (and per e-mail when given) within 15 minutes, per public action. */
export const PUBLIC_ATTEMPTS = 20;

export type PublicAction = 'signup' | 'forgot-password' | 'reset-password' | 'invite';

export interface PublicThrottle {
  /** Counts one attempt; 429 when the address (or the e-mail) has used up its attempts. */
  check(request: FastifyRequest, action: PublicAction, email?: string): Promise<void>;
}

/**
 * Rate limiting of the public onboarding routes, in the sign-in throttle's `login_failures` table
 * (shared by every server process) under keys of their own (`signup:ip:…`, `forgot-password:email:…`):
 * every attempt counts, successful or not.
 */
export function createPublicThrottle(database: Database, attempts = PUBLIC_ATTEMPTS): PublicThrottle {
  const throttle = createLoginThrottle(database, attempts);
  return {
    async check(request, action, email) {
      const keys = [`${action}:ip:${request.ip}`];
      if (email) keys.push(`${action}:email:${email.trim().toLowerCase()}`);
      const minutes = await throttle.lockedFor(keys);
      if (minutes !== null) {
        throw new AppError(
          429,
          `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      await throttle.recordFailure(keys);
    },
  };
}

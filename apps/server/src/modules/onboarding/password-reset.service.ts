import { RESET_LINK_INVALID } from '@counterpart/contracts';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { oidcPayloads, passwordResets, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { findUserByEmail } from '../../identity/users.ts';
import { type MailDeps, sendMail } from '../mail/mail.service.ts';
import { createLinkToken, hashLinkToken } from './link-tokens.ts';
import { resetEmail } from './onboarding-emails.ts';

export type ResetDeps = MailDeps & { config: Pick<Config, 'mail' | 'publicUrl' | 'resetTtlSeconds'> };

/**
 * Forgot password, step 1: the account of `email`, if any. Looked up before answering, and the same
 * for every e-mail, so the answer's timing does not tell whether an account exists.
 */
export async function findResettableUser(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  return user ? { id: user.id, email: user.email } : null;
}

/** Forgot password, step 2 (after answering): a single-use, expiring link e-mailed to the account. */
export async function sendResetLink(deps: ResetDeps, user: { id: string; email: string }): Promise<void> {
  const { token, hash } = createLinkToken();
  const expiresAt = new Date(Date.now() + deps.config.resetTtlSeconds * 1000);
  await deps.db.insert(passwordResets).values({ tokenHash: hash, userId: user.id, expiresAt });
  const link = `${deps.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  await sendMail(deps, resetEmail({ to: user.email, link, ttlSeconds: deps.config.resetTtlSeconds }));
}

/** What the built-in provider keeps of a user's sign-ins: ended on a password reset. */
const SIGN_IN_MODELS = ['Session', 'Grant', 'RefreshToken', 'AuthorizationCode'];

/**
 * Sets a new password from a reset link: the link is used up at once (a conditional update, so two
 * concurrent uses cannot both win), must not be expired, and every other link of the user dies with
 * it, as do the user's sign-in sessions and refresh tokens (whoever knew the old password is out).
 * 400 with one message for unknown, used or expired links.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
): Promise<{ userId: string; email: string }> {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashLinkToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) throw new AppError(400, RESET_LINK_INVALID);
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email });
    await tx
      .delete(oidcPayloads)
      .where(
        and(
          inArray(oidcPayloads.model, SIGN_IN_MODELS),
          sql`${oidcPayloads.payload}->>'accountId' = ${used.userId}`,
        ),
      );
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
    return { userId: used.userId, email: user?.email ?? '' };
  });
}

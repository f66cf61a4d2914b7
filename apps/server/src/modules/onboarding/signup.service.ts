import type { Signup } from '@counterpart/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { groupMembers, memberships, organizations, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { createDefaultGroups } from '../../identity/seed.ts';
import { findUserByEmail } from '../../identity/users.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type MailDeps, sendMail } from '../mail/mail.service.ts';
import { signupNoticeEmail } from './onboarding-emails.ts';

/** What sign-up did: a new organization, or nothing because the e-mail already has an account. */
export type SignupOutcome =
  | { created: true; organizationId: string }
  | { created: false; existing: { id: string; email: string } };

/**
 * Signs a company up: its first user, the organization with the default groups (Administrators,
 * Reconcilers, Viewers) and that user in Administrators, all or nothing. When the e-mail already
 * has an account nothing is created (the caller answers the same and e-mails that account); the
 * password is hashed either way, so both take as long.
 */
export async function signUp(db: Db, productKey: string, input: Signup): Promise<SignupOutcome> {
  const email = input.email.toLowerCase();
  const [found, passwordHash] = await Promise.all([findUserByEmail(db, email), hashPassword(input.password)]);
  if (found) return { created: false, existing: { id: found.id, email: found.email } };
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, username: email, fullName: input.full_name, passwordHash })
        .returning();
      const [org] = await tx.insert(organizations).values({ name: input.organization_name }).returning();
      if (!user || !org) throw new Error('Sign-up returned no rows');
      const groups = await createDefaultGroups(tx, org.id, productKey);
      await tx.insert(memberships).values({ organizationId: org.id, userId: user.id });
      await tx.insert(groupMembers).values({ groupId: groups.Administrators, userId: user.id });
      await recordAudit(tx, {
        organizationId: org.id,
        actor: { userId: user.id, email },
        action: 'organization.created',
        targetType: 'organization',
        targetId: org.id,
        details: { name: org.name, via: 'signup' },
      });
      return { created: true as const, organizationId: org.id };
    });
  } catch (error) {
    // Another sign-up (or an invite) took the e-mail meanwhile: that account is the existing one.
    const raced = isUniqueViolation(error) ? await findUserByEmail(db, email) : null;
    if (raced) return { created: false, existing: { id: raced.id, email: raced.email } };
    throw error;
  }
}

/** After answering a sign-up with a taken e-mail: tell that account's owner, who may have forgotten it. */
export async function sendSignupNotice(
  deps: MailDeps & { config: Pick<Config, 'mail' | 'publicUrl'> },
  account: { email: string },
): Promise<void> {
  await sendMail(deps, signupNoticeEmail({ to: account.email, publicUrl: deps.config.publicUrl }));
}

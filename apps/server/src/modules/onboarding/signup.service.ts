import { SIGNUP_EMAIL_TAKEN, type Signup } from '@counterpart/contracts';
import type { Db } from '../../db/database.ts';
import { groupMembers, memberships, organizations, users } from '../../db/schema.ts';
import { createDefaultGroups } from '../../db/seed.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserByEmail } from '../organizations/organizations.service.ts';

/** Postgres' unique_violation: two sign-ups (or an invite) raced for the same e-mail. */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Signs a company up: its first user, the organization with the default groups (Administrators,
 * Reconcilers, Viewers) and that user in Administrators, all or nothing. 409 when the e-mail
 * already has an account.
 */
export async function signUp(db: Db, productKey: string, input: Signup): Promise<{ organizationId: string }> {
  const email = input.email.toLowerCase();
  if (await findUserByEmail(db, email)) throw new AppError(409, SIGNUP_EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, username: email, fullName: input.full_name, passwordHash })
        .returning();
      const [org] = await tx.insert(organizations).values({ name: input.organization_name }).returning();
      if (!user || !org) throw new Error('Sign-up returned no rows');
      const groups = await createDefaultGroups(tx as unknown as Db, org.id, productKey);
      await tx.insert(memberships).values({ organizationId: org.id, userId: user.id });
      await tx.insert(groupMembers).values({ groupId: groups.Administrators, userId: user.id });
      await recordAudit(tx as unknown as Db, {
        organizationId: org.id,
        actor: { userId: user.id, email },
        action: 'organization.created',
        targetType: 'organization',
        targetId: org.id,
        details: { name: org.name, via: 'signup' },
      });
      return { organizationId: org.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, SIGNUP_EMAIL_TAKEN);
    throw error;
  }
}

import { INVITE_INVALID, type InviteAccepted, type InviteDescription } from '@counterpart/contracts';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { groupMembers, groups, invites, memberships, organizations, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError, notFound } from '../../errors.ts';
import { findUserByEmail } from '../../identity/users.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { hashLinkToken } from './link-tokens.ts';

/** Who accepts: the signed-in owner of the invited e-mail, or a new account for it. */
export type Acceptor = { userId: string } | { fullName: string; passwordHash: string };

/** The pending invite of a link token with its organization's name; 404 (one message) otherwise. */
export async function findPendingInvite(db: Db, token: string) {
  const now = new Date();
  const [row] = await db
    .select({ invite: invites, organizationName: organizations.name })
    .from(invites)
    .innerJoin(organizations, eq(organizations.id, invites.organizationId))
    .where(
      and(
        eq(invites.tokenHash, hashLinkToken(token)),
        isNull(invites.acceptedAt),
        isNull(invites.revokedAt),
        gt(invites.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) throw notFound(INVITE_INVALID);
  return row;
}

/** What the accept page shows before asking anything: where to, for whom, sign in or choose a password. */
export async function describeInvite(db: Db, token: string): Promise<InviteDescription> {
  const { invite, organizationName } = await findPendingInvite(db, token);
  const account = await findUserByEmail(db, invite.email);
  return { organization_name: organizationName, email: invite.email, account_exists: account !== null };
}

/**
 * Accepts an invite: uses it up with a conditional update first (of two concurrent accepts, one
 * wins; the other finds it used: 404), creates the account when new, then adds the membership and
 * the invite's groups that still exist in its organization. All or nothing, audited.
 */
export async function acceptInvite(db: Db, token: string, acceptor: Acceptor): Promise<InviteAccepted> {
  const now = new Date();
  try {
    return await db.transaction(async (tx) => {
      const [invite] = await tx
        .update(invites)
        .set({ acceptedAt: now })
        .where(
          and(
            eq(invites.tokenHash, hashLinkToken(token)),
            isNull(invites.acceptedAt),
            isNull(invites.revokedAt),
            gt(invites.expiresAt, now),
          ),
        )
        .returning();
      if (!invite) throw notFound(INVITE_INVALID);
      const userId = 'userId' in acceptor ? acceptor.userId : await createAccount(tx, invite.email, acceptor);
      await tx
        .insert(memberships)
        .values({ organizationId: invite.organizationId, userId })
        .onConflictDoNothing();
      const joined = invite.groupIds.length
        ? await tx
            .select({ id: groups.id, name: groups.name })
            .from(groups)
            .where(and(eq(groups.organizationId, invite.organizationId), inArray(groups.id, invite.groupIds)))
        : [];
      if (joined.length > 0) {
        await tx
          .insert(groupMembers)
          .values(joined.map((g) => ({ groupId: g.id, userId })))
          .onConflictDoNothing();
      }
      await recordAudit(tx, {
        organizationId: invite.organizationId,
        actor: { userId, email: invite.email },
        action: 'invite.accepted',
        targetType: 'invite',
        targetId: invite.id,
        details: {
          email: invite.email,
          groups: joined.map((g) => g.name),
          new_account: !('userId' in acceptor),
        },
      });
      return { organization_id: invite.organizationId, email: invite.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        409,
        'An account with this e-mail already exists. Sign in to accept the invitation.',
      );
    }
    throw error;
  }
}

async function createAccount(db: Db, email: string, acceptor: { fullName: string; passwordHash: string }) {
  const [user] = await db
    .insert(users)
    .values({ email, username: email, fullName: acceptor.fullName, passwordHash: acceptor.passwordHash })
    .returning({ id: users.id });
  if (!user) throw new Error('Could not create the account');
  return user.id;
}

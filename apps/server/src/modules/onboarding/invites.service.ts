import type { CreateInvite, InviteCreated, PendingInvitesPage } from '@counterpart/contracts';
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { groups, invites, memberships, organizations, users } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { findUserById } from '../../identity/users.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { type MailDeps, sendMail } from '../mail/mail.service.ts';
import { createLinkToken } from './link-tokens.ts';
import { inviteEmail } from './onboarding-emails.ts';

export type InviteDeps = MailDeps & { config: Pick<Config, 'mail' | 'publicUrl' | 'inviteTtlSeconds'> };

/** The signed-in user as the audit log names them. */
export async function actorOf(db: Db, userId: string): Promise<AuditActor & { name: string }> {
  const user = await findUserById(db, userId);
  return { userId, email: user?.email ?? 'unknown', name: user?.fullName || user?.email || 'A colleague' };
}

/** A pending invite: neither accepted nor revoked, and not expired. */
function pending(now: Date) {
  return and(isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now));
}

/** The organization's groups among `ids`; 400 when any is not one of them (another organization's or none). */
async function ownGroups(db: Db, organizationId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.organizationId, organizationId), inArray(groups.id, unique)));
  if (found.length !== unique.length) {
    throw badRequest('Choose groups of this organization', { group_ids: 'Unknown group' });
  }
  return found;
}

/**
 * Invites an e-mail into groups of the caller's organization: a single-use link that expires
 * (INVITE_TTL_SECONDS), bound to that e-mail, sent by mail. A newer invite to the same e-mail
 * replaces the pending one. 409 when the e-mail is already a member.
 */
export async function createInvite(
  deps: InviteDeps,
  caller: { organizationId: string; userId: string },
  input: CreateInvite,
): Promise<InviteCreated> {
  const { db, config } = deps;
  const email = input.email.toLowerCase();
  const chosen = await ownGroups(db, caller.organizationId, input.group_ids);
  const [member] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, caller.organizationId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  if (member) throw new AppError(409, 'This person is already a member of this organization.');
  const [org] = await db.select().from(organizations).where(eq(organizations.id, caller.organizationId));
  if (!org) throw notFound('Organization not found');
  const actor = await actorOf(db, caller.userId);
  const { token, hash } = createLinkToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + config.inviteTtlSeconds * 1000);
  const invite = await db.transaction(async (tx) => {
    await tx
      .update(invites)
      .set({ revokedAt: now })
      .where(and(eq(invites.organizationId, org.id), sql`lower(${invites.email}) = ${email}`, pending(now)));
    const [row] = await tx
      .insert(invites)
      .values({
        organizationId: org.id,
        email,
        groupIds: chosen.map((g) => g.id),
        tokenHash: hash,
        invitedBy: caller.userId,
        expiresAt,
      })
      .returning();
    if (!row) throw new Error('Could not create the invite');
    await recordAudit(tx, {
      organizationId: org.id,
      actor,
      action: 'invite.created',
      targetType: 'invite',
      targetId: row.id,
      details: { email, groups: chosen.map((g) => g.name) },
    });
    return row;
  });
  const link = `${config.publicUrl}/auth/accept-invite?token=${encodeURIComponent(token)}`;
  await sendMail(
    deps,
    inviteEmail({
      organizationId: org.id,
      organizationName: org.name,
      to: email,
      inviterName: actor.name,
      link,
      ttlSeconds: config.inviteTtlSeconds,
    }),
  );
  return { id: invite.id, email, expires_at: invite.expiresAt.toISOString() };
}

/** The organization's pending invites, newest first, with their groups' names. */
export async function listPendingInvites(
  db: Db,
  organizationId: string,
  page: { pageNo: number; pageSize: number },
): Promise<PendingInvitesPage> {
  const where = and(eq(invites.organizationId, organizationId), pending(new Date()));
  const [rows, [total], orgGroups] = await Promise.all([
    db
      .select({ invite: invites, invitedBy: users.email })
      .from(invites)
      .leftJoin(users, eq(users.id, invites.invitedBy))
      .where(where)
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db.select({ n: count() }).from(invites).where(where),
    db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(eq(groups.organizationId, organizationId)),
  ]);
  const names = new Map(orgGroups.map((g) => [g.id, g.name]));
  return {
    data: rows.map(({ invite, invitedBy }) => ({
      id: invite.id,
      email: invite.email,
      groups: invite.groupIds.flatMap((id) => {
        const name = names.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
      invited_by: invitedBy,
      created_at: invite.createdAt.toISOString(),
      expires_at: invite.expiresAt.toISOString(),
    })),
    page_no: page.pageNo,
    page_size: page.pageSize,
    total: Number(total?.n ?? 0),
  };
}

/** Revokes a pending invite of the caller's organization; 404 for any other (used, revoked, foreign). */
export async function revokeInvite(
  db: Db,
  caller: { organizationId: string; userId: string },
  inviteId: string,
): Promise<void> {
  const actor = await actorOf(db, caller.userId);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(invites)
      .set({ revokedAt: now })
      .where(and(eq(invites.id, inviteId), eq(invites.organizationId, caller.organizationId), pending(now)))
      .returning();
    if (!revoked) throw notFound('No pending invite with this id in this organization');
    await recordAudit(tx, {
      organizationId: caller.organizationId,
      actor,
      action: 'invite.revoked',
      targetType: 'invite',
      targetId: revoked.id,
      details: { email: revoked.email },
    });
  });
}

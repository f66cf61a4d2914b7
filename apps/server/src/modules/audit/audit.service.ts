import type { AuditPageView } from '@counterpart/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { auditLog } from '../../db/schema.ts';

/** Who made a change: the signed-in user (id may be null for an account since deleted). */
export interface AuditActor {
  userId: string | null;
  email: string;
}

export interface AuditEntry {
  organizationId: string;
  actor: AuditActor;
  /** What happened, dotted and past tense: `group.created`, `group_roles.granted`, `invite.accepted`… */
  action: string;
  /** What it happened to: `group`, `user`, `invite`, `organization`… */
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Writes one audit log row. Pass the transaction (a `Db` too) when the change runs in one, so the
 * row is written only if the change is.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    organizationId: entry.organizationId,
    actorUserId: entry.actor.userId,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
  });
}

/** One page of an organization's audit log, newest first (page_no starts at 1). */
export async function listAudit(
  db: Db,
  organizationId: string,
  page: { pageNo: number; pageSize: number },
): Promise<AuditPageView> {
  const where = eq(auditLog.organizationId, organizationId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      actor_user_id: row.actorUserId,
      actor_email: row.actorEmail,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      details: row.details,
      created_at: row.createdAt.toISOString(),
    })),
    page_no: page.pageNo,
    page_size: page.pageSize,
    total: Number(total?.n ?? 0),
  };
}

import { randomUUID } from 'node:crypto';
import { ORGANIZATION_ADMIN } from '@counterpart/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { groupMembers, groupRoles, groups, memberships, organizations } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { EventBus } from '../../realtime/realtime-event.ts';
import { type AuditActor, type AuditEntry, recordAudit } from '../audit/audit.service.ts';

/** Who changes which organization's team, and where the change is told. */
export interface TeamScope {
  db: Db;
  bus: EventBus;
  organizationId: string;
  actor: AuditActor;
  productKey: string;
}

/** What one change did: its audit entry (organization and actor filled in) and whose permissions moved. */
export interface TeamChangeOutcome<T> {
  result: T;
  /** Null when nothing changed (nothing is written). */
  audit: Omit<AuditEntry, 'organizationId' | 'actor'> | null;
  /** Users whose permissions changed: each gets the 'permissions' realtime message. */
  affectedUserIds: string[];
}

export const PERMISSIONS_CHANGED = 'Your permissions have changed';

/**
 * Runs one team change in a transaction, the single place where the last-admin rule is enforced:
 * the organization row is locked (changes of one organization run one at a time), and when the
 * organization had an organization-admin member before the change but has none after it, the
 * change is rolled back with 409. Then the audit row is written in the same transaction, and after
 * commit every affected user is told on the bus.
 */
export async function runTeamChange<T>(
  scope: TeamScope,
  change: (tx: Db) => Promise<TeamChangeOutcome<T>>,
): Promise<T> {
  const outcome = await scope.db.transaction(async (tx) => {
    await tx.execute(sql`select ${organizations.id} from ${organizations}
      where ${organizations.id} = ${scope.organizationId} for update`);
    const adminsBefore = await countAdmins(tx, scope.organizationId);
    const done = await change(tx);
    if (adminsBefore > 0 && (await countAdmins(tx, scope.organizationId)) === 0) {
      throw new AppError(
        409,
        'The organization must keep at least one organization admin: make someone else an admin first',
      );
    }
    if (done.audit) {
      await recordAudit(tx, { organizationId: scope.organizationId, actor: scope.actor, ...done.audit });
    }
    return done;
  });
  await publishPermissionsChanged(scope.bus, scope.organizationId, outcome.affectedUserIds);
  return outcome.result;
}

/** Members of the organization holding organization-admin through one of its groups. */
export async function countAdmins(db: Db, organizationId: string): Promise<number> {
  const result = (await db.execute(sql`
    select count(distinct gm.user_id)::int as n
    from ${groupMembers} gm
    join ${groups} g on g.id = gm.group_id
    join ${groupRoles} gr on gr.group_id = g.id
    join ${memberships} m on m.user_id = gm.user_id and m.organization_id = g.organization_id
    where g.organization_id = ${organizationId}
      and gr.client = 'management' and gr.role = ${ORGANIZATION_ADMIN}`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** Sends each user (once) the message on which the web app shows "Your Permissions Have Changed". */
export async function publishPermissionsChanged(
  bus: EventBus,
  organizationId: string,
  userIds: string[],
): Promise<void> {
  for (const userId of new Set(userIds)) {
    await bus.publish({
      organizationId,
      userId,
      message: {
        id: randomUUID(),
        source: 'permissions',
        info: { status: 'changed', message: PERMISSIONS_CHANGED },
      },
    });
  }
}

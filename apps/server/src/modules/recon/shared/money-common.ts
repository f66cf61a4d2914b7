import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { reconAudit, users } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import type { ReconScope } from './recon-scope.ts';

/** Absolute value of a bigint. */
export const abs = (value: bigint): bigint => (value < 0n ? -value : value);

/** Minor units as the wire's string. */
export const minor = (value: bigint): string => value.toString();

/** The e-mails of the given user ids (for `created_by_email`). */
export async function emailsOf(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** The decision audit action that leaves a change in each state (approved leaves it active). */
const DECISION_OF_STATE: Record<string, string> = {
  active: 'approved',
  rejected: 'rejected',
  reversed: 'reversed',
};

/**
 * The reasons given when changes were approved, rejected or reversed (their decision audit entries'
 * reason, the latest one for the state each is in now), by id. Looked up among the audit entries of
 * `groupIds` (an indexed column), so a decision recorded without its group is not found; an empty
 * reason is left out too.
 */
export async function decisionReasons(
  db: Db,
  organizationId: string,
  what: 'adjustment' | 'allocation',
  rows: ReadonlyArray<{ id: string; state: string; decidedAt: Date | null }>,
  groupIds: ReadonlyArray<string | null>,
): Promise<Map<string, string>> {
  const stateOf = new Map(rows.filter((row) => row.decidedAt).map((row) => [row.id, row.state]));
  const groups = [...new Set(groupIds.filter((id): id is string => Boolean(id)))];
  const reasons = new Map<string, string>();
  if (stateOf.size === 0 || groups.length === 0) return reasons;
  const entries = await db
    .select({ targetId: reconAudit.targetId, action: reconAudit.action, reason: reconAudit.reason })
    .from(reconAudit)
    .where(
      and(
        eq(reconAudit.organizationId, organizationId),
        inArray(reconAudit.groupId, groups),
        inArray(reconAudit.targetId, [...stateOf.keys()]),
        inArray(
          reconAudit.action,
          Object.values(DECISION_OF_STATE).map((decision) => `${what}.${decision}`),
        ),
      ),
    )
    .orderBy(asc(reconAudit.createdAt), asc(reconAudit.id));
  for (const entry of entries) {
    const state = entry.targetId ? stateOf.get(entry.targetId) : undefined;
    if (!entry.targetId || !state || entry.action !== `${what}.${DECISION_OF_STATE[state]}`) continue;
    if (entry.reason.trim()) reasons.set(entry.targetId, entry.reason);
    else reasons.delete(entry.targetId);
  }
  return reasons;
}

/** A money change (adjustment, allocation) as its checks read it. */
interface MoneyChange {
  id: string;
  state: string;
  createdBy: string | null;
}

/** Refuses (409) to reverse a change that is not active. */
export function refuseUnlessActive(what: 'adjustment' | 'allocation', row: MoneyChange): void {
  if (row.state !== 'active') {
    throw new AppError(
      409,
      `Only an active ${what} can be reversed; this one is ${row.state.replace('_', ' ')}`,
    );
  }
}

/**
 * Refuses to approve or reject a change that is not waiting for approval (409), or that the caller
 * asked for (403, maker-checker). Its creating audit action is `<what>.created`.
 */
export async function refuseUndecidable(
  db: Db,
  scope: ReconScope,
  what: 'adjustment' | 'allocation',
  row: MoneyChange,
): Promise<void> {
  if (row.state !== 'pending_approval') {
    throw new AppError(
      409,
      `This ${what} is not waiting for approval (it is ${row.state.replace('_', ' ')})`,
    );
  }
  await refuseOwnRequest(db, scope, what, row, `${what}.created`);
}

/**
 * The maker-checker rule: whoever asked for a change cannot approve or reject it. The maker is the
 * row's `created_by`; with a company Keycloak (no user rows) the e-mail of the creating audit entry.
 */
async function refuseOwnRequest(
  db: Db,
  scope: ReconScope,
  what: string,
  row: { id: string; createdBy: string | null },
  createdAction: string,
): Promise<void> {
  if (row.createdBy && scope.actor.userId) {
    if (row.createdBy === scope.actor.userId) throw ownRequest(what);
    return;
  }
  const [created] = await db
    .select({ email: reconAudit.actorEmail })
    .from(reconAudit)
    .where(
      and(
        eq(reconAudit.organizationId, scope.organizationId),
        eq(reconAudit.targetId, row.id),
        eq(reconAudit.action, createdAction),
      ),
    )
    .limit(1);
  if (created && created.email.toLowerCase() === scope.actor.email.toLowerCase()) throw ownRequest(what);
}

function ownRequest(what: string): AppError {
  return new AppError(
    403,
    `You asked for this ${what}: another person must approve or reject it (maker-checker)`,
  );
}

/** Runs `work` in a transaction of scope.db, handing it a scope bound to that transaction. */
export async function inTransaction<T>(
  scope: ReconScope,
  work: (tx: Db, txScope: ReconScope) => Promise<T>,
): Promise<T> {
  return scope.db.transaction(async (db) => {
    return work(db, { ...scope, db });
  });
}

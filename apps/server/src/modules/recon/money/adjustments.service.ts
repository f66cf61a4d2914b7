import type { Adjustment, AdjustmentInput, adjustmentsQuerySchema } from '@counterpart/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { reconAdjustments, reconGroups } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { type ListPage, listPage, pageOffset } from '../shared/list-page.ts';
import {
  abs,
  decisionReasons,
  emailsOf,
  inTransaction,
  minor,
  refuseUndecidable,
  refuseUnlessActive,
} from '../shared/money-common.ts';
import { lockOrganizationRow } from '../shared/organization-rows.ts';
import { recordReconAudit } from '../shared/recon-audit.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import { getReconSettings, needsApproval } from '../shared/settings.service.ts';
import { itemIdsOfGroup } from '../workspace/groups.service.ts';

type AdjustmentRow = typeof reconAdjustments.$inferSelect;
type GroupRow = typeof reconGroups.$inferSelect;

/*
 * Adjustments write off (part of) a match group's unexplained difference. Invariants kept by every
 * function here, in the transaction that changes them:
 *   group.adjusted = sum of the group's *active* adjustments;
 *   a group whose difference − adjusted reaches 0 is 'reconciled'; one whose remainder reappears
 *   (a reversal) goes back to 'partial'.
 * A pending adjustment (maker-checker) counts for nothing until approved; approval checks the
 * remainder again, since it may have changed meanwhile.
 */

export async function toAdjustmentDto(db: Db, rows: AdjustmentRow[]): Promise<Adjustment[]> {
  const emails = await emailsOf(
    db,
    rows.flatMap((row) => [row.createdBy, row.decidedBy]),
  );
  const reasons = await decisionReasons(
    db,
    rows[0]?.organizationId ?? '',
    'adjustment',
    rows,
    rows.map((row) => row.groupId),
  );
  return rows.map((row) => ({
    id: row.id,
    group_id: row.groupId,
    amount: minor(row.amount),
    currency: row.currency,
    reason: row.reason,
    account: row.account,
    state: row.state as Adjustment['state'],
    created_by_email: row.createdBy ? (emails.get(row.createdBy) ?? null) : null,
    created_at: row.createdAt.toISOString(),
    decided_by_email: row.decidedBy ? (emails.get(row.decidedBy) ?? null) : null,
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
    decision_reason: reasons.get(row.id) ?? null,
  }));
}

/** The group, locked for this transaction; 404 when it is not one of the organization's. */
const lockGroup = (db: Db, organizationId: string, groupId: string): Promise<GroupRow> =>
  lockOrganizationRow(db, reconGroups, organizationId, groupId, 'Match group not found in this organization');

const fmt = (value: bigint) => minor(value);

/** Why `amount` cannot be written off `group` now, or null when it can. */
function refusal(group: GroupRow, amount: bigint): string | null {
  if (group.state !== 'active') {
    return `The match group is ${group.state.replace('_', ' ')}: only an active group can be adjusted`;
  }
  if (group.status === 'suggested')
    return 'The match group is a suggestion: accept it before writing off its difference';
  const remainder = group.difference - group.adjusted;
  if (remainder === 0n) return 'The match group has no unexplained difference to write off';
  if (amount === 0n) return 'An adjustment of 0 writes nothing off: give an amount';
  if (amount > 0n !== remainder > 0n) {
    return `The adjustment ${fmt(amount)} must have the same sign as the unexplained difference ${fmt(remainder)}`;
  }
  if (abs(amount) > abs(remainder)) {
    return `The adjustment ${fmt(amount)} is more than the unexplained difference ${fmt(remainder)}`;
  }
  return null;
}

/** Adds `delta` to the group's adjusted sum and derives its status (reconciled when nothing is left). */
async function applyToGroup(
  db: Db,
  group: GroupRow,
  delta: bigint,
): Promise<{ adjusted: bigint; status: string }> {
  const adjusted = group.adjusted + delta;
  const remainder = group.difference - adjusted;
  let status = group.status;
  if (remainder === 0n) status = 'reconciled';
  else if (group.status === 'reconciled') status = 'partial';
  await db.update(reconGroups).set({ adjusted, status }).where(eq(reconGroups.id, group.id));
  return { adjusted, status };
}

const groupFigures = (group: { difference: bigint; adjusted: bigint; status: string }) => ({
  difference: minor(group.difference),
  adjusted: minor(group.adjusted),
  remainder: minor(group.difference - group.adjusted),
  status: group.status,
});

/** POST v1/recon/adjustment: writes off the group's remainder (or `amount` of it), maybe pending approval. */
export async function createAdjustment(scope: ReconScope, input: AdjustmentInput): Promise<Adjustment> {
  const row = await inTransaction(scope, async (db) => {
    const group = await lockGroup(db, scope.organizationId, input.group_id);
    const remainder = group.difference - group.adjusted;
    const amount = input.amount === undefined ? remainder : BigInt(input.amount);
    const why = refusal(group, amount);
    if (why) throw new AppError(group.state === 'active' && group.status !== 'suggested' ? 400 : 409, why);

    const { data: settings } = await getReconSettings(db, scope.organizationId);
    const pending = needsApproval(settings, amount);
    const [created] = await db
      .insert(reconAdjustments)
      .values({
        organizationId: scope.organizationId,
        groupId: group.id,
        amount,
        currency: group.currency,
        reason: input.reason,
        account: input.account,
        state: pending ? 'pending_approval' : 'active',
        createdBy: scope.actor.userId,
      })
      .returning();
    if (!created) throw new Error('The adjustment was not saved');
    const after = pending
      ? { adjusted: group.adjusted, status: group.status }
      : await applyToGroup(db, group, amount);
    await recordReconAudit(db, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: 'adjustment.created',
      targetType: 'adjustment',
      targetId: created.id,
      groupId: group.id,
      reason: input.reason,
      before: groupFigures(group),
      after: {
        ...groupFigures({ difference: group.difference, ...after }),
        amount: minor(amount),
        account: input.account,
        state: created.state,
      },
      itemIds: await itemIdsOfGroup(db, group.id),
    });
    return created;
  });
  const [dto] = await toAdjustmentDto(scope.db, [row]);
  return dto as Adjustment;
}

export async function listAdjustments(
  scope: ReconScope,
  query: z.infer<typeof adjustmentsQuerySchema>,
): Promise<ListPage<Adjustment>> {
  const conditions: SQL[] = [eq(reconAdjustments.organizationId, scope.organizationId)];
  if (query.group_id) conditions.push(eq(reconAdjustments.groupId, query.group_id));
  if (query.state) conditions.push(eq(reconAdjustments.state, query.state));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(reconAdjustments)
      .where(where)
      .orderBy(desc(reconAdjustments.createdAt), desc(reconAdjustments.id))
      .limit(query.page_size)
      .offset(pageOffset(query)),
    scope.db.select({ n: count() }).from(reconAdjustments).where(where),
  ]);
  return listPage(await toAdjustmentDto(scope.db, rows), query, total?.n ?? 0);
}

const lockAdjustment = (db: Db, organizationId: string, id: string): Promise<AdjustmentRow> =>
  lockOrganizationRow(db, reconAdjustments, organizationId, id, 'Adjustment not found in this organization');

/** POST v1/recon/adjustment/:id/reverse: an active adjustment stops counting; the remainder comes back. */
export async function reverseAdjustment(scope: ReconScope, id: string, reason = ''): Promise<Adjustment> {
  const row = await inTransaction(scope, async (db) => {
    const adjustment = await lockAdjustment(db, scope.organizationId, id);
    refuseUnlessActive('adjustment', adjustment);
    const group = await lockGroup(db, scope.organizationId, adjustment.groupId);
    const after = await applyToGroup(db, group, -adjustment.amount);
    const [updated] = await db
      .update(reconAdjustments)
      .set({ state: 'reversed', decidedBy: scope.actor.userId, decidedAt: new Date() })
      .where(eq(reconAdjustments.id, adjustment.id))
      .returning();
    await recordReconAudit(db, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: 'adjustment.reversed',
      targetType: 'adjustment',
      targetId: adjustment.id,
      groupId: group.id,
      reason,
      before: { ...groupFigures(group), amount: minor(adjustment.amount), state: 'active' },
      after: { ...groupFigures({ difference: group.difference, ...after }), state: 'reversed' },
      itemIds: await itemIdsOfGroup(db, group.id),
    });
    return updated as AdjustmentRow;
  });
  const [dto] = await toAdjustmentDto(scope.db, [row]);
  return dto as Adjustment;
}

/**
 * Maker-checker decision on a pending adjustment (called by the approvals endpoint inside its own
 * transaction: `db` is that transaction). Approve: it counts from now on, if it still fits the
 * group's remainder. Reject: it never counts. The maker cannot decide their own (403).
 */
export async function decideAdjustment(
  db: Db,
  scope: ReconScope,
  id: string,
  decision: 'approve' | 'reject',
  reason: string,
): Promise<void> {
  const adjustment = await lockAdjustment(db, scope.organizationId, id);
  await refuseUndecidable(db, scope, 'adjustment', adjustment);
  const group = await lockGroup(db, scope.organizationId, adjustment.groupId);
  let after: { adjusted: bigint; status: string } = { adjusted: group.adjusted, status: group.status };
  if (decision === 'approve') {
    const why = refusal(group, adjustment.amount);
    if (why) throw new AppError(409, `The adjustment cannot be approved any more: ${why}`);
    after = await applyToGroup(db, group, adjustment.amount);
  }
  const state = decision === 'approve' ? 'active' : 'rejected';
  await db
    .update(reconAdjustments)
    .set({ state, decidedBy: scope.actor.userId, decidedAt: new Date() })
    .where(eq(reconAdjustments.id, adjustment.id));
  await recordReconAudit(db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: decision === 'approve' ? 'adjustment.approved' : 'adjustment.rejected',
    targetType: 'adjustment',
    targetId: adjustment.id,
    groupId: group.id,
    reason,
    before: { ...groupFigures(group), amount: minor(adjustment.amount), state: 'pending_approval' },
    after: { ...groupFigures({ difference: group.difference, ...after }), state },
    itemIds: await itemIdsOfGroup(db, group.id),
  });
}

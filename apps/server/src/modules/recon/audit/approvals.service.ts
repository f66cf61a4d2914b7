import type { Approval, ApprovalDecisionInput } from '@counterpart/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rowsOf } from '../../../db/raw-rows.ts';
import { reconGroups } from '../../../db/schema.ts';
import { AppError, badRequest, forbidden } from '../../../errors.ts';
import { ALLOCATION_RULE, freeItems, groupState } from '../manual/manual.service.ts';
import { decideAdjustment } from '../money/adjustments.service.ts';
import { decideAllocation, decideGroupAllocations } from '../money/allocations.service.ts';
import { type ListPage, listPage, pageOffset } from '../shared/list-page.ts';
import { lockOrganizationRow } from '../shared/organization-rows.ts';
import { recordReconAudit } from '../shared/recon-audit.ts';
import type { ReconScope } from '../shared/recon-scope.ts';

interface PendingRow {
  kind: Approval['kind'];
  id: string;
  amount: string;
  currency: string;
  summary: string;
  maker_id: string | null;
  maker_email: string | null;
  requested_at: string | Date;
}

/**
 * What waits for a second person: matches (groups), adjustments and allocations in state
 * pending_approval, oldest first. The maker of each (who asked) cannot decide it.
 */
export async function listApprovals(
  scope: ReconScope,
  query: { page_no: number; page_size: number },
): Promise<ListPage<Approval>> {
  const org = scope.organizationId;
  const statement = sql`
    select 'group' as kind, g.id, greatest(abs(g.left_total), abs(g.right_total))::text as amount, g.currency,
           g.rule_name || ': ' || g.left_total::text || ' against ' || g.right_total::text as summary,
           coalesce(g.decided_by, g.created_by) as maker_id, g.created_at as requested_at
      from recon_groups g where g.organization_id = ${org} and g.state = 'pending_approval'
    union all
    select 'adjustment', a.id, a.amount::text, a.currency,
           'Write off ' || a.amount::text || ' to ' || a.account || ': ' || a.reason, a.created_by, a.created_at
      from recon_adjustments a where a.organization_id = ${org} and a.state = 'pending_approval'
    union all
    select 'allocation', l.id, l.amount::text, p.currency, 'Allocate ' || p.number || ' to ' || i.number,
           l.created_by, l.created_at
      from recon_allocations l join accounting_documents p on p.id = l.payment_id
      join accounting_documents i on i.id = l.invoice_id
     where l.organization_id = ${org} and l.state = 'pending_approval'`;
  const rows = await rowsOf<PendingRow>(
    scope.db,
    sql`select p.*, u.email as maker_email from (${statement}) p left join users u on u.id = p.maker_id
        order by p.requested_at, p.id limit ${query.page_size} offset ${pageOffset(query)}`,
  );
  const [total] = await rowsOf<{ n: string | number }>(
    scope.db,
    sql`select count(*) as n from (${statement}) p`,
  );
  const data = rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    summary: row.summary,
    requested_by_email: row.maker_email,
    requested_at: new Date(row.requested_at).toISOString(),
    can_decide: row.maker_id === null || row.maker_id !== scope.actor.userId,
  }));
  return listPage(data, query, Number(total?.n ?? 0));
}

async function decideGroup(db: Db, scope: ReconScope, input: ApprovalDecisionInput): Promise<void> {
  const group = await lockOrganizationRow(db, reconGroups, scope.organizationId, input.id, 'Group not found');
  if (group.state !== 'pending_approval') {
    throw new AppError(409, `The match is ${group.state.replace('_', ' ')}, not waiting for approval`);
  }
  const maker = group.decidedBy ?? group.createdBy;
  if (maker !== null && maker === scope.actor.userId) {
    throw forbidden('You made this match: another person must approve or reject it (maker-checker)');
  }
  const approve = input.decision === 'approve';
  // A group made by Allocate decides its pending allocations with it (open balances move on approval).
  if (group.ruleId === ALLOCATION_RULE) {
    await decideGroupAllocations(db, scope, group.id, input.decision, input.reason);
  }
  const itemIds = approve ? [] : await freeItems(db, group.id);
  const set = {
    state: approve ? 'active' : 'rejected',
    decidedBy: scope.actor.userId,
    decidedAt: new Date(),
  };
  await db.update(reconGroups).set(set).where(eq(reconGroups.id, group.id));
  await recordReconAudit(db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: approve ? 'group.approved' : 'group.rejected',
    targetType: 'group',
    targetId: group.id,
    groupId: group.id,
    ruleId: group.ruleId,
    reason: input.reason,
    before: groupState(group),
    after: groupState({ ...group, ...set }),
    itemIds,
  });
}

/** Approve or reject what waits: a match here, adjustments and allocations by their own services. */
export async function decideApproval(scope: ReconScope, input: ApprovalDecisionInput): Promise<void> {
  await scope.db.transaction(async (db) => {
    switch (input.kind) {
      case 'group':
        return decideGroup(db, scope, input);
      case 'adjustment':
        return decideAdjustment(db, scope, input.id, input.decision, input.reason);
      case 'allocation':
        return decideAllocation(db, scope, input.id, input.decision, input.reason);
      default:
        throw badRequest('Unknown approval kind', { kind: 'Must be group, adjustment or allocation' });
    }
  });
}

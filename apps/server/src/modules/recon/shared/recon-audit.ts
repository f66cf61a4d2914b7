import type { Db } from '../../../db/database.ts';
import { reconAudit } from '../../../db/schema.ts';
import type { AuditActor } from '../../audit/audit.service.ts';

/** One reconciliation decision. `actor` null = a run's automatic decision. */
export interface ReconAuditInput {
  organizationId: string;
  actor: AuditActor | null;
  /** run.completed, group.matched, group.unmatched, suggestion.accepted, suggestion.rejected,
   * group.approved, group.rejected, adjustment.created, adjustment.reversed, allocation.created,
   * allocation.reversed, invoice.repaired, rules.saved, settings.saved, … */
  action: string;
  targetType: 'run' | 'group' | 'adjustment' | 'allocation' | 'accounting_document' | 'rule' | 'settings';
  targetId?: string | null;
  groupId?: string | null;
  runId?: string | null;
  ruleId?: string | null;
  reason?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  itemIds?: string[];
}

/** Writes audit rows; pass the transaction so they are written only if the decision is. */
export async function recordReconAudit(db: Db, entries: ReconAuditInput | ReconAuditInput[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await db.insert(reconAudit).values(
    list.map((entry) => ({
      organizationId: entry.organizationId,
      actorUserId: entry.actor?.userId ?? null,
      actorEmail: entry.actor?.email ?? 'automatic',
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      groupId: entry.groupId ?? null,
      runId: entry.runId ?? null,
      ruleId: entry.ruleId ?? null,
      reason: entry.reason ?? '',
      before: entry.before ?? null,
      after: entry.after ?? null,
      itemIds: entry.itemIds ?? [],
    })),
  );
}

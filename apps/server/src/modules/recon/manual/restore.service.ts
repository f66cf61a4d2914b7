import type { GroupDecisionInput, GroupDecisionResponse } from '@counterpart/contracts';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { reconAdjustments, reconAudit, reconGroupItems } from '../../../db/schema.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import type { GroupRow } from '../workspace/groups.service.ts';
import { ALLOCATION_RULE, decideGroups } from './manual.service.ts';

/** A write-off as the unmatch found it (manual.service.ts unmatchGroups records them in its audit). */
interface ReversedAdjustment {
  id: string;
  state: string;
  decided_by: string | null;
  decided_at: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reversedOf(after: Record<string, unknown> | null): ReversedAdjustment[] {
  const list = after?.reversed_adjustments;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (entry): entry is ReversedAdjustment =>
      isRecord(entry) && typeof entry.id === 'string' && typeof entry.state === 'string',
  );
}

/** The last unmatch of a group: its state before, and the write-offs it reversed. */
async function lastUnmatch(db: Db, organizationId: string, groupId: string) {
  const [row] = await db
    .select({ before: reconAudit.before, after: reconAudit.after })
    .from(reconAudit)
    .where(
      and(
        eq(reconAudit.organizationId, organizationId),
        eq(reconAudit.groupId, groupId),
        eq(reconAudit.action, 'group.unmatched'),
      ),
    )
    .orderBy(desc(reconAudit.createdAt))
    .limit(1);
  return row;
}

/**
 * Undo an unmatch: the group as it was (state, status, adjusted), its rows held again and the
 * write-offs the unmatch reversed back in their states. Refused, with the row, when a row has joined
 * another match meanwhile; refused for a group made by Allocate (its money moved: allocate again) and
 * for an unmatch whose write-offs were not recorded. All groups in one transaction (decideGroups).
 */
export function restoreGroups(scope: ReconScope, input: GroupDecisionInput): Promise<GroupDecisionResponse> {
  return decideGroups(scope, input, async (db, group: GroupRow) => {
    if (group.state !== 'undone') {
      return { refused: `The group is ${group.state.replace('_', ' ')}, not unmatched` };
    }
    if (group.ruleId === ALLOCATION_RULE) {
      return { refused: 'The group was made by Allocate and its allocations were reversed: allocate again' };
    }
    const unmatch = await lastUnmatch(db, scope.organizationId, group.id);
    const before = unmatch?.before;
    if (
      !before ||
      (before.state !== 'active' && before.state !== 'pending_approval') ||
      typeof before.status !== 'string' ||
      typeof before.adjusted !== 'string'
    ) {
      return { refused: 'No unmatch of this group to undo' };
    }
    const reversed = reversedOf(unmatch.after ?? null);
    const ids = reversed.map((adjustment) => adjustment.id);
    const adjustments =
      ids.length === 0
        ? []
        : await db
            .select({
              id: reconAdjustments.id,
              amount: reconAdjustments.amount,
              state: reconAdjustments.state,
            })
            .from(reconAdjustments)
            .where(and(eq(reconAdjustments.groupId, group.id), inArray(reconAdjustments.id, ids)));
    const restoredAdjusted = reversed.reduce((sum, entry) => {
      const found = adjustments.find((adjustment) => adjustment.id === entry.id);
      return entry.state === 'active' && found ? sum + found.amount : sum;
    }, 0n);
    if (
      adjustments.length !== ids.length ||
      adjustments.some((adjustment) => adjustment.state !== 'reversed') ||
      restoredAdjusted !== BigInt(before.adjusted)
    ) {
      return { refused: 'The write-offs this unmatch reversed are not on record: match the rows again' };
    }

    const rows = await db
      .select({ itemId: reconGroupItems.itemId })
      .from(reconGroupItems)
      .where(eq(reconGroupItems.groupId, group.id));
    const itemIds = rows.map((row) => row.itemId);
    const [taken] =
      itemIds.length === 0
        ? []
        : await db
            .select({ itemId: reconGroupItems.itemId, groupId: reconGroupItems.groupId })
            .from(reconGroupItems)
            .where(
              and(
                inArray(reconGroupItems.itemId, itemIds),
                eq(reconGroupItems.active, true),
                ne(reconGroupItems.groupId, group.id),
              ),
            )
            .limit(1);
    if (taken) {
      return { refused: `Row ${taken.itemId} is in another match now (group ${taken.groupId})` };
    }

    await db.update(reconGroupItems).set({ active: true }).where(eq(reconGroupItems.groupId, group.id));
    for (const entry of reversed) {
      await db
        .update(reconAdjustments)
        .set({
          state: entry.state,
          decidedBy: entry.decided_by,
          decidedAt: entry.decided_at ? new Date(entry.decided_at) : null,
        })
        .where(eq(reconAdjustments.id, entry.id));
    }
    return {
      action: 'group.restored',
      after: {
        state: before.state,
        status: before.status,
        adjusted: restoredAdjusted,
        decidedBy: scope.actor.userId,
        decidedAt: new Date(),
      },
      itemIds,
    };
  });
}

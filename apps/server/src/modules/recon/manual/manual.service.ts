import { randomUUID } from 'node:crypto';
import type {
  GroupDecisionInput,
  GroupDecisionResponse,
  ManualMatchInput,
  ManualMatchPreview,
  ReconGroup,
  TableColumn,
} from '@counterpart/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { reconAdjustments, reconGroupItems, reconGroups } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { AppError, badRequest, notFound } from '../../../errors.ts';
import { findItems } from '../../tables/tables-reader.service.ts';
import { releaseGroupAllocations } from '../money/allocations.service.ts';
import { amountColumnOf, amountOfCell, currencyOf } from '../runs/run-records.ts';
import { abs } from '../shared/money-common.ts';
import { recordReconAudit } from '../shared/recon-audit.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import { getReconSettings, needsApproval } from '../shared/settings.service.ts';
import { type GroupRow, getGroup, itemIdsOfGroup } from '../workspace/groups.service.ts';

interface SelectedItem {
  id: string;
  tableId: string;
  amount: bigint;
  currency: string;
}

interface Selection {
  left: SelectedItem[];
  right: SelectedItem[];
  leftTableId: string;
  rightTableId: string;
  currency: string;
  leftTotal: bigint;
  rightTotal: bigint;
  conflicts: Array<{ item_id: string; group_id: string }>;
}

/** The rule of the groups the workspace's Allocate makes (allocation-items.service.ts). */
export const ALLOCATION_RULE = 'allocation';

/** Reads the chosen items: this organization's, one table per side, amounts readable, one currency. */
async function readSelection(scope: ReconScope, db: Db, input: ManualMatchInput): Promise<Selection> {
  const leftIds = [...new Set(input.left_item_ids.map((id) => id.toLowerCase()))];
  const rightIds = [...new Set(input.right_item_ids.map((id) => id.toLowerCase()))];
  if (leftIds.length + rightIds.length === 0) {
    throw badRequest('Choose items to match', { left_item_ids: 'Choose at least one item' });
  }
  const both = leftIds.find((id) => rightIds.includes(id));
  if (both)
    throw badRequest('An item cannot be on both sides', {
      right_item_ids: `Item ${both} is also on the left`,
    });
  const rows = await findItems(db, scope.organizationId, [...leftIds, ...rightIds]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = [...leftIds, ...rightIds].find((id) => !byId.has(id));
  if (missing) throw notFound(`Item ${missing} not found`);
  const { data: settings } = await getReconSettings(db, scope.organizationId);
  const amountColumns = new Map<string, TableColumn>();
  const readSide = (ids: string[], side: 'left' | 'right', given?: string): SelectedItem[] => {
    const tables = new Set(ids.map((id) => byId.get(id)?.tableId));
    if (tables.size > 1) {
      throw badRequest(`The ${side} items come from several tables`, {
        [`${side}_item_ids`]: 'Choose items of one table per side',
      });
    }
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row) throw notFound(`Item ${id} not found`);
      let column = amountColumns.get(row.tableId);
      if (!column) {
        column = amountColumnOf(row.columns, row.tableName, given, `${side}_amount_column`) ?? undefined;
        if (!column) {
          throw badRequest(`Table "${row.tableName}" has no amount column`, {
            [`${side}_amount_column`]: 'Name the amount column',
          });
        }
        amountColumns.set(row.tableId, column);
      }
      const read = amountOfCell(column, row.values[column.id]);
      if (!read.ok) {
        throw badRequest(`Item ${id} has no readable amount`, {
          [`${side}_item_ids`]: `Item ${id}: ${read.reason}`,
        });
      }
      return {
        id,
        tableId: row.tableId,
        amount: read.amount,
        currency: currencyOf(column, settings.default_currency),
      };
    });
  };
  const left = readSide(leftIds, 'left', input.left_amount_column);
  const right = readSide(rightIds, 'right', input.right_amount_column);
  const leftTableId = left[0]?.tableId ?? right[0]?.tableId ?? '';
  const rightTableId = right[0]?.tableId ?? leftTableId;
  if (left.length > 0 && right.length > 0 && leftTableId === rightTableId) {
    throw badRequest('Both sides come from the same table', {
      right_item_ids: 'Choose items of another table',
    });
  }
  const currencies = new Set([...left, ...right].map((i) => i.currency));
  if (currencies.size > 1) {
    throw badRequest(`The items are in different currencies (${[...currencies].join(', ')})`, {
      right_item_ids: 'Match items of one currency',
    });
  }
  const held = await db
    .select({ itemId: reconGroupItems.itemId, groupId: reconGroupItems.groupId })
    .from(reconGroupItems)
    .where(and(inArray(reconGroupItems.itemId, [...leftIds, ...rightIds]), eq(reconGroupItems.active, true)));
  return {
    left,
    right,
    leftTableId,
    rightTableId,
    currency: [...currencies][0] ?? settings.default_currency,
    leftTotal: left.reduce((sum, i) => sum + i.amount, 0n),
    rightTotal: right.reduce((sum, i) => sum + i.amount, 0n),
    conflicts: held.map((h) => ({ item_id: h.itemId, group_id: h.groupId })),
  };
}

async function previewOf(scope: ReconScope, db: Db, selection: Selection): Promise<ManualMatchPreview> {
  const { data: settings } = await getReconSettings(db, scope.organizationId);
  const difference = selection.leftTotal - selection.rightTotal;
  const size =
    abs(selection.leftTotal) > abs(selection.rightTotal) ? selection.leftTotal : selection.rightTotal;
  return {
    currency: selection.currency,
    left_total: selection.leftTotal.toString(),
    right_total: selection.rightTotal.toString(),
    difference: difference.toString(),
    status: difference === 0n ? 'reconciled' : 'partial',
    needs_approval: needsApproval(settings, size),
    conflicts: selection.conflicts,
  };
}

/** What a manual match would be: totals, difference, status, maker-checker, conflicts. Saves nothing. */
export async function previewManualMatch(
  scope: ReconScope,
  input: ManualMatchInput,
): Promise<ManualMatchPreview> {
  return previewOf(scope, scope.db, await readSelection(scope, scope.db, input));
}

function conflictError(itemId: string, groupId: string): AppError {
  return new AppError(409, `Item ${itemId} is already in group ${groupId}: unmatch it first`, {
    item_ids: `${itemId} is already matched`,
  });
}

/**
 * A manual match: one group (source manual) holding the items; reconciled when the difference is 0,
 * else partial; waiting for approval when maker-checker applies. The unique index on active group
 * items is the last guard: a concurrent match of the same item answers 409.
 */
export async function createManualMatch(scope: ReconScope, input: ManualMatchInput): Promise<ReconGroup> {
  try {
    const groupId = await scope.db.transaction(async (db) => {
      const selection = await readSelection(scope, db, input);
      const preview = await previewOf(scope, db, selection);
      const conflict = selection.conflicts[0];
      if (conflict) throw conflictError(conflict.item_id, conflict.group_id);
      if ((selection.left.length === 0 || selection.right.length === 0) && preview.difference !== '0') {
        throw badRequest('Items on one side only must cancel out (sum 0)', {
          right_item_ids: 'Choose items on both sides, or a reversal that sums to 0',
        });
      }
      const id = randomUUID();
      const state = preview.needs_approval ? 'pending_approval' : 'active';
      await db.insert(reconGroups).values({
        id,
        organizationId: scope.organizationId,
        leftTableId: selection.leftTableId,
        rightTableId: selection.rightTableId,
        source: 'manual',
        ruleId: 'manual',
        ruleName: 'Manual match',
        status: preview.status,
        state,
        score: '1',
        currency: selection.currency,
        leftTotal: selection.leftTotal,
        rightTotal: selection.rightTotal,
        difference: selection.leftTotal - selection.rightTotal,
        note: input.note,
        createdBy: scope.actor.userId,
      });
      const items = [
        ...selection.left.map((i) => ({ ...i, side: 'left' })),
        ...selection.right.map((i) => ({ ...i, side: 'right' })),
      ];
      await db.insert(reconGroupItems).values(
        items.map((i) => ({
          groupId: id,
          organizationId: scope.organizationId,
          itemId: i.id,
          tableId: i.tableId,
          side: i.side,
          amount: i.amount,
        })),
      );
      await recordReconAudit(db, {
        organizationId: scope.organizationId,
        actor: scope.actor,
        action: 'group.matched',
        targetType: 'group',
        targetId: id,
        groupId: id,
        ruleId: 'manual',
        reason: input.note,
        after: {
          status: preview.status,
          state,
          left_total: preview.left_total,
          right_total: preview.right_total,
          difference: preview.difference,
        },
        itemIds: items.map((i) => i.id),
      });
      return id;
    });
    return getGroup(scope.db, scope.organizationId, groupId);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        409,
        'One of these items was matched by someone else just now: reload and try again',
      );
    }
    throw error;
  }
}

export function groupState(group: GroupRow) {
  return {
    status: group.status,
    state: group.state,
    difference: group.difference.toString(),
    adjusted: group.adjusted.toString(),
  };
}

/** Frees a group's items (unmatched, rejected): its items rows stop holding them. */
export async function freeItems(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .update(reconGroupItems)
    .set({ active: false })
    .where(eq(reconGroupItems.groupId, groupId))
    .returning({ itemId: reconGroupItems.itemId });
  return rows.map((r) => r.itemId);
}

/** One group's decision: refused with why, or the columns it changes (`audit`: more for the audit's after). */
export type Decide = (
  db: Db,
  group: GroupRow,
) => Promise<{
  refused?: string;
  action?: string;
  after?: Partial<GroupRow>;
  itemIds?: string[];
  audit?: Record<string, unknown>;
}>;

/** Each group decided on its own (refusals listed with why), all in one transaction. */
export async function decideGroups(
  scope: ReconScope,
  input: GroupDecisionInput,
  decide: Decide,
): Promise<GroupDecisionResponse> {
  const ids = [...new Set(input.group_ids.map((id) => id.toLowerCase()))];
  return scope.db.transaction(async (db) => {
    const rows = await db
      .select()
      .from(reconGroups)
      .where(and(inArray(reconGroups.id, ids), eq(reconGroups.organizationId, scope.organizationId)))
      .orderBy(reconGroups.id)
      .for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const response: GroupDecisionResponse = { changed: [], refused: [] };
    for (const id of ids) {
      const group = byId.get(id);
      if (!group) {
        response.refused.push({ group_id: id, reason: 'Group not found' });
        continue;
      }
      const outcome = await decide(db, group);
      if (outcome.refused) {
        response.refused.push({ group_id: id, reason: outcome.refused });
        continue;
      }
      const after = { ...group, ...outcome.after };
      await db
        .update(reconGroups)
        .set({ ...outcome.after })
        .where(eq(reconGroups.id, id));
      await recordReconAudit(db, {
        organizationId: scope.organizationId,
        actor: scope.actor,
        action: outcome.action ?? 'group.changed',
        targetType: 'group',
        targetId: id,
        groupId: id,
        runId: group.runId,
        ruleId: group.ruleId,
        reason: input.reason,
        before: groupState(group),
        after: { ...groupState(after), ...outcome.audit },
        itemIds: outcome.itemIds ?? [],
      });
      response.changed.push(id);
    }
    return response;
  });
}

/**
 * Undo matches: state undone, items freed, active or pending adjustments reversed; a group made by
 * Allocate (rule 'allocation') gives its money back in the same transaction: its active allocations
 * are reversed and pending ones rejected, so both documents' open balances return exactly.
 */
export function unmatchGroups(scope: ReconScope, input: GroupDecisionInput): Promise<GroupDecisionResponse> {
  return decideGroups(scope, input, async (db, group) => {
    if (group.state !== 'active' && group.state !== 'pending_approval') {
      return { refused: `The group is ${group.state.replace('_', ' ')}, not matched` };
    }
    if (group.ruleId === ALLOCATION_RULE) {
      await releaseGroupAllocations(db, scope, group.id, input.reason || 'The match group was unmatched');
    }
    const itemIds = await freeItems(db, group.id);
    const live = and(
      eq(reconAdjustments.groupId, group.id),
      inArray(reconAdjustments.state, ['active', 'pending_approval']),
    );
    const reversed = await db
      .select({
        id: reconAdjustments.id,
        state: reconAdjustments.state,
        decidedBy: reconAdjustments.decidedBy,
        decidedAt: reconAdjustments.decidedAt,
      })
      .from(reconAdjustments)
      .where(live);
    await db
      .update(reconAdjustments)
      .set({ state: 'reversed', decidedBy: scope.actor.userId, decidedAt: new Date() })
      .where(live);
    return {
      action: 'group.unmatched',
      after: { state: 'undone', adjusted: 0n, decidedBy: scope.actor.userId, decidedAt: new Date() },
      itemIds,
      // What an undo (restore.service.ts) gives back: the write-offs as they were.
      audit:
        reversed.length > 0
          ? {
              reversed_adjustments: reversed.map((adjustment) => ({
                id: adjustment.id,
                state: adjustment.state,
                decided_by: adjustment.decidedBy,
                decided_at: adjustment.decidedAt?.toISOString() ?? null,
              })),
            }
          : undefined,
    };
  });
}

/** Accept suggestions: reconciled when the difference is 0, else partial; maker-checker may hold them. */
export async function acceptSuggestions(
  scope: ReconScope,
  input: GroupDecisionInput,
): Promise<GroupDecisionResponse> {
  const { data: settings } = await getReconSettings(scope.db, scope.organizationId);
  return decideGroups(scope, input, async (db, group) => {
    if (group.status !== 'suggested' || group.state !== 'active') {
      return {
        refused: `The group is not an open suggestion (${group.status}, ${group.state.replace('_', ' ')})`,
      };
    }
    const size = abs(group.leftTotal) > abs(group.rightTotal) ? group.leftTotal : group.rightTotal;
    return {
      action: 'suggestion.accepted',
      after: {
        status: group.difference === 0n ? 'reconciled' : 'partial',
        state: needsApproval(settings, size) ? 'pending_approval' : 'active',
        decidedBy: scope.actor.userId,
        decidedAt: new Date(),
      },
      itemIds: await itemIdsOfGroup(db, group.id),
    };
  });
}

/** Reject suggestions: state rejected, items freed. */
export function rejectSuggestions(
  scope: ReconScope,
  input: GroupDecisionInput,
): Promise<GroupDecisionResponse> {
  return decideGroups(scope, input, async (db, group) => {
    if (group.status !== 'suggested' || group.state !== 'active') {
      return {
        refused: `The group is not an open suggestion (${group.status}, ${group.state.replace('_', ' ')})`,
      };
    }
    return {
      action: 'suggestion.rejected',
      after: { state: 'rejected', decidedBy: scope.actor.userId, decidedAt: new Date() },
      itemIds: await freeItems(db, group.id),
    };
  });
}

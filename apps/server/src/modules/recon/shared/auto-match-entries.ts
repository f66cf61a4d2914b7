import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { type reconAudit, reconGroupItems, reconGroups } from '../../../db/schema.ts';

/*
 * A run's automatic match of a group is stored short (issue 18: a run of 1M a side writes ~860k of
 * them, in the run's one transaction): `after` holds what can change later — status, state — and the
 * score; `item_ids` is empty. The rest is the group's and never changes once written (rule name,
 * totals, difference, its items by side), so an entry is read back whole from its group. Entries
 * written before (full `after`, `item_ids` set) are shown as they are.
 */

type AuditRow = typeof reconAudit.$inferSelect;

/** A run's automatic match of a group (run-writes.ts writes one per group, short). */
export const AUTO_MATCH = 'group.auto_matched';

/** The `after` a run stores for its automatic match of a group (the rest is the group's). */
export function shortAutoMatchAfter(group: { status: string; state: string; score: number }) {
  return { status: group.status, state: group.state, score: group.score };
}

function isShort(row: AuditRow): boolean {
  return (
    row.action === AUTO_MATCH && row.groupId !== null && row.after !== null && !('left_item_ids' in row.after)
  );
}

/**
 * `rows` with each short automatic-match entry made whole from its group: rule, totals and difference
 * (as strings), both sides' item ids (sorted) in `after`, and all of them in `item_ids`. Two queries
 * for the whole batch; other rows come back untouched.
 */
export async function withAutoMatchDetails(
  db: Db,
  organizationId: string,
  rows: AuditRow[],
): Promise<AuditRow[]> {
  const groupIds = [...new Set(rows.filter(isShort).map((row) => row.groupId as string))];
  if (groupIds.length === 0) return rows;
  const groups = await db
    .select({
      id: reconGroups.id,
      ruleName: reconGroups.ruleName,
      leftTotal: reconGroups.leftTotal,
      rightTotal: reconGroups.rightTotal,
      difference: reconGroups.difference,
    })
    .from(reconGroups)
    .where(and(eq(reconGroups.organizationId, organizationId), inArray(reconGroups.id, groupIds)));
  const items = await db
    .select({ groupId: reconGroupItems.groupId, itemId: reconGroupItems.itemId, side: reconGroupItems.side })
    .from(reconGroupItems)
    .where(inArray(reconGroupItems.groupId, groupIds))
    .orderBy(reconGroupItems.groupId, reconGroupItems.side, reconGroupItems.itemId);
  const sides = new Map<string, { left: string[]; right: string[] }>();
  for (const item of items) {
    const side = sides.get(item.groupId) ?? { left: [], right: [] };
    (item.side === 'left' ? side.left : side.right).push(item.itemId);
    sides.set(item.groupId, side);
  }
  const byId = new Map(groups.map((group) => [group.id, group]));
  return rows.map((row) => {
    const group = isShort(row) ? byId.get(row.groupId as string) : undefined;
    if (!group) return row;
    const { left, right } = sides.get(group.id) ?? { left: [], right: [] };
    return {
      ...row,
      after: {
        rule_id: row.ruleId,
        rule_name: group.ruleName,
        ...row.after,
        left_item_ids: left,
        right_item_ids: right,
        left_total: String(group.leftTotal),
        right_total: String(group.rightTotal),
        difference: String(group.difference),
      },
      itemIds: [...left, ...right],
    };
  });
}

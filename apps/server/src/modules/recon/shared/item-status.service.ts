import type { ReconStatus } from '@counterpart/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { reconGroupItems, reconGroups, tableItems } from '../../../db/schema.ts';

/**
 * A row's reconciliation status as the tables API shows it: the status of the group holding it
 * (active or waiting for approval), else unreconciled. The tables module calls these rather than
 * reading the recon tables itself.
 */

/** The pseudo column a tables filter names to filter on the reconciliation status. */
export const RECON_STATUS_FILTER = 'recon_status';
const STATUSES = new Set<string>(['reconciled', 'partial', 'suggested', 'unreconciled']);

/** Statuses of these rows (only the ones in a group; the others are unreconciled). */
export async function reconStatusesOf(db: Db, itemIds: string[]): Promise<Map<string, ReconStatus>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: reconGroupItems.itemId, status: reconGroups.status })
    .from(reconGroupItems)
    .innerJoin(reconGroups, eq(reconGroups.id, reconGroupItems.groupId))
    .where(and(inArray(reconGroupItems.itemId, itemIds), eq(reconGroupItems.active, true)));
  return new Map(rows.map((r) => [r.itemId, r.status as ReconStatus]));
}

/** A WHERE condition on table_items: the row's status is one of these; null when none is a status. */
export function reconStatusCondition(statuses: string[]): SQL | null {
  const wanted = statuses.filter((s) => STATUSES.has(s));
  if (wanted.length === 0) return null;
  const grouped = wanted.filter((s) => s !== 'unreconciled');
  const held = sql`select 1 from ${reconGroupItems} gi join ${reconGroups} g on g.id = gi.group_id
    where gi.item_id = ${tableItems.id} and gi.active`;
  const parts: SQL[] = [];
  if (grouped.length > 0) {
    parts.push(
      sql`exists (${held} and g.status in (${sql.join(
        grouped.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
    );
  }
  if (wanted.includes('unreconciled')) parts.push(sql`not exists (${held})`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

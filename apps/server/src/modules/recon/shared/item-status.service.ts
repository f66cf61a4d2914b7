import type { ReconStatus } from '@counterpart/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rowsOf } from '../../../db/raw-rows.ts';
import { reconGroupItems, reconGroups, reconRuns, tableItems } from '../../../db/schema.ts';

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

/** A status as the workspace words it (its badges and filters). */
export const RECON_STATUS_WORDS: Record<ReconStatus, string> = {
  reconciled: 'Reconciled',
  partial: 'Partial',
  suggested: 'Suggested',
  unreconciled: 'Unreconciled',
};

/** A row on the other side of a group: its table (for the reference columns) and its cells. */
export interface Counterpart {
  tableId: string;
  values: Record<string, unknown>;
}

/** What a table export adds of a grouped row: its group's status and id, and the rows it is matched to. */
export interface ReconRowFacts {
  status: ReconStatus;
  groupId: string;
  counterparts: Counterpart[];
}

/**
 * Whether a table takes part in reconciliation: a run named it, or a row of it is (or was) in a
 * group (a manual match needs no run). Two index probes.
 */
export async function takesPartInRecon(db: Db, tableId: string): Promise<boolean> {
  const [row] = await rowsOf<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from ${reconGroupItems} where ${reconGroupItems.tableId} = ${tableId})
        or exists (select 1 from ${reconRuns}
                    where ${reconRuns.leftTableId} = ${tableId} or ${reconRuns.rightTableId} = ${tableId}) as yes`,
  );
  return row?.yes === true;
}

/**
 * The active group of each of these rows, with the rows on the group's other side in table order:
 * one statement for the whole batch. Rows in no group are absent (unreconciled). The lateral
 * subqueries (`limit 1`, `offset 0` keep them from being flattened) make every lookup an index
 * probe per row of the batch: as plain joins, stale statistics gave hash joins that scanned every
 * group and item of the organization for each batch (0.6 s a batch at 20,000 groups on PGlite).
 */
export async function reconFactsOf(db: Db, itemIds: string[]): Promise<Map<string, ReconRowFacts>> {
  const facts = new Map<string, ReconRowFacts>();
  if (itemIds.length === 0) return facts;
  const rows = await rowsOf<{
    item_id: string;
    group_id: string;
    status: string;
    other_table: string | null;
    other_values: unknown;
  }>(
    db,
    sql`select gi.item_id, g.id as group_id, g.status, c.table_id as other_table, c."values" as other_values
          from ${reconGroupItems} gi
          cross join lateral (select id, status from ${reconGroups} where id = gi.group_id limit 1) g
          left join lateral (
            select o.table_id, o."values", o.seq from ${reconGroupItems} og join ${tableItems} o on o.id = og.item_id
             where og.group_id = gi.group_id and og.active and og.side <> gi.side offset 0) c on true
         where gi.active and gi.item_id in (${sql.join(
           itemIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         order by gi.item_id, c.seq`,
  );
  for (const row of rows) {
    let fact = facts.get(row.item_id);
    if (!fact) {
      fact = { status: row.status as ReconStatus, groupId: row.group_id, counterparts: [] };
      facts.set(row.item_id, fact);
    }
    if (row.other_table)
      fact.counterparts.push({ tableId: row.other_table, values: valuesOf(row.other_values) });
  }
  return facts;
}

/** jsonb comes back parsed from both drivers; text if a driver ever hands it over raw. */
function valuesOf(values: unknown): Record<string, unknown> {
  return typeof values === 'string' ? JSON.parse(values) : ((values ?? {}) as Record<string, unknown>);
}

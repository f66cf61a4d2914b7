import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { tableItems } from '../../db/schema.ts';

const BATCH = 2000;

export interface ItemRow {
  id: string;
  values: Record<string, unknown>;
}

/** The new values and search text of a row, or null to leave it unchanged. */
export type ItemTransform = (row: ItemRow) => { values: Record<string, unknown>; searchText: string } | null;

/** Writes new values for many rows in one statement (ids must belong to the table). */
export async function writeItems(
  db: Db,
  tableId: string,
  rows: Array<{ id: string; values: Record<string, unknown>; searchText: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  const payload = JSON.stringify(rows.map((r) => ({ id: r.id, v: r.values, s: r.searchText })));
  await db.execute(sql`
    update table_items as t set "values" = x.v, search_text = x.s, updated_at = now()
    from jsonb_to_recordset(${payload}::jsonb) as x(id uuid, v jsonb, s text)
    where t.id = x.id and t.table_id = ${tableId}`);
}

/** Runs `transform` over every row of a table in batches (keyset on seq) and writes the changed ones. */
export async function rewriteItems(db: Db, tableId: string, transform: ItemTransform): Promise<number> {
  let after = 0;
  let changed = 0;
  for (;;) {
    const batch = await db
      .select({ id: tableItems.id, seq: tableItems.seq, values: tableItems.values })
      .from(tableItems)
      .where(and(eq(tableItems.tableId, tableId), gt(tableItems.seq, after)))
      .orderBy(asc(tableItems.seq))
      .limit(BATCH);
    const updates = [];
    for (const row of batch) {
      const next = transform(row);
      if (next) updates.push({ id: row.id, ...next });
    }
    await writeItems(db, tableId, updates);
    changed += updates.length;
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return changed;
    after = last.seq;
  }
}

/** Reads every row of a table in batches, for checks that write nothing (retype preview). */
export async function scanItems(db: Db, tableId: string, visit: (row: ItemRow) => void): Promise<void> {
  await rewriteItems(db, tableId, (row) => {
    visit(row);
    return null;
  });
}

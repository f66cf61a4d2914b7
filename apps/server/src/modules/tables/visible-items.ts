import { type SQL, sql } from 'drizzle-orm';
import { tableItems } from '../../db/schema.ts';

/** Statuses of an import whose rows are not the table's yet. */
export const UNFINISHED_IMPORT_STATUSES = ['queued', 'running'] as const;

/**
 * The one condition every reader of `table_items` adds: rows written by an import that has not
 * finished (queued or running) are not the table's yet. An import's rows become visible all at
 * once when its status flips to succeeded (commitImport, one transaction with row_count); a failed
 * or cancelled import deletes them in the transaction that flips its status.
 *
 * `tableId` is the table being read (a parameter or an inlined literal, never a per-row
 * column: the unfinished imports are read once, through table_imports_pending_idx); `importId`
 * the row's import_id column (drizzle's by default, `sql\`ti.import_id\`` under an alias). With no
 * import running it is one empty array lookup.
 */
export function visibleItems(tableId: SQL | string, importId: SQL = sql`${tableItems.importId}`): SQL {
  const table = typeof tableId === 'string' ? sql`${tableId}::uuid` : tableId;
  return sql`(${importId} is null or ${importId} <> all(array(
    select ti_import.id from table_imports ti_import
    where ti_import.table_id = ${table} and ti_import.status in ('queued', 'running'))))`;
}

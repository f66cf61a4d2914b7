import type { TableColumn } from '@counterpart/contracts';
import { proposedReferenceColumns } from '@counterpart/domain';
import { and, asc, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { associationMappings, dataTables, tableItems } from '../../db/schema.ts';
import { cellText } from './cell-values.ts';
import { escapeLike } from './items-conditions.ts';
import { visibleItems } from './visible-items.ts';

/*
 * What other modules read of the tables' rows (recon's runs, workspace, search and dashboard): rows
 * streamed in batches, rows by id, tables by id, and SQL fragments for queries that join the rows
 * with their own tables. The tables module alone names table_items and data_tables.
 */

export { cellText, columnCurrency } from './cell-values.ts';
export { type ColumnIndexes, columnIndexesFor, trigramIndexSpec } from './column-indexes.ts';
export { itemView } from './item-values.ts';
export { escapeLike } from './items-conditions.ts';
export { MAX_OFFSET } from './items-query.ts';
export { visibleItems } from './visible-items.ts';

export type TableRow = typeof dataTables.$inferSelect;

/** A row as a reader outside the tables module sees it. */
export interface VisibleRow {
  id: string;
  seq: number;
  values: Record<string, unknown>;
}

/**
 * A table's visible rows in insertion order, `batchSize` at a time (keyset on seq: each batch is one
 * indexed statement, however large the table). Checks `signal` before each batch.
 */
export async function* visibleRowBatches(
  db: Db,
  tableId: string,
  batchSize: number,
  signal?: AbortSignal,
): AsyncGenerator<VisibleRow[]> {
  let last = 0;
  for (;;) {
    signal?.throwIfAborted();
    const rows = await db
      .select({ id: tableItems.id, seq: tableItems.seq, values: tableItems.values })
      .from(tableItems)
      .where(and(eq(tableItems.tableId, tableId), gt(tableItems.seq, last), visibleItems(tableId)))
      .orderBy(asc(tableItems.seq))
      .limit(batchSize);
    yield rows;
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1]?.seq ?? last;
  }
}

/** Ids per statement when reading rows by id (PostgreSQL takes at most 65,535 parameters). */
const IDS_PER_READ = 10_000;

/** Rows of the organization's tables by id (any table), with their table's name and columns. */
export async function findItems(db: Db, organizationId: string, ids: string[]) {
  const found = [];
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const rows = await db
      .select({
        id: tableItems.id,
        tableId: tableItems.tableId,
        seq: tableItems.seq,
        values: tableItems.values,
        createdAt: tableItems.createdAt,
        updatedAt: tableItems.updatedAt,
        tableName: dataTables.name,
        columns: dataTables.columns,
      })
      .from(tableItems)
      .innerJoin(dataTables, eq(dataTables.id, tableItems.tableId))
      .where(
        and(
          inArray(tableItems.id, ids.slice(i, i + IDS_PER_READ)),
          eq(dataTables.organizationId, organizationId),
        ),
      );
    found.push(...rows);
  }
  return found;
}

/** The organization's tables among these ids (the others are left out). */
export async function findTables(db: Db, organizationId: string, ids: string[]): Promise<TableRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(dataTables)
    .where(and(inArray(dataTables.id, ids), eq(dataTables.organizationId, organizationId)));
}

/** The first association mapping made from the left table to the right one, if any. */
export async function firstMappingBetween(
  db: Db,
  organizationId: string,
  leftTableId: string,
  rightTableId: string,
) {
  const [mapping] = await db
    .select()
    .from(associationMappings)
    .where(
      and(
        eq(associationMappings.organizationId, organizationId),
        eq(associationMappings.leftTableId, leftTableId),
        eq(associationMappings.rightTableId, rightTableId),
      ),
    )
    .orderBy(asc(associationMappings.createdAt))
    .limit(1);
  return mapping;
}

/** The organization's most recently changed tables, newest first. */
export async function recentTables(db: Db, organizationId: string, limit: number) {
  return db
    .select({ id: dataTables.id, name: dataTables.name, rowCount: dataTables.rowCount })
    .from(dataTables)
    .where(eq(dataTables.organizationId, organizationId))
    .orderBy(desc(dataTables.updatedAt))
    .limit(limit);
}

/**
 * A table's visible rows holding every word in their search text, newest first (`table_id = …`
 * lets PostgreSQL use that table's partial trigram index on search_text).
 */
export async function searchVisibleRows(db: Db, tableId: string, words: string[], limit: number) {
  return db
    .select({ id: tableItems.id, seq: tableItems.seq, text: tableItems.searchText })
    .from(tableItems)
    .where(
      and(
        eq(tableItems.tableId, tableId),
        visibleItems(tableId),
        ...words.map((word) => sql`${tableItems.searchText} like ${`%${escapeLike(word)}%`}`),
      ),
    )
    .orderBy(desc(tableItems.seq))
    .limit(limit);
}

/**
 * A table's visible rows as a FROM item for another module's SQL (`from ${visibleRowsOf(id)} ti
 * left join …`), with table_items' columns (id, table_id, seq, "values", search_text, created_at...).
 * PostgreSQL pulls a plain subquery up into the outer query: the plan is that of table_items itself.
 */
export function visibleRowsOf(tableId: string): SQL {
  return sql`(select * from ${tableItems} where ${tableItems.tableId} = ${tableId}
    and ${visibleItems(sql`${tableId}::uuid`)})`;
}

/** True when one of these row ids (SQL expressions) is a row of one of these tables. */
export function anyItemOfTables(itemIds: SQL[], tableIds: string[]): SQL {
  return sql`exists (select 1 from ${tableItems} t where t.id in (${sql.join(itemIds, sql`, `)})
    and t.table_id in (${sql.join(
      tableIds.map((id) => sql`${id}`),
      sql`, `,
    )}))`;
}

/** A table's name for a table id column of another module's query (a run's left or right table). */
export function tableNameOf(tableId: SQL | AnyPgColumn): SQL<string> {
  return sql<string>`(select ${dataTables.name} from ${dataTables} where ${dataTables.id} = ${tableId})`;
}

/**
 * A row's reference as typed: the cells of its table's reference columns (`proposedReferenceColumns`),
 * the empty ones left out, joined with a space ('' when it has none). What an audit export and a
 * suggestion's rival show for a row.
 */
export function referenceAsTyped(columns: readonly TableColumn[], values: Record<string, unknown>): string {
  return proposedReferenceColumns(columns)
    .map((column) => cellText(column, values[column.id]))
    .filter((text) => text !== '')
    .join(' ');
}

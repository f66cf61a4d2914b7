import type { BulkResult, TableItem } from '@counterpart/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { dataTables, tableItems } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { searchTextOf } from './cell-values.ts';
import { checkLinks, itemView, mergeValues, parseValues } from './item-values.ts';
import { loadTable } from './tables.service.ts';
import type { TablesScope } from './tables-scope.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSERT_CHUNK = 1000;

type Tx = Db;

async function inTransaction<T>(scope: TablesScope, work: (tx: Tx) => Promise<T>): Promise<T> {
  return scope.db.transaction((tx) => work(tx));
}

function throwIfInvalid(errors: Record<string, string>): void {
  if (Object.keys(errors).length > 0) throw badRequest('Some values are not valid', errors);
}

async function audit(
  tx: Tx,
  scope: TablesScope,
  tableId: string,
  action: string,
  details: Record<string, unknown>,
) {
  await recordAudit(tx, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action,
    targetType: 'table',
    targetId: tableId,
    details,
  });
}

async function countRows(tx: Tx, tableId: string, delta: number): Promise<void> {
  await tx
    .update(dataTables)
    .set({ rowCount: sql`${dataTables.rowCount} + ${delta}`, updatedAt: sql`now()` })
    .where(eq(dataTables.id, tableId));
}

/** Inserts rows after validating all of them: any invalid value refuses the whole batch. */
export async function createItems(
  scope: TablesScope,
  tableId: string,
  inputs: Array<{ values: Record<string, unknown> }>,
  bulk: boolean,
): Promise<TableItem[]> {
  return inTransaction(scope, async (tx) => {
    const table = await loadTable(tx, scope.organizationId, tableId, true);
    const errors: Record<string, string> = {};
    const rows = inputs.map((input, index) => {
      const prefix = bulk ? `rows[${index}].` : '';
      const texts: Record<string, string | null> = {};
      const cells = mergeValues({}, parseValues(table.columns, input.values, errors, prefix, texts), texts);
      return { cells, prefix };
    });
    await checkLinks(tx, table.columns, rows, errors);
    throwIfInvalid(errors);
    const created: TableItem[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const inserted = await tx
        .insert(tableItems)
        .values(
          rows.slice(i, i + INSERT_CHUNK).map(({ cells }) => ({
            tableId,
            values: cells,
            searchText: searchTextOf(table.columns, cells),
          })),
        )
        .returning();
      created.push(...inserted.map((row) => itemView(table.columns, row)));
    }
    await countRows(tx, tableId, created.length);
    const details = bulk ? { count: created.length } : { item_id: created[0]?.id };
    await audit(tx, scope, tableId, bulk ? 'table_items.created' : 'table_item.created', details);
    return created;
  });
}

async function loadItem(tx: Tx, tableId: string, itemId: string, lock = false) {
  if (!UUID.test(itemId)) throw notFound('Record not found');
  const query = tx
    .select()
    .from(tableItems)
    .where(and(eq(tableItems.id, itemId), eq(tableItems.tableId, tableId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Record not found');
  return row;
}

export async function getItem(scope: TablesScope, tableId: string, itemId: string): Promise<TableItem> {
  const table = await loadTable(scope.db, scope.organizationId, tableId);
  return itemView(table.columns, await loadItem(scope.db, tableId, itemId));
}

/** Changes the given cells only (null clears one); invalid values change nothing. */
export async function updateItem(
  scope: TablesScope,
  tableId: string,
  itemId: string,
  input: Record<string, unknown>,
): Promise<TableItem> {
  return inTransaction(scope, async (tx) => {
    const table = await loadTable(tx, scope.organizationId, tableId);
    const item = await loadItem(tx, tableId, itemId, true);
    const errors: Record<string, string> = {};
    const texts: Record<string, string | null> = {};
    const cells = parseValues(table.columns, input, errors, '', texts);
    await checkLinks(tx, table.columns, [{ cells, prefix: '' }], errors);
    throwIfInvalid(errors);
    const values = mergeValues(item.values, cells, texts);
    const [row] = await tx
      .update(tableItems)
      .set({ values, searchText: searchTextOf(table.columns, values), updatedAt: new Date() })
      .where(eq(tableItems.id, itemId))
      .returning();
    if (!row) throw notFound('Record not found');
    await tx.update(dataTables).set({ updatedAt: sql`now()` }).where(eq(dataTables.id, tableId));
    const changed = table.columns.filter((c) => c.id in cells).map((c) => c.name);
    await audit(tx, scope, tableId, 'table_item.updated', { item_id: itemId, columns: changed });
    return itemView(table.columns, row);
  });
}

/** Deletes rows of this table by id; ids of other tables or organizations are ignored (404 for one). */
export async function deleteItems(
  scope: TablesScope,
  tableId: string,
  ids: string[],
  bulk: boolean,
): Promise<BulkResult> {
  return inTransaction(scope, async (tx) => {
    await loadTable(tx, scope.organizationId, tableId, true);
    const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
    const deleted =
      valid.length === 0
        ? []
        : await tx
            .delete(tableItems)
            .where(and(eq(tableItems.tableId, tableId), inArray(tableItems.id, valid)))
            .returning({ id: tableItems.id });
    if (!bulk && deleted.length === 0) throw notFound('Record not found');
    await countRows(tx, tableId, -deleted.length);
    const details = bulk ? { count: deleted.length } : { item_id: deleted[0]?.id };
    await audit(tx, scope, tableId, bulk ? 'table_items.deleted' : 'table_item.deleted', details);
    return { count: deleted.length };
  });
}

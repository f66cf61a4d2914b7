import { randomUUID } from 'node:crypto';
import type {
  ColumnInput,
  DataTable,
  DataTablesPage,
  TableColumn,
  UpdateTableInput,
} from '@counterpart/contracts';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { dataTables, tableItems } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { TablesScope } from './tables-scope.ts';
import { visibleItems } from './visible-items.ts';

/** Other modules act on tables in a scope the tables module builds (`{product}_table` permission). */
export { type TablesScope, tablesScope } from './tables-scope.ts';

type TableRow = typeof dataTables.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function tableView(row: TableRow): DataTable {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    columns: [...row.columns].sort((a, b) => a.position - b.position),
    row_count: row.rowCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The organization's table, or 404 (another organization's table is not found, not forbidden). */
export async function loadTable(
  db: Db,
  organizationId: string,
  tableId: string,
  lock = false,
): Promise<TableRow> {
  if (!UUID.test(tableId)) throw notFound('Table not found');
  const query = db
    .select()
    .from(dataTables)
    .where(and(eq(dataTables.id, tableId), eq(dataTables.organizationId, organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Table not found');
  return row;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listTables(
  scope: TablesScope,
  query: { page_no: number; page_size: number; search?: string | undefined },
): Promise<DataTablesPage> {
  const where = and(
    eq(dataTables.organizationId, scope.organizationId),
    query.search ? ilike(dataTables.name, `%${escapeLike(query.search)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(dataTables)
      .where(where)
      .orderBy(desc(dataTables.updatedAt), desc(dataTables.id))
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size),
    scope.db.select({ n: count() }).from(dataTables).where(where),
  ]);
  return {
    data: rows.map(tableView),
    page_no: query.page_no,
    page_size: query.page_size,
    total: Number(total?.n ?? 0),
  };
}

/** Checks a new column (unique name, options, link target in this organization) and gives it an id. */
export async function buildColumn(
  db: Db,
  organizationId: string,
  existing: TableColumn[],
  input: ColumnInput,
): Promise<TableColumn> {
  if (existing.some((c) => c.name.toLowerCase() === input.name.toLowerCase())) {
    throw badRequest('Column names must be unique', {
      name: `A column named "${input.name}" already exists`,
    });
  }
  const column: TableColumn = {
    id: `c${randomUUID().replace(/-/g, '').slice(0, 12)}`,
    name: input.name,
    type: input.type,
    position: existing.length === 0 ? 0 : Math.max(...existing.map((c) => c.position)) + 1,
  };
  if (input.type === 'single_select') {
    const options = [...new Set(input.options ?? [])];
    if (options.length === 0)
      throw badRequest('A single select needs options', { options: 'Add at least one option' });
    column.options = options;
  }
  if (input.type === 'currency') {
    column.currency = input.currency ?? 'KES';
    column.decimals = input.decimals ?? 2;
  }
  if (input.type === 'link') {
    if (!input.link_table_id)
      throw badRequest('A link needs a table', { link_table_id: 'Choose the linked table' });
    await loadTable(db, organizationId, input.link_table_id).catch(() => {
      throw badRequest('Unknown linked table', { link_table_id: 'No such table in this organization' });
    });
    column.link_table_id = input.link_table_id;
  }
  return column;
}

export async function createTable(
  scope: TablesScope,
  input: { name: string; description?: string | undefined; columns: ColumnInput[] },
): Promise<DataTable> {
  const columns: TableColumn[] = [];
  for (const columnInput of input.columns) {
    columns.push(await buildColumn(scope.db, scope.organizationId, columns, columnInput));
  }
  return scope.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dataTables)
      .values({
        organizationId: scope.organizationId,
        name: input.name,
        description: input.description ?? '',
        columns,
      })
      .returning();
    if (!row) throw new Error('Could not create the table');
    await recordAudit(tx, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: 'table.created',
      targetType: 'table',
      targetId: row.id,
      details: { name: row.name, columns: columns.length },
    });
    return tableView(row);
  });
}

export async function getTable(scope: TablesScope, tableId: string): Promise<DataTable> {
  return tableView(await loadTable(scope.db, scope.organizationId, tableId));
}

export async function updateTable(
  scope: TablesScope,
  tableId: string,
  input: UpdateTableInput,
): Promise<DataTable> {
  return scope.db.transaction(async (tx) => {
    const before = await loadTable(tx, scope.organizationId, tableId, true);
    const [row] = await tx
      .update(dataTables)
      .set({
        name: input.name ?? before.name,
        description: input.description ?? before.description,
        updatedAt: new Date(),
      })
      .where(eq(dataTables.id, tableId))
      .returning();
    if (!row) throw notFound('Table not found');
    await recordAudit(tx, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: 'table.updated',
      targetType: 'table',
      targetId: tableId,
      details: { from: { name: before.name }, to: input },
    });
    return tableView(row);
  });
}

export async function deleteTable(scope: TablesScope, tableId: string): Promise<void> {
  await scope.db.transaction(async (tx) => {
    const row = await loadTable(tx, scope.organizationId, tableId, true);
    await tx.delete(dataTables).where(eq(dataTables.id, tableId));
    await recordAudit(tx, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: 'table.deleted',
      targetType: 'table',
      targetId: tableId,
      details: { name: row.name, rows: row.rowCount },
    });
  });
  // Its partial indexes would match no row any more.
  await scope.indexes?.drop(tableId);
}

/** Deletes every row; the caller must repeat the table's name (the confirmation names it). */
export async function clearTable(
  scope: TablesScope,
  tableId: string,
  confirmName: string,
): Promise<DataTable> {
  return scope.db.transaction(async (tx) => {
    const before = await loadTable(tx, scope.organizationId, tableId, true);
    if (confirmName.trim() !== before.name) {
      throw badRequest('Type the table name to confirm', {
        confirm_name: `Type "${before.name}" to clear it`,
      });
    }
    // An unfinished import's rows are not the table's yet: they stay, and count when it commits.
    await tx.delete(tableItems).where(and(eq(tableItems.tableId, tableId), visibleItems(tableId)));
    const [row] = await tx
      .update(dataTables)
      .set({ rowCount: 0, updatedAt: sql`now()` })
      .where(eq(dataTables.id, tableId))
      .returning();
    if (!row) throw notFound('Table not found');
    await recordAudit(tx, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: 'table.cleared',
      targetType: 'table',
      targetId: tableId,
      details: { name: before.name, rows: before.rowCount },
    });
    return tableView(row);
  });
}

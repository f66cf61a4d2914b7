import type {
  ColumnInput,
  DataTable,
  RetypePreview,
  RetypePreviewInput,
  TableColumn,
  UpdateColumnInput,
} from '@counterpart/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { dataTables } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { dropPairsOfColumn } from './associations.service.ts';
import { keepsSourceText, setSourceText, sourceTextOf } from './cell-source-text.ts';
import { type CellResult, cellText, parseCell, searchTextOf } from './cell-values.ts';
import { rewriteItems, scanItems } from './item-rewrite.ts';
import { buildColumn, loadTable, tableView } from './tables.service.ts';
import type { TablesScope } from './tables-scope.ts';

const PREVIEW_LIMIT = 50;

type Change = (
  tx: Db,
  columns: TableColumn[],
) => Promise<{ columns: TableColumn[]; details: Record<string, unknown> }>;

/** Runs a column change in one transaction: the table locked, its columns saved, the change audited. */
async function changeColumns(
  scope: TablesScope,
  tableId: string,
  action: string,
  change: Change,
): Promise<DataTable> {
  return scope.db.transaction(async (tx) => {
    const table = await loadTable(tx, scope.organizationId, tableId, true);
    const { columns, details } = await change(tx, table.columns);
    const [row] = await tx
      .update(dataTables)
      .set({ columns, updatedAt: new Date() })
      .where(eq(dataTables.id, tableId))
      .returning();
    if (!row) throw notFound('Table not found');
    await recordAudit(tx, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action,
      targetType: 'table',
      targetId: tableId,
      details,
    });
    return tableView(row);
  });
}

function findColumn(columns: TableColumn[], columnId: string): TableColumn {
  const column = columns.find((c) => c.id === columnId);
  if (!column) throw notFound('Column not found');
  return column;
}

/**
 * Converts a stored cell of `from` into the stored form of `to` (links stay ids): from the text
 * the cell was given when it was kept (cell-source-text.ts) and it converts, else from the stored
 * form's text — so a retype never loses what was typed or imported.
 */
export function convertCell(
  from: TableColumn,
  to: TableColumn,
  stored: unknown,
  source?: string,
): CellResult {
  if (stored === null || stored === undefined) return { ok: true, value: null };
  if (from.type === 'link' && to.type === 'link') return parseCell(to, stored);
  if (source !== undefined) {
    const fromSource = parseCell(to, source);
    if (fromSource.ok) return fromSource;
  }
  return parseCell(to, cellText(from, stored));
}

/** What a cell was given: its kept text, or a text cell's own value. */
function originalText(column: TableColumn, values: Record<string, unknown>, columnId: string) {
  const stored = values[columnId];
  return (
    sourceTextOf(values, columnId) ??
    (column.type === 'text' && typeof stored === 'string' ? stored : undefined)
  );
}

function needsConversion(before: TableColumn, after: TableColumn): boolean {
  return (
    before.type !== after.type ||
    JSON.stringify(before.options) !== JSON.stringify(after.options) ||
    before.currency !== after.currency ||
    before.decimals !== after.decimals
  );
}

/** Adds a column at the end and answers it. */
export async function addColumn(
  scope: TablesScope,
  tableId: string,
  input: ColumnInput,
): Promise<TableColumn> {
  let added: TableColumn | undefined;
  await changeColumns(scope, tableId, 'table_column.added', async (tx, columns) => {
    added = await buildColumn(tx, scope.organizationId, columns, input);
    return { columns: [...columns, added], details: { column: added.name, type: added.type } };
  });
  if (!added) throw new Error('The column was not added');
  return added;
}

async function retypedColumn(
  db: Db,
  scope: TablesScope,
  columns: TableColumn[],
  column: TableColumn,
  input: UpdateColumnInput,
): Promise<TableColumn> {
  const others = columns.filter((c) => c.id !== column.id);
  const type = input.type ?? column.type;
  const built = await buildColumn(db, scope.organizationId, others, {
    name: input.name ?? column.name,
    type,
    options: input.options ?? (type === column.type ? column.options : undefined),
    currency: input.currency ?? (type === column.type ? column.currency : undefined),
    decimals: input.decimals ?? (type === column.type ? column.decimals : undefined),
    link_table_id: input.link_table_id ?? (type === column.type ? column.link_table_id : undefined),
  });
  return { ...built, id: column.id, position: column.position };
}

/** Rename and/or retype; on retype, values that do not convert are emptied (see retypePreview). */
export async function updateColumn(
  scope: TablesScope,
  tableId: string,
  columnId: string,
  input: UpdateColumnInput,
): Promise<DataTable> {
  // A retype changes the cells' form: the column's typed indexes go first (rebuilt on demand).
  if (input.type || input.options || input.currency || input.decimals !== undefined) {
    await loadTable(scope.db, scope.organizationId, tableId);
    await scope.indexes?.drop(tableId, columnId);
  }
  return changeColumns(scope, tableId, 'table_column.updated', async (tx, columns) => {
    const before = findColumn(columns, columnId);
    const after = await retypedColumn(tx, scope, columns, before, input);
    const next = columns.map((c) => (c.id === columnId ? after : c));
    let emptied = 0;
    if (needsConversion(before, after)) {
      await rewriteItems(tx, tableId, (row) => {
        const source = originalText(before, row.values, columnId);
        const result = convertCell(before, after, row.values[columnId], source);
        if (!result.ok) emptied += 1;
        const values = { ...row.values, [columnId]: result.ok ? result.value : null };
        if (values[columnId] === null) delete values[columnId];
        // The text stays the cell's source until the column holds it as text again.
        const keep = source !== undefined && keepsSourceText(after, source, values[columnId]);
        setSourceText(values, columnId, keep ? source : null);
        return { values, searchText: searchTextOf(next, values) };
      });
    }
    return {
      columns: next,
      details: { column: before.name, from: { name: before.name, type: before.type }, to: input, emptied },
    };
  });
}

/** Which values would not convert if the column were retyped as `input` (nothing is written). */
export async function retypePreview(
  scope: TablesScope,
  tableId: string,
  columnId: string,
  input: RetypePreviewInput,
): Promise<RetypePreview> {
  const table = await loadTable(scope.db, scope.organizationId, tableId);
  const before = findColumn(table.columns, columnId);
  const after = await retypedColumn(scope.db, scope, table.columns, before, input);
  const preview: RetypePreview = { convertible: 0, failure_count: 0, failures: [] };
  await scanItems(scope.db, tableId, (row) => {
    const stored = row.values[columnId];
    if (stored === null || stored === undefined) return;
    const result = convertCell(before, after, stored, originalText(before, row.values, columnId));
    if (result.ok) {
      preview.convertible += 1;
      return;
    }
    preview.failure_count += 1;
    if (preview.failures.length < PREVIEW_LIMIT) {
      preview.failures.push({ item_id: row.id, value: cellText(before, stored), reason: result.error });
    }
  });
  return preview;
}

export async function reorderColumns(
  scope: TablesScope,
  tableId: string,
  columnIds: string[],
): Promise<DataTable> {
  return changeColumns(scope, tableId, 'table_column.reordered', async (_tx, columns) => {
    const same =
      columnIds.length === columns.length &&
      new Set(columnIds).size === columnIds.length &&
      columnIds.every((id) => columns.some((c) => c.id === id));
    if (!same)
      throw badRequest('List every column id once', { column_ids: 'Must list every column id once' });
    const next = columnIds.map((id, position) => ({ ...findColumn(columns, id), position }));
    return { columns: next, details: { order: next.map((c) => c.name) } };
  });
}

export async function removeColumn(
  scope: TablesScope,
  tableId: string,
  columnId: string,
): Promise<DataTable> {
  await loadTable(scope.db, scope.organizationId, tableId);
  await scope.indexes?.drop(tableId, columnId);
  return changeColumns(scope, tableId, 'table_column.removed', async (tx, columns) => {
    const column = findColumn(columns, columnId);
    const next = columns.filter((c) => c.id !== columnId);
    await dropPairsOfColumn(tx, tableId, columnId);
    await rewriteItems(tx, tableId, (row) => {
      if (!(columnId in row.values)) return null;
      const { [columnId]: _removed, ...values } = row.values;
      return { values, searchText: searchTextOf(next, values) };
    });
    return { columns: next, details: { column: column.name, type: column.type } };
  });
}

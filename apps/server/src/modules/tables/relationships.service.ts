import type {
  RelationshipChange,
  RelationshipGroup,
  Relationships,
  TableColumn,
} from '@counterpart/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { dataTables, tableItems } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { cellText } from './cell-values.ts';
import { updateItem } from './items.service.ts';
import { loadTable } from './tables.service.ts';
import type { TablesScope } from './tables-scope.ts';

/** Records listed per group; `total` says how many there are. */
export const GROUP_LIMIT = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type TableRow = Awaited<ReturnType<typeof loadTable>>;

/** A record's label: the text of its table's first column (by position), else its id. */
function labelOf(columns: TableColumn[], id: string, values: Record<string, unknown>): string {
  const first = [...columns].sort((a, b) => a.position - b.position)[0];
  const text = first ? cellText(first, values[first.id]) : '';
  return text || id;
}

async function loadRecord(db: Db, tableId: string, itemId: string) {
  if (!UUID.test(itemId)) throw notFound('Record not found');
  const [row] = await db
    .select({ id: tableItems.id, values: tableItems.values })
    .from(tableItems)
    .where(and(eq(tableItems.id, itemId), eq(tableItems.tableId, tableId)));
  if (!row) throw notFound('Record not found');
  return row;
}

async function outgoingGroup(
  db: Db,
  organizationId: string,
  column: TableColumn,
  values: Record<string, unknown>,
): Promise<RelationshipGroup | null> {
  if (!column.link_table_id) return null;
  const linked = await loadTable(db, organizationId, column.link_table_id).catch(() => null);
  if (!linked) return null;
  const ids = Array.isArray(values[column.id]) ? (values[column.id] as string[]) : [];
  const shown = ids.slice(0, GROUP_LIMIT);
  const rows =
    shown.length === 0
      ? []
      : await db
          .select({ id: tableItems.id, values: tableItems.values })
          .from(tableItems)
          .where(and(eq(tableItems.tableId, linked.id), inArray(tableItems.id, shown)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    column_id: column.id,
    column_name: column.name,
    table_id: linked.id,
    table_name: linked.name,
    records: shown.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ id, label: labelOf(linked.columns, id, row.values) }] : [];
    }),
    total: ids.length,
  };
}

/** Records of other tables (or this one) whose link columns to this table hold this record's id. */
async function incomingGroups(db: Db, organizationId: string, table: TableRow, itemId: string) {
  const linking = await db
    .select()
    .from(dataTables)
    .where(
      and(
        eq(dataTables.organizationId, organizationId),
        sql`${dataTables.columns} @> ${JSON.stringify([{ link_table_id: table.id }])}::jsonb`,
      ),
    );
  const groups: RelationshipGroup[] = [];
  for (const source of linking) {
    for (const column of source.columns) {
      if (column.type !== 'link' || column.link_table_id !== table.id) continue;
      const holds = sql`${tableItems.values}->${sql.raw(`'${column.id.replace(/[^a-z0-9]/gi, '')}'`)} @> ${JSON.stringify([itemId])}::jsonb`;
      const where = and(eq(tableItems.tableId, source.id), holds);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ id: tableItems.id, values: tableItems.values })
          .from(tableItems)
          .where(where)
          .orderBy(tableItems.seq)
          .limit(GROUP_LIMIT),
        db.select({ n: sql<number>`count(*)::int` }).from(tableItems).where(where),
      ]);
      groups.push({
        column_id: column.id,
        column_name: column.name,
        table_id: source.id,
        table_name: source.name,
        records: rows.map((row) => ({ id: row.id, label: labelOf(source.columns, row.id, row.values) })),
        total: Number(counted?.n ?? 0),
      });
    }
  }
  return groups;
}

/** A record's links both ways: through its own link columns, and other records' links to it. */
export async function getRelationships(
  scope: TablesScope,
  tableId: string,
  itemId: string,
): Promise<Relationships> {
  const table = await loadTable(scope.db, scope.organizationId, tableId);
  const record = await loadRecord(scope.db, tableId, itemId);
  const outgoing: RelationshipGroup[] = [];
  for (const column of [...table.columns].sort((a, b) => a.position - b.position)) {
    if (column.type !== 'link') continue;
    const group = await outgoingGroup(scope.db, scope.organizationId, column, record.values);
    if (group) outgoing.push(group);
  }
  return {
    table_id: table.id,
    item_id: record.id,
    label: labelOf(table.columns, record.id, record.values),
    outgoing,
    incoming: await incomingGroups(scope.db, scope.organizationId, table, record.id),
  };
}

/**
 * Links (or unlinks) a record to a record of the column's linked table: the column must be a link
 * column of the record's table; the linked record must exist there (checked by the row update,
 * which also audits the change). Answers the record's relationships afterwards.
 */
export async function changeRelationship(
  scope: TablesScope,
  change: RelationshipChange,
  link: boolean,
): Promise<Relationships> {
  const table = await loadTable(scope.db, scope.organizationId, change.table_id);
  const column = table.columns.find((c) => c.id === change.column_id);
  if (column?.type !== 'link') {
    throw badRequest('Not a link column', {
      column_id: `No link column "${change.column_id}" in ${table.name}`,
    });
  }
  if (!UUID.test(change.linked_item_id)) {
    throw badRequest('Unknown record', { linked_item_id: 'Must be a record id' });
  }
  const record = await loadRecord(scope.db, table.id, change.item_id);
  const current = Array.isArray(record.values[column.id]) ? (record.values[column.id] as string[]) : [];
  const target = change.linked_item_id.toLowerCase();
  if (link === current.includes(target)) {
    if (!link) throw notFound('These records are not linked');
    return getRelationships(scope, table.id, record.id);
  }
  const next = link ? [...current, target] : current.filter((id) => id !== target);
  await updateItem(scope, table.id, record.id, { [column.id]: next.length === 0 ? null : next });
  return getRelationships(scope, table.id, record.id);
}

import type {
  AssociationMapping,
  AssociationMappingInput,
  AssociationMappingsPage,
  TableColumn,
} from '@counterpart/contracts';
import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { associationMappings, dataTables } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { columnCurrency } from './cell-values.ts';
import { loadTable } from './tables.service.ts';
import type { TablesScope } from './tables-scope.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type MappingRow = typeof associationMappings.$inferSelect;
type TableRow = Awaited<ReturnType<typeof loadTable>>;

const FAMILY: Record<TableColumn['type'], string> = {
  text: 'text',
  single_select: 'text',
  number: 'amount',
  currency: 'amount',
  date: 'date',
  boolean: 'boolean',
  link: 'link',
};

/**
 * Why two columns cannot be paired, or null when they can: same family (text and selects; numbers
 * and amounts; dates; booleans; links), or text with a number (identifiers such as invoice numbers);
 * amounts of two currencies never pair.
 */
export function pairProblem(left: TableColumn, right: TableColumn): string | null {
  const families = [FAMILY[left.type], FAMILY[right.type]].sort().join('+');
  const compatible = FAMILY[left.type] === FAMILY[right.type] || families === 'amount+text';
  if (!compatible) return `${left.name} (${left.type}) cannot be compared with ${right.name} (${right.type})`;
  if ((left.type === 'currency') !== (right.type === 'currency') && families === 'amount+text') {
    return `${left.name} (${left.type}) cannot be compared with ${right.name} (${right.type})`;
  }
  if (left.type === 'currency' && right.type === 'currency') {
    const [a, b] = [columnCurrency(left).currency, columnCurrency(right).currency];
    if (a !== b) return `${left.name} is in ${a} and ${right.name} in ${b}`;
  }
  if (left.type === 'link' && right.type === 'link' && left.link_table_id !== right.link_table_id) {
    return `${left.name} and ${right.name} link to different tables`;
  }
  return null;
}

function mappingView(row: MappingRow, names: Map<string, string>): AssociationMapping {
  return {
    id: row.id,
    name: row.name,
    left_table_id: row.leftTableId,
    right_table_id: row.rightTableId,
    left_table_name: names.get(row.leftTableId) ?? '',
    right_table_name: names.get(row.rightTableId) ?? '',
    pairs: row.pairs,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function sideTable(db: Db, organizationId: string, tableId: string, field: string): Promise<TableRow> {
  return loadTable(db, organizationId, tableId).catch(() => {
    throw badRequest('Unknown table', { [field]: 'No such table in this organization' });
  });
}

/** Checks a mapping (tables, columns, types, duplicates, unique name); answers its tables' names. */
async function validate(
  db: Db,
  organizationId: string,
  input: AssociationMappingInput,
  exceptId?: string,
): Promise<Map<string, string>> {
  const left = await sideTable(db, organizationId, input.left_table_id, 'left_table_id');
  const right = await sideTable(db, organizationId, input.right_table_id, 'right_table_id');
  if (left.id === right.id) {
    throw badRequest('Choose two different tables', { right_table_id: 'Must differ from the left table' });
  }
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  input.pairs.forEach((pair, index) => {
    const field = `pairs[${index}]`;
    const leftColumn = left.columns.find((c) => c.id === pair.left_column_id);
    const rightColumn = right.columns.find((c) => c.id === pair.right_column_id);
    if (!leftColumn) errors[`${field}.left_column_id`] = `No column "${pair.left_column_id}" in ${left.name}`;
    if (!rightColumn)
      errors[`${field}.right_column_id`] = `No column "${pair.right_column_id}" in ${right.name}`;
    if (!leftColumn || !rightColumn) return;
    const key = `${leftColumn.id}:${rightColumn.id}`;
    if (seen.has(key)) errors[field] = `${leftColumn.name} ↔ ${rightColumn.name} is paired twice`;
    seen.add(key);
    const problem = pairProblem(leftColumn, rightColumn);
    if (problem) errors[field] = problem;
  });
  if (Object.keys(errors).length > 0) throw badRequest('Some column pairs are not valid', errors);
  const [taken] = await db
    .select({ id: associationMappings.id })
    .from(associationMappings)
    .where(
      and(
        eq(associationMappings.organizationId, organizationId),
        sql`lower(${associationMappings.name}) = lower(${input.name})`,
        exceptId ? ne(associationMappings.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) {
    throw badRequest('Mapping names must be unique', {
      name: `A mapping named "${input.name}" already exists`,
    });
  }
  return new Map([
    [left.id, left.name],
    [right.id, right.name],
  ]);
}

async function audit(
  db: Db,
  scope: TablesScope,
  id: string,
  action: string,
  details: Record<string, unknown>,
) {
  await recordAudit(db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action,
    targetType: 'association_mapping',
    targetId: id,
    details,
  });
}

/** The organization's mappings (those involving `table_id` when given), by name. */
export async function listMappings(
  scope: TablesScope,
  query: { page_no: number; page_size: number; table_id?: string | undefined },
): Promise<AssociationMappingsPage> {
  if (query.table_id && !UUID.test(query.table_id)) throw notFound('Table not found');
  const where = and(
    eq(associationMappings.organizationId, scope.organizationId),
    query.table_id
      ? or(
          eq(associationMappings.leftTableId, query.table_id),
          eq(associationMappings.rightTableId, query.table_id),
        )
      : undefined,
  );
  const [rows, [total], tables] = await Promise.all([
    scope.db
      .select()
      .from(associationMappings)
      .where(where)
      .orderBy(asc(sql`lower(${associationMappings.name})`), asc(associationMappings.id))
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size),
    scope.db.select({ n: count() }).from(associationMappings).where(where),
    scope.db
      .select({ id: dataTables.id, name: dataTables.name })
      .from(dataTables)
      .where(eq(dataTables.organizationId, scope.organizationId)),
  ]);
  const names = new Map(tables.map((t) => [t.id, t.name]));
  return {
    data: rows.map((row) => mappingView(row, names)),
    page_no: query.page_no,
    page_size: query.page_size,
    total: Number(total?.n ?? 0),
  };
}

async function loadMapping(db: Db, organizationId: string, id: string): Promise<MappingRow> {
  if (!UUID.test(id)) throw notFound('Mapping not found');
  const [row] = await db
    .select()
    .from(associationMappings)
    .where(and(eq(associationMappings.id, id), eq(associationMappings.organizationId, organizationId)));
  if (!row) throw notFound('Mapping not found');
  return row;
}

export async function getMapping(scope: TablesScope, id: string): Promise<AssociationMapping> {
  const row = await loadMapping(scope.db, scope.organizationId, id);
  const left = await loadTable(scope.db, scope.organizationId, row.leftTableId);
  const right = await loadTable(scope.db, scope.organizationId, row.rightTableId);
  return mappingView(
    row,
    new Map([
      [left.id, left.name],
      [right.id, right.name],
    ]),
  );
}

export async function createMapping(
  scope: TablesScope,
  input: AssociationMappingInput,
): Promise<AssociationMapping> {
  return scope.db.transaction(async (tx) => {
    const names = await validate(tx, scope.organizationId, input);
    const [row] = await tx
      .insert(associationMappings)
      .values({
        organizationId: scope.organizationId,
        name: input.name,
        leftTableId: input.left_table_id,
        rightTableId: input.right_table_id,
        pairs: input.pairs,
      })
      .returning();
    if (!row) throw new Error('The mapping was not created');
    await audit(tx, scope, row.id, 'association_mapping.created', {
      name: row.name,
      pairs: row.pairs.length,
    });
    return mappingView(row, names);
  });
}

export async function updateMapping(
  scope: TablesScope,
  id: string,
  input: AssociationMappingInput,
): Promise<AssociationMapping> {
  return scope.db.transaction(async (tx) => {
    const before = await loadMapping(tx, scope.organizationId, id);
    const names = await validate(tx, scope.organizationId, input, id);
    const [row] = await tx
      .update(associationMappings)
      .set({
        name: input.name,
        leftTableId: input.left_table_id,
        rightTableId: input.right_table_id,
        pairs: input.pairs,
        updatedAt: new Date(),
      })
      .where(eq(associationMappings.id, id))
      .returning();
    if (!row) throw notFound('Mapping not found');
    await audit(tx, scope, id, 'association_mapping.updated', {
      from: { name: before.name, pairs: before.pairs.length },
      to: { name: row.name, pairs: row.pairs.length },
    });
    return mappingView(row, names);
  });
}

export async function deleteMapping(scope: TablesScope, id: string): Promise<void> {
  await scope.db.transaction(async (tx) => {
    const row = await loadMapping(tx, scope.organizationId, id);
    await tx.delete(associationMappings).where(eq(associationMappings.id, id));
    await audit(tx, scope, id, 'association_mapping.deleted', { name: row.name });
  });
}

/** Removes the pairs naming a removed column (same transaction as the column's removal). */
export async function dropPairsOfColumn(db: Db, tableId: string, columnId: string): Promise<void> {
  for (const [side, key] of [
    [associationMappings.leftTableId, 'left_column_id'],
    [associationMappings.rightTableId, 'right_column_id'],
  ] as const) {
    await db
      .update(associationMappings)
      .set({
        pairs: sql`(select coalesce(jsonb_agg(p), '[]'::jsonb) from jsonb_array_elements(${associationMappings.pairs}) as p where p->>${key} <> ${columnId})`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(side, tableId),
          sql`${associationMappings.pairs} @> ${JSON.stringify([{ [key]: columnId }])}::jsonb`,
        ),
      );
  }
}

import {
  type ItemFilter,
  itemFilterSchema,
  type itemsQuerySchema,
  type TableColumn,
  type TableItemsPage,
} from '@counterpart/contracts';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { tableItems } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { parseCell } from './cell-values.ts';
import { itemView } from './item-values.ts';
import { loadTable } from './tables.service.ts';
import type { TablesScope } from './tables-scope.ts';

const COLUMN_ID = /^c[0-9a-f]{12}$/;
const NUMERIC_TYPES = new Set(['number', 'currency']);

function columnOf(columns: TableColumn[], id: string, field: string): TableColumn {
  const column = columns.find((c) => c.id === id);
  if (!column || !COLUMN_ID.test(column.id))
    throw badRequest('Unknown column', { [field]: `No column "${id}"` });
  return column;
}

/** The cell as text; column ids are generated (`c` + 12 hex), so they are inlined for expression indexes. */
function cellText(column: TableColumn): SQL {
  return sql`(${tableItems.values}->>${sql.raw(`'${column.id}'`)})`;
}

function cellNumeric(column: TableColumn): SQL {
  return sql`(${cellText(column)})::numeric`;
}

function sortKey(column: TableColumn): SQL {
  if (NUMERIC_TYPES.has(column.type)) return cellNumeric(column);
  if (column.type === 'boolean') return sql`(${cellText(column)})::boolean`;
  if (column.type === 'text') return sql`lower(${cellText(column)})`;
  return cellText(column);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A filter value in the column's stored form, or a 400 naming the column. */
function storedValue(column: TableColumn, value: unknown): string {
  const result = parseCell(column, value);
  if (!result.ok) throw badRequest('Invalid filter', { filters: `${column.name}: ${result.error}` });
  if (result.value === null)
    throw badRequest('Invalid filter', { filters: `${column.name}: a value is needed` });
  return Array.isArray(result.value) ? (result.value[0] ?? '') : String(result.value);
}

function equalsCondition(column: TableColumn, value: unknown): SQL {
  const stored = storedValue(column, value);
  if (NUMERIC_TYPES.has(column.type)) return sql`${cellNumeric(column)} = ${stored}::numeric`;
  if (column.type === 'link') {
    return sql`(${tableItems.values}->${sql.raw(`'${column.id}'`)}) @> ${JSON.stringify([stored])}::jsonb`;
  }
  return sql`${cellText(column)} = ${stored}`;
}

function betweenCondition(column: TableColumn, filter: ItemFilter): SQL {
  const numeric = NUMERIC_TYPES.has(column.type);
  if (!numeric && column.type !== 'date') {
    throw badRequest('Invalid filter', {
      filters: `${column.name}: between works on numbers, amounts and dates`,
    });
  }
  const key = numeric ? cellNumeric(column) : cellText(column);
  const bound = (value: string | number) => {
    const stored = storedValue(column, value);
    return numeric ? sql`${stored}::numeric` : sql`${stored}`;
  };
  const parts: SQL[] = [];
  if (filter.from !== undefined && filter.from !== '') parts.push(sql`${key} >= ${bound(filter.from)}`);
  if (filter.to !== undefined && filter.to !== '') parts.push(sql`${key} <= ${bound(filter.to)}`);
  if (parts.length === 0)
    throw badRequest('Invalid filter', { filters: `${column.name}: give from and/or to` });
  return and(...parts) as SQL;
}

function filterCondition(columns: TableColumn[], filter: ItemFilter): SQL {
  const column = columnOf(columns, filter.column_id, 'filters');
  switch (filter.op) {
    case 'equals':
      return equalsCondition(column, filter.value);
    case 'contains':
      return sql`lower(${cellText(column)}) like ${`%${escapeLike(String(filter.value ?? '').toLowerCase())}%`}`;
    case 'between':
      return betweenCondition(column, filter);
    case 'is_empty':
      return sql`coalesce(${cellText(column)}, '') = ''`;
    case 'is_not_empty':
      return sql`coalesce(${cellText(column)}, '') <> ''`;
    case 'status': {
      const values = filter.values ?? (filter.value === undefined ? [] : [String(filter.value)]);
      if (values.length === 0)
        throw badRequest('Invalid filter', { filters: `${column.name}: choose a status` });
      return sql`${cellText(column)} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`;
    }
  }
}

function parseFilters(text: string | undefined): ItemFilter[] {
  if (!text) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('Invalid filters', { filters: 'Must be a JSON array of filters' });
  }
  const parsed = z.array(itemFilterSchema).max(50).safeParse(json);
  if (!parsed.success)
    throw badRequest('Invalid filters', { filters: parsed.error.issues[0]?.message ?? 'Invalid' });
  return parsed.data;
}

type ListQuery = z.output<typeof itemsQuerySchema>;

/** One page of rows: filters (all must match), search (every word somewhere in the row), typed sort. */
export async function listItems(
  scope: TablesScope,
  tableId: string,
  query: ListQuery,
): Promise<TableItemsPage> {
  const table = await loadTable(scope.db, scope.organizationId, tableId);
  const conditions: SQL[] = [eq(tableItems.tableId, tableId)];
  for (const filter of parseFilters(query.filters)) conditions.push(filterCondition(table.columns, filter));
  for (const word of (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    conditions.push(sql`${tableItems.searchText} like ${`%${escapeLike(word)}%`}`);
  }
  const where = and(...conditions);
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  const order: SQL[] = [];
  if (query.sort && query.sort !== 'created_at') {
    order.push(sql`${sortKey(columnOf(table.columns, query.sort, 'sort'))} ${direction} nulls last`);
  }
  order.push(sql`${tableItems.seq} ${direction}`);
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(tableItems)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size),
    scope.db.select({ n: count() }).from(tableItems).where(where),
  ]);
  return {
    data: rows.map((row) => itemView(table.columns, row)),
    page_no: query.page_no,
    page_size: query.page_size,
    total: Number(total?.n ?? 0),
  };
}

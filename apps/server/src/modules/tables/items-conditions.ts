import { type ItemFilter, itemFilterSchema, type TableColumn } from '@counterpart/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { tableItems } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { RECON_STATUS_FILTER, reconStatusCondition } from '../recon/shared/item-status.service.ts';
import { parseCell } from './cell-values.ts';
import { visibleItems } from './visible-items.ts';

const COLUMN_ID = /^c[0-9a-f]{12}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMERIC_TYPES = new Set(['number', 'currency']);

/** How a column's cells compare: the SQL cast its sort key and range filters use (and its index). */
export type KeyKind = 'numeric' | 'boolean' | 'lower' | 'text';

export function keyKind(column: TableColumn): KeyKind {
  if (NUMERIC_TYPES.has(column.type)) return 'numeric';
  if (column.type === 'boolean') return 'boolean';
  if (column.type === 'text') return 'lower';
  return 'text';
}

export function columnOf(columns: TableColumn[], id: string, field: string): TableColumn {
  const column = columns.find((c) => c.id === id);
  if (!column || !COLUMN_ID.test(column.id))
    throw badRequest('Unknown column', { [field]: `No column "${id}"` });
  return column;
}

/** The cell as text. Column ids are generated (`c` + 12 hex, checked), so they are inlined: the
 * expression then matches the per-column expression indexes (column-indexes.ts) textually. */
export function cellText(column: TableColumn): SQL {
  if (!COLUMN_ID.test(column.id)) throw new Error(`Bad column id ${column.id}`);
  return sql`(${tableItems.values}->>${sql.raw(`'${column.id}'`)})`;
}

/** The typed sort key of a column: exactly the expression its index is built on. */
export function sortKey(column: TableColumn): SQL {
  const kind = keyKind(column);
  if (kind === 'numeric') return sql`(${cellText(column)})::numeric`;
  if (kind === 'boolean') return sql`(${cellText(column)})::boolean`;
  if (kind === 'lower') return sql`lower(${cellText(column)})`;
  return cellText(column);
}

/** A value compared with a sort key, in the key's type (keyset paging, filters). */
export function keyValue(column: TableColumn, value: string): SQL {
  const kind = keyKind(column);
  if (kind === 'numeric') return sql`${value}::numeric`;
  if (kind === 'boolean') return sql`${value}::boolean`;
  return sql`${value}`;
}

/** `table_id = '<uuid>'` with the id inlined, so the planner can use the table's partial indexes. */
export function tableCondition(tableId: string): SQL {
  if (!UUID.test(tableId)) throw new Error('Bad table id');
  return sql`${tableItems.tableId} = ${sql.raw(`'${tableId.toLowerCase()}'::uuid`)}`;
}

export function escapeLike(text: string): string {
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
  if (keyKind(column) === 'numeric') return sql`${sortKey(column)} = ${stored}::numeric`;
  // The lower() test lets a text column's index find the candidates; the exact test keeps the case.
  if (keyKind(column) === 'lower') {
    return sql`${sortKey(column)} = lower(${stored}) and ${cellText(column)} = ${stored}`;
  }
  if (column.type === 'link') {
    return sql`(${tableItems.values}->${sql.raw(`'${column.id}'`)}) @> ${JSON.stringify([stored])}::jsonb`;
  }
  return sql`${cellText(column)} = ${stored}`;
}

function betweenCondition(column: TableColumn, filter: ItemFilter): SQL {
  const numeric = keyKind(column) === 'numeric';
  if (!numeric && column.type !== 'date') {
    throw badRequest('Invalid filter', {
      filters: `${column.name}: between works on numbers, amounts and dates`,
    });
  }
  const key = sortKey(column);
  const bound = (value: string | number) => keyValue(column, storedValue(column, value));
  const parts: SQL[] = [];
  if (filter.from !== undefined && filter.from !== '') parts.push(sql`${key} >= ${bound(filter.from)}`);
  if (filter.to !== undefined && filter.to !== '') parts.push(sql`${key} <= ${bound(filter.to)}`);
  if (parts.length === 0)
    throw badRequest('Invalid filter', { filters: `${column.name}: give from and/or to` });
  return and(...parts) as SQL;
}

function filterCondition(columns: TableColumn[], filter: ItemFilter): SQL {
  if (filter.column_id === RECON_STATUS_FILTER) {
    // Reconciliation status (recon module): { column_id: 'recon_status', op: 'status', values }.
    const values = filter.values ?? (filter.value === undefined ? [] : [String(filter.value)]);
    const condition = filter.op === 'status' ? reconStatusCondition(values) : null;
    if (!condition) {
      throw badRequest('Invalid filter', {
        filters: 'recon_status: use op status with reconciled, partial, suggested or unreconciled',
      });
    }
    return condition;
  }
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

/** The `filters` query parameter: a JSON array of ItemFilter, or a 400 saying why not. */
export function parseFilters(input: string | ItemFilter[] | undefined): ItemFilter[] {
  if (!input) return [];
  let json: unknown = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input);
    } catch {
      throw badRequest('Invalid filters', { filters: 'Must be a JSON array of filters' });
    }
  }
  const parsed = z.array(itemFilterSchema).max(50).safeParse(json);
  if (!parsed.success)
    throw badRequest('Invalid filters', { filters: parsed.error.issues[0]?.message ?? 'Invalid' });
  return parsed.data;
}

/** What a read of a table's rows asks for: the list's query and the export's body share it. */
export interface ItemsView {
  filters?: string | ItemFilter[] | undefined;
  search?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export interface ViewPlan {
  where: SQL;
  /** True when filters or search narrow the rows (then the table's row_count is not the total). */
  narrowed: boolean;
  /** The sorted column, when not the insertion order. */
  sortColumn: TableColumn | null;
  descending: boolean;
  /** Columns whose sort/range expression deserves an index (column-indexes.ts). */
  keyColumns: TableColumn[];
  /** Columns filtered with `contains` (a trigram index helps where available). */
  containsColumns: TableColumn[];
  searching: boolean;
}

/**
 * Turns a view into SQL: filters (all must match), search (every word somewhere in the row), the
 * typed sort. Empty cells sort as the largest value (asc: last, desc: first), PostgreSQL's default,
 * so one (key, seq) index serves both directions.
 */
export function planView(tableId: string, columns: TableColumn[], view: ItemsView): ViewPlan {
  // Rows of an unfinished import are not the table's yet (visible-items.ts).
  const conditions: SQL[] = [
    tableCondition(tableId),
    visibleItems(sql.raw(`'${tableId.toLowerCase()}'::uuid`)),
  ];
  const keyColumns = new Map<string, TableColumn>();
  const containsColumns = new Map<string, TableColumn>();
  const filters = parseFilters(view.filters);
  for (const filter of filters) {
    conditions.push(filterCondition(columns, filter));
    if (filter.column_id === RECON_STATUS_FILTER) continue;
    const column = columnOf(columns, filter.column_id, 'filters');
    if (filter.op === 'contains') containsColumns.set(column.id, column);
    else if (column.type !== 'link') keyColumns.set(column.id, column);
  }
  const words = (view.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  for (const word of words) conditions.push(sql`${tableItems.searchText} like ${`%${escapeLike(word)}%`}`);
  const sortColumn = view.sort && view.sort !== 'created_at' ? columnOf(columns, view.sort, 'sort') : null;
  if (sortColumn) keyColumns.set(sortColumn.id, sortColumn);
  return {
    where: and(...conditions) as SQL,
    narrowed: filters.length > 0 || words.length > 0,
    sortColumn,
    descending: view.order === 'desc',
    keyColumns: [...keyColumns.values()],
    containsColumns: [...containsColumns.values()],
    searching: words.length > 0,
  };
}

/** ORDER BY of a plan: the sort key (if any), then seq as the tie-breaker (a total order for keysets). */
export function orderOf(plan: ViewPlan): SQL {
  const direction = plan.descending ? sql`desc` : sql`asc`;
  const seq = sql`${tableItems.seq} ${direction}`;
  return plan.sortColumn ? sql`${sortKey(plan.sortColumn)} ${direction}, ${seq}` : seq;
}

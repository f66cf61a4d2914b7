import type { TableColumn, TableItem } from '@counterpart/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { tableItems } from '../../db/schema.ts';
import { keepsSourceText, setSourceText } from './cell-source-text.ts';
import { cellToWire, parseCell } from './cell-values.ts';

export interface ItemRecord {
  id: string;
  values: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

export function itemView(columns: TableColumn[], row: ItemRecord): TableItem {
  const values: TableItem['values'] = {};
  for (const column of columns) values[column.id] = cellToWire(column, row.values[column.id]);
  return {
    id: row.id,
    values,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function findColumnByKey(columns: TableColumn[], key: string): TableColumn | undefined {
  return columns.find((c) => c.id === key) ?? columns.find((c) => c.name.toLowerCase() === key.toLowerCase());
}

/**
 * Validates input values (keyed by column id or name) into stored cells keyed by column id.
 * `errors` holds the first error per column name (prefixed, e.g. "rows[2].", for bulk input);
 * a stored null means "clear this cell". `texts` receives, per column, the text typed when the
 * stored form reads back otherwise (see cell-source-text.ts), else null.
 */
export function parseValues(
  columns: TableColumn[],
  input: Record<string, unknown>,
  errors: Record<string, string>,
  prefix = '',
  texts: Record<string, string | null> = {},
): Record<string, unknown> {
  const cells: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(input)) {
    const column = findColumnByKey(columns, key);
    if (!column) {
      errors[`${prefix}${key}`] ??= 'Unknown column';
      continue;
    }
    const result = parseCell(column, raw);
    if (!result.ok) {
      errors[`${prefix}${column.name}`] ??= result.error;
      continue;
    }
    cells[column.id] = result.value;
    const typed = typeof raw === 'string' && keepsSourceText(column, raw, result.value);
    texts[column.id] = typed ? raw.trim() : null;
  }
  return cells;
}

/** Checks that every linked id is a row of the linked table; adds a field error per column otherwise. */
export async function checkLinks(
  db: Db,
  columns: TableColumn[],
  rows: Array<{ cells: Record<string, unknown>; prefix: string }>,
  errors: Record<string, string>,
): Promise<void> {
  for (const column of columns) {
    if (column.type !== 'link' || !column.link_table_id) continue;
    const wanted = new Set<string>();
    for (const { cells } of rows) {
      const ids = cells[column.id];
      if (Array.isArray(ids)) for (const id of ids) wanted.add(String(id));
    }
    if (wanted.size === 0) continue;
    const found = new Set<string>();
    const list = [...wanted];
    for (let i = 0; i < list.length; i += 1000) {
      const existing = await db
        .select({ id: tableItems.id })
        .from(tableItems)
        .where(
          and(eq(tableItems.tableId, column.link_table_id), inArray(tableItems.id, list.slice(i, i + 1000))),
        );
      for (const { id } of existing) found.add(id);
    }
    for (const { cells, prefix } of rows) {
      const ids = cells[column.id];
      if (Array.isArray(ids) && ids.some((id) => !found.has(String(id)))) {
        errors[`${prefix}${column.name}`] ??= 'Links to a record that does not exist in the linked table';
      }
    }
  }
}

/**
 * Merges changed cells into a row's values; null removes the cell. A changed cell's kept text is
 * replaced by the one in `texts` (or forgotten): an edit is the cell's new source.
 */
export function mergeValues(
  current: Record<string, unknown>,
  cells: Record<string, unknown>,
  texts: Record<string, string | null> = {},
): Record<string, unknown> {
  const next = { ...current };
  for (const [id, value] of Object.entries(cells)) {
    if (value === null) delete next[id];
    else next[id] = value;
    setSourceText(next, id, value === null ? null : (texts[id] ?? null));
  }
  return next;
}

/**
 * The rows that flow between the workflow's row blocks (filter, deduplicate, map, clean currency),
 * and the helpers those blocks share. Pure: no I/O.
 */

/** Rows flowing between workflow blocks: column names in order, each row's values by column name (text, or null when empty). */
export interface RowSet {
  columns: string[];
  rows: Array<Record<string, string | null>>;
}

/**
 * A row's hidden field (a key that is not among the set's columns): the id of the table item the row
 * was read from, set by the Table block. Row blocks keep it with the row; nothing shows or writes it;
 * the Reconcile block uses it to start from the items' reconciliation state.
 */
export const ITEM_ID_FIELD = '__item_id';

/** The item id a row carries (the Table block's hidden field), if any. */
export function itemIdOf(row: Record<string, string | null>): string | null {
  const id = Object.hasOwn(row, ITEM_ID_FIELD) ? row[ITEM_ID_FIELD] : null;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** A block's parameter is missing or wrong; `parameter` names it so the editor can point at it. */
export class BlockParameterError extends Error {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
    this.name = 'BlockParameterError';
  }
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True when `value` is a RowSet: distinct text column names, and rows that are objects whose value
 * for each column is text, null or absent (absent reads as null). Other keys of a row are ignored.
 */
export function isRowSet(value: unknown): value is RowSet {
  if (!isPlainRecord(value)) return false;
  const { columns, rows } = value;
  if (!Array.isArray(columns) || !Array.isArray(rows)) return false;
  if (!columns.every((column) => typeof column === 'string')) return false;
  if (new Set(columns).size !== columns.length) return false;
  for (const row of rows) {
    if (!isPlainRecord(row)) return false;
    for (const column of columns as string[]) {
      if (!Object.hasOwn(row, column)) continue;
      const cell = row[column];
      if (cell !== null && typeof cell !== 'string') return false;
    }
  }
  return true;
}

/** A row's value for a column; a column the row lacks (or an inherited key such as "toString") is null. */
export function cellOf(row: Record<string, string | null>, column: string): string | null {
  return Object.hasOwn(row, column) ? (row[column] ?? null) : null;
}

/** Sets a row's own value, also for a column named "__proto__" (which plain assignment would not create). */
export function setCell(row: Record<string, string | null>, column: string, value: string | null): void {
  if (column === '__proto__') {
    Object.defineProperty(row, column, { value, writable: true, enumerable: true, configurable: true });
  } else {
    row[column] = value;
  }
}

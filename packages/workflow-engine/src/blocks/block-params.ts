import { BlockParameterError, type RowSet } from './row-set.ts';

/**
 * Readers of a block's parameters (as saved in the graph node's `parameters`): each returns the
 * value in the shape the block needs or throws a BlockParameterError naming the parameter.
 */

export const noSuchColumn = (column: string) => `There is no column "${column}" in the rows`;

/** One column of the rows (a `column` parameter). */
export function readColumn(input: RowSet, params: Record<string, unknown>, name: string): string {
  const column = params[name];
  if (typeof column !== 'string' || column === '') throw new BlockParameterError(name, 'Choose a column');
  if (!input.columns.includes(column)) throw new BlockParameterError(name, noSuchColumn(column));
  return column;
}

/** One or more columns of the rows (a `multiselect` parameter), without repeats, in the order given. */
export function readColumns(input: RowSet, params: Record<string, unknown>, name: string): string[] {
  const columns = params[name];
  if (!Array.isArray(columns) || columns.length === 0) {
    throw new BlockParameterError(name, 'Choose at least one column');
  }
  const known = new Set(input.columns);
  for (const column of columns) {
    if (typeof column !== 'string') throw new BlockParameterError(name, 'Columns are named by text');
    if (!known.has(column)) throw new BlockParameterError(name, noSuchColumn(column));
  }
  return [...new Set(columns as string[])];
}

/** A text parameter; a number is taken as written (`1000.5` → "1000.5"). Absent, null or blank → undefined. */
export function readText(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') throw new BlockParameterError(name, 'Must be text');
  return value.trim() === '' ? undefined : value;
}

/** A JSON parameter, which the editor may save either as the value or as its JSON text. */
export function readJson(params: Record<string, unknown>, name: string): unknown {
  const value = params[name];
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new BlockParameterError(name, 'Is not valid JSON');
  }
}

import { HttpError } from '../../../shared/lib/http.ts';
import type { MappingErrors, MappingRow } from './mapping-state.ts';

/** `mapping[2].column_id` (the service) or `mapping.2.new_column.name` (schema validation). */
const MAPPING_FIELD = /^mapping(?:\[(\d+)\]|\.(\d+))(?:\.(.+))?$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldOf(path: string | undefined, row: MappingRow): 'name' | 'column' | 'currency' {
  if (path?.endsWith('currency')) return 'currency';
  if (path?.startsWith('column_id')) return 'column';
  if (path?.startsWith('new_column')) return 'name';
  return row.target === 'new' ? 'name' : 'column';
}

/**
 * Puts a refused confirm's field errors where the user can fix them: a mapping entry's error under
 * that source column, the new table's name under "Table name", anything else above the form.
 * `rows` are in the order the confirm body listed them.
 */
export function placeConfirmErrors(error: unknown, rows: MappingRow[], newTable: boolean): MappingErrors {
  const placed: MappingErrors = { rows: {} };
  const data = error instanceof HttpError ? error.data : undefined;
  const details = isRecord(data) && isRecord(data.details) ? data.details : {};
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(details)) {
    if (typeof message !== 'string') continue;
    const match = MAPPING_FIELD.exec(path);
    const row = match ? rows[Number(match[1] ?? match[2])] : undefined;
    if (row) {
      const field = fieldOf(match?.[3], row);
      placed.rows[row.source] = { ...placed.rows[row.source], [field]: message };
    } else if (newTable && (path === 'name' || path.endsWith('new_table.name'))) {
      placed.tableName = message;
    } else {
      unplaced.push(path === 'body' ? message : `${path}: ${message}`);
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  const anyPlaced = placed.tableName !== undefined || Object.keys(placed.rows).length > 0;
  if (!anyPlaced || unplaced.length > 0)
    placed.form = unplaced.length > 0 && anyPlaced ? unplaced.join('; ') : message;
  return placed;
}

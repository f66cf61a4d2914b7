import type { TableColumn } from '@counterpart/contracts';
import type { Cell } from '@counterpart/files';
import {
  type BlockOutputs,
  type BlockRunContext,
  cleanCurrency,
  deduplicateRows,
  filterRows,
  ITEM_ID_FIELD,
  isRowSet,
  mapColumns,
  type RowSet,
} from '@counterpart/workflow-engine';
import { createItems } from '../../tables/items.service.ts';
import { tableExportSource } from '../../tables/items-export.service.ts';
import { clearTable, createTable, loadTable } from '../../tables/tables.service.ts';
import { BLOCK_NAMES } from '../block-catalog.ts';
import type { BlockEnvironment } from './block-environment.ts';
import { isFileRef, parseDocument, parseDocuments, uploadedDocument } from './document-blocks.ts';
import { extractWithModel } from './extract-block.ts';
import { exportFile, listDropBox, notify, UNAVAILABLE_BLOCKS } from './output-blocks.ts';
import { dashboardOf, type ReconRows, reconcileRows } from './reconcile-block.ts';

const READ_BATCH = 5_000;

function cellText(cell: Cell): string | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'string') return cell === '' ? null : cell;
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  if (cell instanceof Date) return cell.toISOString();
  if ('day' in cell) return cell.day;
  return cell.decimal;
}

/** The rows feeding one input handle: every connected edge's rows, one after the other. */
export function rowsOf(values: unknown[] | undefined, label: string): RowSet {
  const sets = (values ?? []).filter(isRowSet);
  if (sets.length === 0) throw new Error(`Nothing gives rows to "${label}"`);
  if (sets.length === 1) return sets[0] as RowSet;
  const columns = [...new Set(sets.flatMap((set) => set.columns))];
  return { columns, rows: sets.flatMap((set) => set.rows) };
}

/** Rows in a value (a row set) or 0: what the execution history counts. */
export function rowCount(value: unknown): number | null {
  // A shape check, not isRowSet's scan of every cell: this runs for every input and output.
  const rows = (value as { rows?: unknown } | null)?.rows;
  return typeof value === 'object' && value !== null && Array.isArray(rows) && 'columns' in value
    ? rows.length
    : null;
}

async function readTable(env: BlockEnvironment, tableId: unknown): Promise<RowSet> {
  if (typeof tableId !== 'string' || tableId === '') throw new Error('Choose the table to read');
  const source = await tableExportSource(
    env.db,
    env.organizationId,
    { area: 'table', format: 'csv', table_id: tableId, order: 'asc' },
    READ_BATCH,
  );
  const rows: RowSet['rows'] = [];
  for await (const batch of source.rowsWithIds()) {
    for (const { id, cells } of batch) {
      const row: Record<string, string | null> = {};
      cells.forEach((cell, i) => {
        row[source.columns[i] as string] = cellText(cell);
      });
      // Hidden (not a column): which item the row is, so Reconcile starts from its recon state.
      if (!Object.hasOwn(row, ITEM_ID_FIELD)) row[ITEM_ID_FIELD] = id;
      rows.push(row);
    }
  }
  return { columns: source.columns, rows };
}

const comparable = (name: string) => name.trim().toLowerCase();

/**
 * Writes rows into an existing table (columns matched by name, case-insensitive; a column the
 * table lacks is refused by name) or into a new text table. One transaction — the new table or
 * the cleared rows (mode replace) and the rows written — so a failure or a process killed
 * mid-way leaves the table as it was.
 */
async function writeTable(env: BlockEnvironment, input: RowSet, params: Record<string, unknown>) {
  const tableId = typeof params.table_id === 'string' ? params.table_id : '';
  const name = typeof params.table_name === 'string' ? params.table_name.trim() : '';
  if (!tableId && !name) throw new Error('Choose a table, or name the new table to write into');
  await env.db.transaction(async (tx) => {
    const scope = { db: tx, organizationId: env.organizationId, actor: env.actor };
    const table = tableId
      ? await loadTable(scope.db, env.organizationId, tableId)
      : await createTable(scope, {
          name,
          columns: input.columns.map((column) => ({ name: column, type: 'text' as const })),
        });
    const byName = new Map(table.columns.map((column) => [comparable(column.name), column]));
    const columnOf = (column: string) => byName.get(comparable(column.replace(/ \([A-Z]{3}\)$/, '')));
    const missing = input.columns.filter((column) => !columnOf(column));
    if (missing.length > 0) {
      throw new Error(`The table has no column ${missing.map((m) => `"${m}"`).join(', ')}`);
    }
    if (tableId && params.mode === 'replace') await clearTable(scope, table.id, table.name);
    const ids = input.columns.map((column) => (columnOf(column) as TableColumn).id);
    if (input.rows.length > 0) {
      await createItems(
        scope,
        table.id,
        input.rows.map((row) => ({
          values: Object.fromEntries(input.columns.map((column, i) => [ids[i], row[column] ?? null])),
        })),
        true,
      );
    }
  });
  return { rows: input };
}

/** Runs one block of an execution: the blocks that work on rows, and reading and writing tables. */
export function createBlockRunner(env: BlockEnvironment) {
  return async function runBlock({ node, inputs, signal }: BlockRunContext): Promise<BlockOutputs> {
    const params = node.parameters as Record<string, unknown>;
    switch (node.type) {
      case 'home':
        return { start: env.inputs };
      case 'upload_document':
        return uploadedDocument(
          env.db,
          env.organizationId,
          env.inputs[node.id],
          String(params.label || node.label || node.id),
        );
      case 'parse_file': {
        const file = (inputs.file ?? []).find(isFileRef);
        if (file) return parseDocument(env.db, env.store, env.organizationId, file, params, signal);
        const listed = (inputs.file ?? []).find(isRowSet);
        if (listed) return parseDocuments(env.db, env.store, env.organizationId, listed, params, signal);
        throw new Error('Nothing gives a file to "File"');
      }
      case 'table':
        return { rows: await readTable(env, params.table_id) };
      case 'filter_rows':
        return filterRows(rowsOf(inputs.rows, 'Rows'), params);
      case 'deduplicate':
        return deduplicateRows(rowsOf(inputs.rows, 'Rows'), params);
      case 'map_columns':
        return mapColumns(rowsOf(inputs.rows, 'Rows'), params);
      case 'clean_currency': {
        const { rows, problems } = cleanCurrency(rowsOf(inputs.rows, 'Rows'), params);
        const first = problems[0];
        if (first) {
          throw new Error(
            `${problems.length} value(s) are not amounts; first: row ${first.row + 1}, ${first.column} "${first.value}": ${first.reason}`,
          );
        }
        return { rows };
      }
      case 'reconcile':
        return reconcileRows(
          env.db,
          env.organizationId,
          rowsOf(inputs.left, 'Left'),
          rowsOf(inputs.right, 'Right'),
          params,
        );
      case 'dashboard': {
        const results = (inputs.results ?? []).filter(isRowSet) as ReconRows[];
        if (results.length === 0) throw new Error('Nothing gives reconciliation results to "Results"');
        const title = typeof params.title === 'string' && params.title ? params.title : 'Reconciliation';
        return { dashboard: dashboardOf(title, results) };
      }
      case 'write_to_table':
        return writeTable(env, rowsOf(inputs.rows, 'Rows'), params);
      case 'export_file':
        return exportFile(env, inputs.data, params);
      case 'notify':
        return notify(env, inputs.data, params);
      case 'documents':
        return listDropBox(env, params);
      case 'extract_with_model':
        return extractWithModel(env, inputs.documents ?? [], params, signal);
      case 'integration':
      case 'post_to_erp':
        throw new Error(UNAVAILABLE_BLOCKS[node.type]);
      default:
        throw new Error(
          `The ${BLOCK_NAMES.get(node.type) ?? node.type} block does not run in executions yet`,
        );
    }
  };
}

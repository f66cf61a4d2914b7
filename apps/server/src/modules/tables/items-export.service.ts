import type { TableColumn, TableExport } from '@counterpart/contracts';
import { fromMinorUnits, proposedReferenceColumns } from '@counterpart/domain';
import type { Cell } from '@counterpart/files';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { tableItems } from '../../db/schema.ts';
import {
  type Counterpart,
  RECON_STATUS_WORDS,
  reconFactsOf,
  takesPartInRecon,
} from '../recon/shared/item-status.service.ts';
import { columnCurrency } from './cell-values.ts';
import { keyValue, orderOf, planView, sortKey, type ViewPlan } from './items-conditions.ts';
import { loadTable } from './tables.service.ts';

/** What the export job needs of a table's view (structurally the exports module's ExportSource). */
export interface TableExportSource {
  sheetName: string;
  fileBase: string;
  columns: string[];
  count(): Promise<number>;
  batches(): AsyncIterable<Cell[][]>;
  /** The same batches with each row's item id (a workflow's Table block carries it along, hidden). */
  rowsWithIds(): AsyncIterable<Array<{ id: string; cells: Cell[] }>>;
}

/** `Bank statement (March)` → `bank-statement-march`: the export's file name before the date. */
export function fileBaseOf(tableName: string): string {
  const slug = tableName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'table';
}

/** Excel's sheet names: at most 31 characters, none of []:*?/\ . */
export function sheetNameOf(tableName: string): string {
  return (
    tableName
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Table'
  );
}

/** The header of a column: its name, with the currency code for amounts ("Amount (KES)"). */
export function headerOf(column: TableColumn): string {
  return column.type === 'currency' ? `${column.name} (${columnCurrency(column).currency})` : column.name;
}

/**
 * A stored cell for people: amounts as exact decimals from their minor units, dates as calendar
 * days, numbers and booleans typed, links as the linked record ids.
 */
export function exportCell(column: TableColumn, stored: unknown): Cell {
  if (stored === null || stored === undefined) return null;
  switch (column.type) {
    case 'currency': {
      const { decimals } = columnCurrency(column);
      return { decimal: fromMinorUnits(BigInt(String(stored)), decimals), places: decimals };
    }
    case 'date':
      return { day: String(stored) };
    case 'number':
      return typeof stored === 'number' ? stored : Number(stored);
    case 'boolean':
      return stored === true || stored === 'true';
    case 'link':
      return Array.isArray(stored) ? stored.join(', ') : String(stored);
    default:
      return String(stored);
  }
}

interface Position {
  seq: number;
  key: string | null;
}

/**
 * Rows after `last` in the view's order (seq breaks ties, so the order is total). Empty keys come
 * last ascending and first descending, as in the list (planView).
 */
function afterCondition(plan: ViewPlan, last: Position): SQL {
  const seq = tableItems.seq;
  const column = plan.sortColumn;
  if (!column) return plan.descending ? sql`${seq} < ${last.seq}` : sql`${seq} > ${last.seq}`;
  const key = sortKey(column);
  if (!plan.descending) {
    if (last.key === null) return sql`(${key} is null and ${seq} > ${last.seq})`;
    const value = keyValue(column, last.key);
    return sql`(${key} > ${value} or (${key} = ${value} and ${seq} > ${last.seq}) or ${key} is null)`;
  }
  if (last.key === null) return sql`((${key} is null and ${seq} < ${last.seq}) or ${key} is not null)`;
  const value = keyValue(column, last.key);
  return sql`(${key} < ${value} or (${key} = ${value} and ${seq} < ${last.seq}))`;
}

/** Checks the table and the view (404 / 400 at once, before a job is queued). */
export async function checkTableExport(db: Db, organizationId: string, input: TableExport): Promise<void> {
  const table = await loadTable(db, organizationId, input.table_id);
  planView(table.id, table.columns, input);
}

/**
 * The rows of a table's view, in batches of `batchSize` read by keyset (the sort key and seq of
 * the last row), never OFFSET: batch n costs what batch 1 does.
 */
export async function tableExportSource(
  db: Db,
  organizationId: string,
  input: TableExport,
  batchSize: number,
): Promise<TableExportSource> {
  const table = await loadTable(db, organizationId, input.table_id);
  const columns = [...table.columns].sort((a, b) => a.position - b.position);
  const plan = planView(table.id, columns, input);
  const keyText = plan.sortColumn ? sql`(${sortKey(plan.sortColumn)})::text` : sql`null::text`;
  const recon = (await takesPartInRecon(db, table.id)) ? reconColumns(db, organizationId) : null;
  async function* rowsWithIds(): AsyncGenerator<Array<{ id: string; cells: Cell[] }>> {
    let last: Position | null = null;
    for (;;) {
      const where: SQL = last ? sql`${plan.where} and ${afterCondition(plan, last)}` : plan.where;
      const rows: Array<{ id: string; seq: string | number; cells: unknown; key: string | null }> =
        await rowsOf(
          db,
          sql`select ${tableItems.id} as id, ${tableItems.seq} as seq, ${tableItems.values} as cells, ${keyText} as key
                from ${tableItems} where ${where} order by ${orderOf(plan)} limit ${batchSize}`,
        );
      if (rows.length === 0) return;
      const extra = recon ? await recon(rows.map((row) => row.id)) : null;
      yield rows.map((row, i) => {
        const cells = columns.map((column) => exportCell(column, valuesOf(row.cells)[column.id]));
        return { id: row.id, cells: extra ? [...cells, ...(extra[i] as Cell[])] : cells };
      });
      const end = rows.at(-1);
      if (!end || rows.length < batchSize) return;
      last = { seq: Number(end.seq), key: end.key };
    }
  }
  return {
    sheetName: sheetNameOf(table.name),
    fileBase: fileBaseOf(table.name),
    columns: [...columns.map(headerOf), ...(recon ? RECON_HEADERS : [])],
    async count() {
      if (!plan.narrowed) return table.rowCount;
      const [row] = await rowsOf<{ n: string | number }>(
        db,
        sql`select count(*) as n from ${tableItems} where ${plan.where}`,
      );
      return Number(row?.n ?? 0);
    },
    async *batches() {
      for await (const batch of rowsWithIds()) yield batch.map((row) => row.cells);
    },
    rowsWithIds,
  };
}

/** The columns a reconciled table's export adds after its own. */
export const RECON_HEADERS = ['Recon status', 'Group id', 'Counterpart reference'];

/**
 * The recon columns of a batch of rows, in their order: the status in the workspace's words, the
 * active group's id, and the counterpart rows' references as typed (each row's reference columns
 * joined by " / ", the rows by ", "). One query per batch; the other tables' reference columns
 * are read once per export.
 */
function reconColumns(db: Db, organizationId: string): (itemIds: string[]) => Promise<Cell[][]> {
  const referenceColumns = new Map<string, Promise<string[]>>();
  const referencesOf = (tableId: string): Promise<string[]> => {
    let known = referenceColumns.get(tableId);
    if (!known) {
      known = loadTable(db, organizationId, tableId).then(
        (other) => proposedReferenceColumns(other.columns).map((column) => column.id),
        () => [],
      );
      referenceColumns.set(tableId, known);
    }
    return known;
  };
  const referenceOf = async (row: Counterpart): Promise<string> => {
    const ids = await referencesOf(row.tableId);
    return ids
      .map((id) => row.values[id])
      .filter((value) => value !== null && value !== undefined && String(value).trim() !== '')
      .map(String)
      .join(' / ');
  };
  return async (itemIds) => {
    const facts = await reconFactsOf(db, itemIds);
    return Promise.all(
      itemIds.map(async (id): Promise<Cell[]> => {
        const fact = facts.get(id);
        if (!fact) return [RECON_STATUS_WORDS.unreconciled, null, null];
        const references = (await Promise.all(fact.counterparts.map(referenceOf))).filter(Boolean);
        return [RECON_STATUS_WORDS[fact.status], fact.groupId, references.join(', ') || null];
      }),
    );
  };
}

/** jsonb comes back parsed from both drivers; text if a driver ever hands it over raw. */
function valuesOf(values: unknown): Record<string, unknown> {
  return typeof values === 'string' ? JSON.parse(values) : ((values ?? {}) as Record<string, unknown>);
}

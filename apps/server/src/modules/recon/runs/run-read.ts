import type { SideFields, TableColumn } from '@counterpart/contracts';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/database.ts';
import { visibleItems } from '../../tables/tables-reader.service.ts';
import { KEPT_SKIPPED, type SideRows } from './run-groups.ts';
import { recordOf, type SideReader, sideReader } from './run-records.ts';

/*
 * A run's reading: each side's visible rows streamed out of the database as COPY text (PostgreSQL
 * COPY … TO STDOUT, PGlite its /dev/blob), only the id and the cells the run reads, straight into
 * engine records. No row object, no parsed `values` document: one reused cell map per side.
 */

const TABLE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMN_ID = /^c[0-9a-f]{12}$/;
/** Cells COPY hands over as the text they hold (a JSON string); other types come as JSON and are parsed. */
const TEXT_CELLS = new Set<TableColumn['type']>(['text', 'date', 'single_select', 'currency']);

/** The distinct columns a side reads, in a fixed order. */
export function columnsRead(reader: SideReader): TableColumn[] {
  const all = [reader.amount, reader.date, reader.valueDate, reader.counterparty, reader.currency];
  const byId = new Map<string, TableColumn>();
  for (const column of [...all, ...reader.reference, ...reader.text]) {
    if (column) byId.set(column.id, column);
  }
  return [...byId.values()];
}

/**
 * The COPY query of a side: id, then each column's cell (text columns as their text, others as
 * JSON), visible rows only, in insertion order. Ids are checked and inlined (COPY takes no parameters).
 */
export function sideCopyQuery(tableId: string, columns: TableColumn[]): string {
  if (!TABLE_ID.test(tableId)) throw new Error(`Table id "${tableId}" is not a UUID`);
  const cells = columns.map((column) => {
    if (!COLUMN_ID.test(column.id))
      throw new Error(`Column id "${column.id}" of "${column.name}" is malformed`);
    return TEXT_CELLS.has(column.type) ? `ti.values->>'${column.id}'` : `ti.values->'${column.id}'`;
  });
  const visible = new PgDialect().sqlToQuery(
    visibleItems(sql.raw(`'${tableId}'::uuid`), sql.raw('ti.import_id')),
  );
  if (visible.params.length > 0)
    throw new Error('The visible-rows condition has parameters: COPY takes none');
  return `select ti.id${cells.map((c) => `, ${c}`).join('')} from table_items ti
    where ti.table_id = '${tableId}'::uuid and ${visible.sql} order by ti.seq`;
}

/** A table's visible rows as engine records; rows it cannot read are skipped (and counted). */
export async function readSide(
  database: Database,
  tableId: string,
  columns: TableColumn[],
  fields: SideFields,
  defaultCurrency: string,
  signal?: AbortSignal,
): Promise<SideRows> {
  const reader = sideReader(columns, fields, defaultCurrency);
  const read = columnsRead(reader);
  const asText = read.map((column) => TEXT_CELLS.has(column.type));
  const out: SideRows = { records: [], total: 0, skipped: [], skippedCount: 0, allIds: [] };
  const values: Record<string, unknown> = {};
  const row = { id: '', values };
  await database.copyOut(
    sideCopyQuery(tableId, read),
    read.length + 1,
    (fields) => {
      row.id = fields[0] as string;
      for (let i = 0; i < read.length; i += 1) {
        const cell = fields[i + 1] ?? null;
        values[(read[i] as TableColumn).id] = cell === null || asText[i] ? cell : JSON.parse(cell);
      }
      out.total += 1;
      out.allIds.push(row.id);
      const record = recordOf(reader, row);
      if (record.ok) out.records.push(record.record);
      else {
        out.skippedCount += 1;
        if (out.skipped.length < KEPT_SKIPPED) out.skipped.push({ item_id: row.id, reason: record.reason });
      }
    },
    signal,
  );
  return out;
}

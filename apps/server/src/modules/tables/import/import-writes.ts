import type { ImportLineError } from '@counterpart/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { timeOrderedIds } from './item-ids.ts';

/** A row ready to insert: id, stored cells, search text, external key. */
export interface ReadyRow {
  i: string;
  v: Record<string, unknown>;
  s: string;
  k: string | null;
}

/** The counts an import shows while it runs. */
export interface ImportCounts {
  total: number;
  inserted: number;
  duplicates: number;
  failed: number;
  errors: ImportLineError[];
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (result as { rows?: Array<Record<string, unknown>> }).rows ?? [];
}

/** What the import row shows of the run so far; `errors` only when they changed. */
interface CountsSnapshot {
  total: number;
  failed: number;
  errors: ImportLineError[] | null;
}

/**
 * Inserts a batch with one statement (rows travel as one JSON document read by
 * jsonb_to_recordset), skipping rows whose external key the table already holds, and in the same
 * transaction adds what went in to the table's row_count and records the import's counts.
 * Answers how many rows went in.
 */
export async function insertBatch(
  db: Db,
  target: { tableId: string; importId: string },
  rows: ReadyRow[],
  snapshot: CountsSnapshot,
): Promise<number> {
  return db.transaction(async (tx) => {
    let inserted = 0;
    if (rows.length > 0) {
      const result = await tx.execute(sql`
        with inserted as (
          insert into table_items (id, table_id, values, search_text, external_key, import_id)
          select r.i, ${target.tableId}::uuid, r.v, r.s, r.k, ${target.importId}::uuid
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(i uuid, v jsonb, s text, k text)
          on conflict (table_id, external_key) where external_key is not null do nothing
          returning 1
        )
        update data_tables
        set row_count = row_count + (select count(*) from inserted), updated_at = now()
        where id = ${target.tableId}::uuid
        returning (select count(*) from inserted)::int as n`);
      inserted = Number(rowsOf(result)[0]?.n ?? 0);
    }
    await tx.execute(sql`
      update table_imports set
        total_rows = ${snapshot.total},
        inserted_rows = inserted_rows + ${inserted},
        duplicate_rows = duplicate_rows + ${rows.length - inserted},
        failed_rows = ${snapshot.failed}
        ${snapshot.errors ? sql`, errors = ${JSON.stringify(snapshot.errors)}::jsonb` : sql``}
      where id = ${target.importId}::uuid`);
    return inserted;
  });
}

/**
 * Writes batches with at most one in flight, so the next batch is read and converted while the
 * database inserts the previous one (PostgreSQL works meanwhile; PGlite shares the thread anyway).
 */
export class BatchWriter {
  private inFlight: Promise<void> | null = null;
  private keptErrors = 0;

  constructor(
    private readonly db: Db,
    private readonly target: { tableId: string; importId: string },
    readonly counts: ImportCounts,
  ) {}

  /** Waits for the batch in flight, then starts this one. */
  async write(rows: ReadyRow[]): Promise<void> {
    await this.settle();
    const { counts } = this;
    const changed = counts.errors.length !== this.keptErrors;
    this.keptErrors = counts.errors.length;
    const ids = timeOrderedIds(rows.length);
    rows.forEach((row, i) => {
      row.i = ids[i] ?? '';
    });
    const snapshot = {
      total: counts.total,
      failed: counts.failed,
      errors: changed ? [...counts.errors] : null,
    };
    const pending = insertBatch(this.db, this.target, rows, snapshot).then((inserted) => {
      counts.inserted += inserted;
      counts.duplicates += rows.length - inserted;
    });
    // Handled here so a failure waits for settle() instead of being an unhandled rejection.
    pending.catch(() => {});
    this.inFlight = pending;
  }

  /** Waits until every batch is in (rethrows the failure of the last one). */
  async settle(): Promise<void> {
    const pending = this.inFlight;
    this.inFlight = null;
    if (pending) await pending;
  }

  /** Waits for the batch in flight, ignoring its outcome (the run is failing anyway). */
  async abandon(): Promise<void> {
    await this.settle().catch(() => {});
  }
}

/**
 * Takes out every row an import inserted (a failed or interrupted run) and corrects the
 * table's row_count, in one transaction: the table is as it was before the import.
 */
export async function removeImportedRows(db: Db, tableId: string, importId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with removed as (
        delete from table_items where table_id = ${tableId}::uuid and import_id = ${importId}::uuid
        returning 1
      )
      update data_tables set row_count = row_count - (select count(*) from removed)
      where id = ${tableId}::uuid
      returning (select count(*) from removed)::int as n`);
    return Number(rowsOf(result)[0]?.n ?? 0);
  });
}

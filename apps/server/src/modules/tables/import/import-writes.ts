import type { ImportLineError } from '@counterpart/contracts';
import { sql } from 'drizzle-orm';
import type { BulkSession, Database, Db } from '../../../db/database.ts';
import type { EncodedBatch, ImportTarget, RowEncoding } from './row-encoding.ts';

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

/** A JSON payload as the text the statement takes. */
function payloadText(batch: EncodedBatch): string {
  return typeof batch.payload === 'string' ? batch.payload : new TextDecoder().decode(batch.payload);
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
 * transaction records the import's counts — only while the import is still running, else the
 * batch rolls back (ImportStoppedError). The table's row_count moves at commit (commitImport).
 * Answers how many rows went in. (PGlite with external keys: no staging table to fill there.)
 */
async function insertBatch(
  db: Db,
  target: ImportTarget,
  batch: EncodedBatch,
  snapshot: CountsSnapshot,
): Promise<number> {
  return db.transaction(async (tx) => {
    let inserted = 0;
    if (batch.rows > 0) {
      const result = await tx.execute(sql`
        with inserted as (
          insert into table_items (id, table_id, values, search_text, external_key, import_id)
          select r.i, ${target.tableId}::uuid, r.v, r.s, r.k, ${target.importId}::uuid
          from jsonb_to_recordset(${payloadText(batch)}::jsonb) as r(i uuid, v jsonb, s text, k text)
          on conflict (table_id, external_key) where external_key is not null do nothing
          returning 1
        )
        select count(*)::int as n from inserted`);
      inserted = Number(rowsOf(result)[0]?.n ?? 0);
    }
    const counted = await tx.execute(sql`
      update table_imports set
        total_rows = ${snapshot.total},
        inserted_rows = inserted_rows + ${inserted},
        duplicate_rows = duplicate_rows + ${batch.rows - inserted},
        failed_rows = ${snapshot.failed}
        ${snapshot.errors ? sql`, errors = ${JSON.stringify(snapshot.errors)}::jsonb` : sql``}
      where id = ${target.importId}::uuid and status = 'running'
      returning 1`);
    if (rowsOf(counted).length === 0) throw new ImportStoppedError();
    return inserted;
  });
}

/**
 * insertBatch with COPY (less work for the database than parsing one large JSON document: ~20 %
 * on PostgreSQL, ~10 % on PGlite). Without external keys nothing can conflict, so
 * they go straight into table_items; with keys they are copied into a temporary table first and
 * moved with one INSERT … ON CONFLICT DO NOTHING, which counts the duplicates.
 */
async function copyBatch(
  session: BulkSession,
  target: ImportTarget,
  staged: boolean,
  batch: EncodedBatch,
  snapshot: CountsSnapshot,
): Promise<number> {
  let inserted = 0;
  if (batch.rows > 0) {
    const data = batch.payload;
    if (staged) {
      await session.query(
        'create temporary table import_rows (i uuid, v jsonb, s text, k text) on commit drop',
      );
      await session.copyIn('import_rows (i, v, s, k)', data);
      const moved = await session.query<{ n: number }>(
        `with inserted as (
           insert into table_items (id, table_id, values, search_text, external_key, import_id)
           select i, $1::uuid, v, s, k, $2::uuid from import_rows
           on conflict (table_id, external_key) where external_key is not null do nothing
           returning 1
         )
         select count(*)::int as n from inserted`,
        [target.tableId, target.importId],
      );
      inserted = Number(moved.rows[0]?.n ?? 0);
    } else {
      inserted = await session.copyIn('table_items (id, table_id, values, search_text, import_id)', data);
    }
  }
  const counted = await session.query(
    `update table_imports set total_rows = $1, inserted_rows = inserted_rows + $2,
       duplicate_rows = duplicate_rows + $3, failed_rows = $4, errors = coalesce($5::jsonb, errors)
     where id = $6::uuid and status = 'running'
     returning 1`,
    [
      snapshot.total,
      inserted,
      batch.rows - inserted,
      snapshot.failed,
      snapshot.errors ? JSON.stringify(snapshot.errors) : null,
      target.importId,
    ],
  );
  // Cancelled (or failed by a sweep) meanwhile: this batch is rolled back and the run stops.
  if (counted.rows.length === 0) throw new ImportStoppedError();
  return inserted;
}

/** A batch written the way its encoding says: COPY, or one INSERT of a JSON document. */
function writeBatch(
  database: Database,
  target: ImportTarget,
  encoding: RowEncoding,
  batch: EncodedBatch,
  snapshot: CountsSnapshot,
): Promise<number> {
  if (encoding !== 'json') {
    const staged = encoding === 'copy-staged';
    return database.bulkTransaction((session) => copyBatch(session, target, staged, batch, snapshot));
  }
  return insertBatch(database.db, target, batch, snapshot);
}

/** How this database takes an import's rows (row-encoding.ts); `keyed`: rows may carry external keys. */
export function rowEncodingOf(database: Database, keyed: boolean): RowEncoding {
  if (!keyed) return 'copy-items';
  return database.kind === 'postgres' ? 'copy-staged' : 'json';
}

/**
 * Writes encoded batches with at most one in flight, so the next batch is read and converted
 * while the database inserts the previous one.
 */
export class BatchWriter {
  private inFlight: Promise<void> | null = null;
  private keptErrors = 0;

  constructor(
    private readonly database: Database,
    private readonly target: ImportTarget,
    readonly counts: ImportCounts,
    private readonly encoding: RowEncoding,
  ) {}

  /** Waits for the batch in flight, then starts this one (with the counts read so far). */
  async write(batch: EncodedBatch): Promise<void> {
    await this.settle();
    const { counts } = this;
    const changed = counts.errors.length !== this.keptErrors;
    this.keptErrors = counts.errors.length;
    const snapshot = {
      total: counts.total,
      failed: counts.failed,
      errors: changed ? [...counts.errors] : null,
    };
    const pending = writeBatch(this.database, this.target, this.encoding, batch, snapshot).then(
      (inserted) => {
        counts.inserted += inserted;
        counts.duplicates += batch.rows - inserted;
      },
    );
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

/** A batch found its import no longer running (cancelled, or failed by a sweep): nothing more goes in. */
export class ImportStoppedError extends Error {
  constructor() {
    super('The import was stopped');
  }
}

/**
 * Takes out every row of an import that will not succeed. Its rows were never counted in the
 * table's row_count (that happens at commit) and never seen by readers (visible-items.ts), so
 * the table is as it was. Run it in the transaction that moves the import out of queued/running.
 */
export async function removeImportedRows(db: Db, tableId: string, importId: string): Promise<number> {
  const result = await db.execute(sql`
    with removed as (
      delete from table_items where table_id = ${tableId}::uuid and import_id = ${importId}::uuid
      returning 1
    )
    select count(*)::int as n from removed`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}

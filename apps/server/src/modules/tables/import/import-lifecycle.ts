import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { dataTables, tableImports } from '../../../db/schema.ts';
import { UNFINISHED_IMPORT_STATUSES } from '../visible-items.ts';
import { removeImportedRows } from './import-writes.ts';

/*
 * An import is all or nothing as anyone sees it. Its rows go in batch by batch while it runs,
 * invisible to every reader (visible-items.ts); they become the table's in one transaction
 * (commitImport: status succeeded + row_count). Any other end — a failure, a cancel, a process
 * that died — deletes them in the transaction that moves the import out of queued/running.
 */

/** What an import whose process died says (kill -9, power cut, a restart mid-run). */
export const INTERRUPTED_IMPORT_MESSAGE = 'The server stopped during the import; nothing was added.';

/** How often a running import's process says it is alive. */
export const IMPORT_HEARTBEAT_MS = 2_000;

type ImportUpdate = Partial<typeof tableImports.$inferInsert>;

/** queued → running, once: answers false when the import was cancelled (or taken) before it started. */
export async function claimImport(db: Db, importId: string): Promise<boolean> {
  const claimed = await db
    .update(tableImports)
    .set({
      status: 'running',
      startedAt: new Date(),
      heartbeatAt: new Date(),
      totalRows: 0,
      insertedRows: 0,
      duplicateRows: 0,
      failedRows: 0,
      errors: [],
      warnings: [],
    })
    .where(and(eq(tableImports.id, importId), eq(tableImports.status, 'queued')))
    .returning({ id: tableImports.id });
  return claimed.length > 0;
}

/**
 * Beats for a running import until the returned function is called; `onStopped` is called once
 * when a beat finds it no longer running (cancelled, or failed by another process's sweep).
 */
export function startImportHeartbeat(db: Db, importId: string, onStopped: () => void): () => void {
  let stopped = false;
  const beat = setInterval(() => {
    void db
      .update(tableImports)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(tableImports.id, importId), eq(tableImports.status, 'running')))
      .returning({ id: tableImports.id })
      .then((rows) => {
        if (rows.length === 0 && !stopped) {
          stopped = true;
          onStopped();
        }
      })
      .catch(() => {});
  }, IMPORT_HEARTBEAT_MS);
  beat.unref();
  return () => clearInterval(beat);
}

/**
 * The commit: in one transaction the import becomes succeeded (its rows visible from then on) and
 * the table's row_count grows by what went in. Answers false when it was no longer running.
 */
export async function commitImport(
  db: Db,
  tableId: string,
  importId: string,
  set: ImportUpdate & { insertedRows: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(tableImports)
      .set({ ...set, status: 'succeeded', finishedAt: new Date() })
      .where(and(eq(tableImports.id, importId), eq(tableImports.status, 'running')))
      .returning({ id: tableImports.id });
    if (done.length === 0) return false;
    await tx
      .update(dataTables)
      .set({ rowCount: sql`${dataTables.rowCount} + ${set.insertedRows}`, updatedAt: sql`now()` })
      .where(eq(dataTables.id, tableId));
    return true;
  });
}

/**
 * Ends an unfinished import other than by success (failed or cancelled), deleting its rows in the
 * same transaction. Answers false when it had already ended (nothing changed then).
 */
export async function endUnfinishedImport(
  db: Db,
  importId: string,
  set: ImportUpdate & { status: 'failed' | 'cancelled' },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(tableImports)
      .set({ insertedRows: 0, duplicateRows: 0, finishedAt: new Date(), ...set })
      .where(
        and(eq(tableImports.id, importId), inArray(tableImports.status, [...UNFINISHED_IMPORT_STATUSES])),
      )
      .returning({ tableId: tableImports.tableId });
    const tableId = ended[0]?.tableId;
    if (ended.length === 0) return false;
    // After the status update: in PostgreSQL's read committed, this delete sees every batch
    // committed before the update took the import's row lock (a batch after it finds the import
    // not running and rolls back).
    if (tableId) await removeImportedRows(tx, tableId, importId);
    return true;
  });
}

/**
 * Imports left running by a dead process are failed at once, their rows deleted. `staleSeconds`
 * null: every running import (a process that alone owns its database, PGlite, is starting, so
 * none can be alive); else those whose heartbeat stopped that long ago (PostgreSQL, where other
 * processes may be running imports right now). Answers how many.
 */
export async function failInterruptedImports(db: Db, staleSeconds: number | null): Promise<number> {
  const stale =
    staleSeconds === null
      ? undefined
      : sql`coalesce(${tableImports.heartbeatAt}, ${tableImports.startedAt}, ${tableImports.createdAt}) < now() - make_interval(secs => ${staleSeconds})`;
  const rows = await db
    .select({ id: tableImports.id })
    .from(tableImports)
    .where(and(eq(tableImports.status, 'running'), stale));
  let failed = 0;
  for (const row of rows) {
    const ended = await endUnfinishedImport(db, row.id, {
      status: 'failed',
      errorMessage: INTERRUPTED_IMPORT_MESSAGE,
    });
    if (ended) failed += 1;
  }
  return failed;
}

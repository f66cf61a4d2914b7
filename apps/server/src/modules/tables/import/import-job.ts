import type { ReadStream } from 'node:fs';
import type {
  ImportDateFormat,
  ImportDecimalSeparator,
  ImportOptions,
  ImportWarning,
  TableColumn,
} from '@counterpart/contracts';
import { CsvReadError, readCsvRows, readXlsxRows } from '@counterpart/files';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import { dataTables, tableImports } from '../../../db/schema.ts';
import type { JobDefinition, JobQueue } from '../../../jobs/job-types.ts';
import { createFileStore } from '../../../storage/file-store.ts';
import { convertBatches } from './convert-batches.ts';
import { readCsvInWorker } from './csv-worker.ts';
import { claimImport, commitImport, endUnfinishedImport, startImportHeartbeat } from './import-lifecycle.ts';
import { IMPORT_JOB_LIMIT_SECONDS, INSERT_BATCH_ROWS, MAX_KEPT_ERRORS } from './import-limits.ts';
import type { ImportRow } from './import-view.ts';
import { BatchWriter, type ImportCounts, ImportStoppedError, rowEncodingOf } from './import-writes.ts';
import type { RowPlan } from './row-conversion.ts';
import { type EncodedBatch, RowBatch } from './row-encoding.ts';
import { AMOUNT_SOURCE, KEY_SOURCE } from './statement-proposal.ts';
import { readStatementRows, type StatementSourceRow } from './statement-rows.ts';
import { StatementReadError } from './statement-seam.ts';

export const TABLE_IMPORT_JOB = 'table-import';

/** What the queue carries: the import; the confirmed mapping is stored on it (options.mapping). */
export interface TableImportJobData {
  importId: string;
}

/** The confirmed choices as stored: the contract's options plus the mapping resolved to column ids. */
export interface StoredImportOptions extends ImportOptions {
  mapping: Array<{
    source: number;
    column_id: string;
    date_format: ImportDateFormat | null;
    /** CSV amount columns: the decimal separator chosen or sniffed (absent on older imports: the point). */
    decimal_separator?: ImportDecimalSeparator | null;
  }>;
}

interface ImportJobDeps {
  config: Config;
  database: Database;
}

function planOf(
  row: ImportRow,
  columns: TableColumn[],
): { plan: RowPlan; hasHeader: boolean; options: StoredImportOptions } {
  const options = row.options as unknown as StoredImportOptions;
  const proposal = row.proposal as { columns: unknown[]; has_header: boolean };
  const byId = new Map(columns.map((c) => [c.id, c]));
  const mapped = options.mapping.flatMap((m) => {
    const column = byId.get(m.column_id);
    // A CSV's currency cells are read exactly with their column's separator; other formats as before.
    const decimal = row.format === 'csv' ? (m.decimal_separator ?? '.') : null;
    return column ? [{ source: m.source, column, dateFormat: m.date_format, decimal }] : [];
  });
  const statement = row.format === 'statement';
  return {
    plan: {
      // A statement row carries its duplicate key after the fixed columns.
      width: statement ? KEY_SOURCE + 1 : proposal.columns.length,
      strictWidth: row.format === 'csv',
      columns: mapped,
      keySource: statement ? KEY_SOURCE : (options.key_source ?? null),
    },
    // Statement rows are transactions, never a header.
    hasHeader: statement ? false : (options.has_header ?? proposal.has_header),
    options,
  };
}

function rowsOfFile(
  row: ImportRow,
  input: ReadStream,
  options: StoredImportOptions,
  plan: RowPlan,
  warnings: ImportWarning[],
): AsyncGenerator<StatementSourceRow[]> {
  const proposal = row.proposal as {
    encoding?: 'utf-8' | 'windows-1252';
    delimiter?: string;
    sheet?: string | null;
  };
  if (row.format === 'xlsx') return readXlsxRows(input, options.sheet ?? proposal.sheet ?? null);
  if (row.format === 'statement') {
    const amountColumn = plan.columns.find((c) => c.source === AMOUNT_SOURCE)?.column ?? null;
    return readStatementRows(input, row.fileName, options.qif_date_format ?? null, amountColumn, warnings);
  }
  return readCsvRows(input, proposal.encoding ?? 'utf-8', options.delimiter ?? proposal.delimiter ?? ',');
}

async function finish(database: Database, importId: string, set: Partial<typeof tableImports.$inferInsert>) {
  await database.db
    .update(tableImports)
    .set({ ...set, finishedAt: new Date() })
    .where(eq(tableImports.id, importId));
}

/**
 * Ends a run that did not get through: failed with the reason, its rows deleted in the same
 * transaction. A run stopped because its import was cancelled (or failed by a sweep) leaves
 * that status. Answers the error the job ends with.
 */
async function failRun(
  database: Database,
  importId: string,
  counts: ImportCounts,
  error: unknown,
): Promise<Error> {
  if (error instanceof ImportStoppedError) {
    const [now] = await database.db
      .select({ status: tableImports.status, errorMessage: tableImports.errorMessage })
      .from(tableImports)
      .where(eq(tableImports.id, importId));
    if (now && now.status !== 'running') return new Error(now.errorMessage ?? `The import was ${now.status}`);
  }
  const reason =
    error instanceof CsvReadError || error instanceof StatementReadError
      ? error.message
      : error instanceof ImportStoppedError
        ? 'The import was stopped (the time limit passed or the server is shutting down)'
        : `The file could not be imported: ${(error as Error).message}`;
  if (error instanceof StatementReadError) {
    // The statement's unreadable entries, as refused lines.
    counts.failed = error.lineErrors.length;
    counts.errors = error.lineErrors
      .slice(0, MAX_KEPT_ERRORS)
      .map((e) => ({ line: e.line, column: null, value: null, message: e.message }));
  }
  await endUnfinishedImport(database.db, importId, {
    status: 'failed',
    errorMessage: `${reason}. Nothing was imported: the table is as it was.`,
    totalRows: counts.total,
    failedRows: counts.failed,
    errors: counts.errors,
  });
  return new Error(reason);
}

/**
 * The import run: streams the file again, converts each row, inserts them in batches of 5,000
 * (one statement or COPY each, row_count and counts in the same transaction) and reports progress
 * by bytes read. On PGlite a CSV is read and converted in a worker thread (csv-worker.ts), beside
 * the database's work in this thread; otherwise rows are read here. Lines that do not convert are counted and
 * the first 1,000 kept; the rest go in. Any failure takes out the rows this import inserted: the
 * table is left as it was.
 */
export function createTableImportJob({ config, database }: ImportJobDeps): JobDefinition<TableImportJobData> {
  const store = createFileStore(config.dataDir);
  return {
    name: TABLE_IMPORT_JOB,
    source: 'document processing',
    retryLimit: 0,
    expireInSeconds: IMPORT_JOB_LIMIT_SECONDS,
    async run({ data, owner, progress, signal }) {
      const [row] = await database.db
        .select()
        .from(tableImports)
        .where(
          and(eq(tableImports.id, data.importId), eq(tableImports.organizationId, owner.organizationId)),
        );
      if (!row?.tableId || !row.options) throw new Error('The import is not ready to run');
      const tableId = row.tableId;
      const target = { tableId, importId: row.id };
      const [table] = await database.db.select().from(dataTables).where(eq(dataTables.id, tableId));
      if (!table) {
        const reason = 'The table of this import no longer exists';
        await finish(database, row.id, {
          status: 'failed',
          errorMessage: `${reason}. Nothing was imported.`,
        });
        throw new Error(reason);
      }
      // Cancelled while queued (or already taken): nothing to do.
      if (!(await claimImport(database.db, row.id))) {
        return { message: `The import of ${row.fileName} was cancelled before it started` };
      }
      // Stops the run when a person cancels it (the heartbeat finds it no longer running) or the
      // job's own signal fires (time limit, workers stopping).
      const stop = new AbortController();
      const stopBeat = startImportHeartbeat(database.db, row.id, () => stop.abort());
      const onJobAbort = () => stop.abort();
      signal.addEventListener('abort', onJobAbort);
      const { plan, hasHeader, options } = planOf(row, table.columns);
      const counts: ImportCounts = { total: 0, inserted: 0, duplicates: 0, failed: 0, errors: [] };
      const warnings: ImportWarning[] = [];
      const input = store.open(row.filePath);
      const encoding = rowEncodingOf(database, plan.keySource !== null);
      const writer = new BatchWriter(database, target, counts, encoding);
      try {
        await progress(1, `Reading ${row.fileName}`);
        const write = async (batch: EncodedBatch, bytesRead: number) => {
          // One turn of the event loop per batch: on PGlite the database works in this thread, and
          // with the reader a batch ahead the run could go on in promise callbacks alone, leaving
          // requests, sockets and the heartbeat unanswered until it ends.
          await new Promise((resolve) => setImmediate(resolve));
          if (stop.signal.aborted) throw new ImportStoppedError();
          await writer.write(batch);
          const percent = Math.min(99, 1 + Math.floor((98 * bytesRead) / Math.max(row.sizeBytes, 1)));
          await progress(percent, `Imported ${counts.inserted} rows of ${counts.total} read`);
        };
        if (row.format === 'csv' && database.kind === 'pglite') {
          // PGlite works in this thread: reading in a worker lets both go on at once. PostgreSQL
          // works in its own process already, and there the worker only added CPU (~30 %).
          input.destroy();
          const proposal = row.proposal as { encoding?: 'utf-8' | 'windows-1252'; delimiter?: string };
          const batches = readCsvInWorker({
            filePath: String(input.path),
            encoding: proposal.encoding ?? 'utf-8',
            delimiter: options.delimiter ?? proposal.delimiter ?? ',',
            hasHeader,
            plan,
            columns: table.columns,
            rowEncoding: encoding,
            target,
            batchRows: INSERT_BATCH_ROWS,
          });
          for await (const batch of batches) {
            counts.total = batch.total;
            counts.failed = batch.failed;
            counts.errors.push(...batch.errors);
            if (batch.rows > 0) await write(batch, batch.bytesRead);
          }
        } else {
          const rows = rowsOfFile(row, input, options, plan, warnings);
          const batch = new RowBatch(encoding, target);
          const columns = table.columns;
          for await (const encoded of convertBatches(
            rows,
            plan,
            columns,
            hasHeader,
            batch,
            counts,
            INSERT_BATCH_ROWS,
          )) {
            await write(encoded, input.bytesRead);
          }
        }
        await writer.settle();
      } catch (error) {
        input.destroy();
        await writer.abandon();
        stopBeat();
        signal.removeEventListener('abort', onJobAbort);
        throw await failRun(database, row.id, counts, error);
      }
      stopBeat();
      signal.removeEventListener('abort', onJobAbort);
      const committed = await commitImport(database.db, tableId, row.id, {
        totalRows: counts.total,
        insertedRows: counts.inserted,
        duplicateRows: counts.duplicates,
        failedRows: counts.failed,
        errors: counts.errors,
        warnings,
      });
      // Cancelled between the last batch and the commit: the cancel removed the rows.
      if (!committed) throw await failRun(database, row.id, counts, new ImportStoppedError());
      const refused = counts.failed > 0 ? `; ${counts.failed} lines refused` : '';
      const skipped = counts.duplicates > 0 ? `; ${counts.duplicates} already there` : '';
      const mismatch = warnings.some((w) => w.code === 'balance_mismatch')
        ? '; the balances do not add up'
        : '';
      return {
        message: `Imported ${counts.inserted} rows into "${table.name}"${skipped}${refused}${mismatch}`,
      };
    },
  };
}

/** Registers the `table-import` job (source 'document processing') on the queue. */
export function defineTableImportJob(jobs: JobQueue, deps: ImportJobDeps): void {
  jobs.define(createTableImportJob(deps));
}

import path from 'node:path';
import type { ImportProposalInput, TableImport, TableImportsPage } from '@counterpart/contracts';
import { FileReadError, inspectXlsx } from '@counterpart/files';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { tableImports } from '../../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../../errors.ts';
import type { FileStore } from '../../../storage/file-store.ts';
import { loadTable } from '../tables.service.ts';
import type { TablesScope } from '../tables-scope.ts';
import { type RecognisedContent, recogniseContent } from './content-check.ts';
import { endUnfinishedImport, INTERRUPTED_IMPORT_MESSAGE } from './import-lifecycle.ts';
import { IMPORT_JOB_LIMIT_SECONDS, type ImportLimits } from './import-limits.ts';
import { type ImportRow, importView } from './import-view.ts';
import { convertPdfStatement, isPdf } from './pdf-statement.ts';
import { proposeImport, readHead, type StoredUpload } from './read-proposal.ts';
import { discardUpload, type ReceivedUpload } from './receive-upload.ts';

/** The job's time limit, pg-boss's grace after it (60 s) and a margin. */
const ABANDONED_AFTER_MS = (IMPORT_JOB_LIMIT_SECONDS + 120) * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The organization's import, or 404 (another organization's import is not found). */
export async function loadImport(scope: TablesScope, importId: string): Promise<ImportRow> {
  if (!UUID.test(importId)) throw notFound('Import not found');
  const [row] = await scope.db
    .select()
    .from(tableImports)
    .where(and(eq(tableImports.id, importId), eq(tableImports.organizationId, scope.organizationId)));
  if (!row) throw notFound('Import not found');
  return row;
}

/** How an import's file was recognised, as stored with it. */
export function storedUpload(row: ImportRow): StoredUpload {
  const proposal = row.proposal as {
    encoding?: RecognisedContent['encoding'];
    sheets?: StoredUpload['sheets'];
  };
  const content =
    row.format === 'xlsx'
      ? { format: 'xlsx' as const, encoding: null }
      : { format: row.format as 'csv' | 'statement', encoding: proposal.encoding ?? 'utf-8' };
  return {
    relativePath: row.filePath,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    content,
    sheets: proposal.sheets ?? [],
  };
}

/**
 * Recognises a stored upload by its content, proposes a mapping and records the import
 * (status uploaded). A refused file is deleted and leaves no import behind.
 */
export async function createImport(
  scope: TablesScope,
  store: FileStore,
  limits: ImportLimits,
  received: ReceivedUpload,
): Promise<TableImport> {
  let upload = received;
  try {
    // The file's head is read once here and handed down (recognition, sniffing, the proposal).
    let head = await readHead(store, upload.relativePath);
    // A PDF can only be a personal M-Pesa statement here: read into the M-Pesa CSV layout first.
    if (isPdf(head)) {
      upload = await convertPdfStatement(store, upload, upload.password);
      head = await readHead(store, upload.relativePath);
    }
    const existing = upload.tableId
      ? (await loadTable(scope.db, scope.organizationId, upload.tableId)).columns
      : null;
    const content = recogniseContent(upload.fileName, head, upload.sizeBytes);
    const sheets =
      content.format === 'xlsx'
        ? await inspectXlsx(path.join(store.root, upload.relativePath), upload.fileName, limits).catch(
            (error: unknown) => {
              throw error instanceof FileReadError ? badRequest(error.message) : error;
            },
          )
        : [];
    const stored: StoredUpload = { ...upload, content, sheets };
    const proposal = await proposeImport(store, stored, {}, existing, head);
    const [row] = await scope.db
      .insert(tableImports)
      .values({
        id: upload.importId,
        organizationId: scope.organizationId,
        tableId: upload.tableId ?? null,
        documentId: upload.documentId ?? null,
        fileName: upload.fileName,
        filePath: upload.relativePath,
        sizeBytes: upload.sizeBytes,
        format: proposal.format,
        proposal,
        createdBy: scope.actor.userId,
      })
      .returning();
    if (!row) throw new Error('The import was not recorded');
    return importView(row);
  } catch (error) {
    await discardUpload(store, upload.relativePath);
    throw error;
  }
}

/** A running import silent this long lost its process (its beat is every 2 s). */
const STALE_IMPORT_SECONDS = 30;

/**
 * An import read as queued/running whose process died: running with its heartbeat stopped
 * (the startup sweep normally got there first), or queued past the job's limit plus the queue's
 * grace (its job is gone). It is failed now, its rows deleted.
 */
async function settleAbandoned(db: Db, row: ImportRow): Promise<ImportRow> {
  const beat = row.heartbeatAt ?? row.startedAt ?? row.createdAt;
  const silent =
    row.status === 'running'
      ? Date.now() - beat.getTime() > STALE_IMPORT_SECONDS * 1000
      : row.status === 'queued' && Date.now() - row.createdAt.getTime() > ABANDONED_AFTER_MS;
  if (!silent) return row;
  await endUnfinishedImport(db, row.id, { status: 'failed', errorMessage: INTERRUPTED_IMPORT_MESSAGE });
  const [now] = await db.select().from(tableImports).where(eq(tableImports.id, row.id));
  return now ?? row;
}

export async function getImport(scope: TablesScope, importId: string): Promise<TableImport> {
  return importView(await settleAbandoned(scope.db, await loadImport(scope, importId)));
}

/**
 * Cancels a queued or running import: cancelled at once, its rows deleted in the same transaction
 * (none was ever visible); the run notices within a batch or a heartbeat and stops. 409 when it
 * is not queued or running.
 */
export async function cancelImport(scope: TablesScope, importId: string): Promise<TableImport> {
  const row = await loadImport(scope, importId);
  const notRunning = () =>
    new AppError(409, `This import is ${row.status}, not running: there is nothing to cancel`);
  if (row.status !== 'queued' && row.status !== 'running') throw notRunning();
  const ended = await endUnfinishedImport(scope.db, row.id, {
    status: 'cancelled',
    errorMessage: `Cancelled by ${scope.actor.email}. Nothing was added: the table is as it was.`,
  });
  const [now] = await scope.db.select().from(tableImports).where(eq(tableImports.id, row.id));
  if (!ended || !now)
    throw new AppError(409, `This import is ${now?.status ?? 'gone'}: there is nothing to cancel`);
  return importView(now);
}

/** The organization's imports, newest first; only one table's with `table_id`. */
export async function listImports(
  scope: TablesScope,
  query: { page_no: number; page_size: number; table_id?: string | undefined },
): Promise<TableImportsPage> {
  const pageNo = query.page_no;
  const pageSize = query.page_size;
  if (query.table_id !== undefined && !UUID.test(query.table_id)) {
    return { data: [], page_no: pageNo, page_size: pageSize, total: 0 };
  }
  const where = and(
    eq(tableImports.organizationId, scope.organizationId),
    query.table_id ? eq(tableImports.tableId, query.table_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(tableImports)
      .where(where)
      .orderBy(desc(tableImports.createdAt), desc(tableImports.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    scope.db.select({ n: count() }).from(tableImports).where(where),
  ]);
  return { data: rows.map(importView), page_no: pageNo, page_size: pageSize, total: Number(total?.n ?? 0) };
}

export function notUploaded(row: ImportRow): AppError {
  return new AppError(409, `This import is already ${row.status}: upload the file again to import it anew`);
}

/**
 * Reads the file again with other choices (sheet, delimiter, header row) and stores the new
 * proposal; with `table_id` the import's target changes first (a table: mapped to its columns;
 * null: a new table).
 */
export async function reproposeImport(
  scope: TablesScope,
  store: FileStore,
  importId: string,
  input: ImportProposalInput,
): Promise<TableImport> {
  const row = await loadImport(scope, importId);
  if (row.status !== 'uploaded') throw notUploaded(row);
  const { table_id: target, ...choices } = input;
  const tableId = target === undefined ? row.tableId : target;
  const existing = tableId ? (await loadTable(scope.db, scope.organizationId, tableId)).columns : null;
  const proposal = await proposeImport(store, storedUpload(row), choices, existing);
  const [updated] = await scope.db
    .update(tableImports)
    .set({ proposal, tableId })
    .where(and(eq(tableImports.id, row.id), eq(tableImports.status, 'uploaded')))
    .returning();
  if (!updated) throw notUploaded(row);
  return importView(updated);
}

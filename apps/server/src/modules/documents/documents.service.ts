import path from 'node:path';
import type {
  DocumentKind,
  DocumentStatus,
  DocumentSummary,
  DocumentsPage,
  DocumentView,
  documentsQuerySchema,
} from '@counterpart/contracts';
import { ROW_BATCH } from '@counterpart/files';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { documents } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-types.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { blobPath, type StoredBlob } from './document-blobs.ts';
import { readParsedPage, removeParsed } from './parsed-results.ts';

export type DocumentRow = typeof documents.$inferSelect;

/** Where a documents call runs: the caller's organization, who they are, and the shared services. */
export interface DocumentsScope {
  db: Db;
  organizationId: string;
  userId: string;
  actor: AuditActor;
}

export const PROCESS_DOCUMENT_JOB = 'document_processing';

/** What the processing job carries: the document and the attempt it was queued for. */
export interface ProcessDocumentData {
  documentId: string;
  attempt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function documentView(row: DocumentRow): DocumentView {
  return {
    id: row.id,
    file_name: row.fileName,
    size_bytes: row.sizeBytes,
    media_type: row.mediaType,
    kind: row.kind as DocumentKind,
    status: row.status as DocumentStatus,
    status_reason: row.statusReason,
    attempts: row.attempts,
    page_count: row.pageCount,
    row_count: row.rowCount,
    summary: row.summary as DocumentSummary,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
  };
}

/** The organization's document, or 404 (another organization's document is not found, not forbidden). */
export async function loadDocument(db: Db, organizationId: string, documentId: string): Promise<DocumentRow> {
  if (!UUID.test(documentId)) throw notFound('Document not found');
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.organizationId, organizationId)));
  if (!row) throw notFound('Document not found');
  return row;
}

/** Cleans a client-supplied file name for display and downloads (no folders, no control characters). */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = Array.from(base)
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'document';
}

/** Records uploaded blobs as new pending documents (one statement: all or none) and queues their processing. */
export async function createDocuments(
  scope: DocumentsScope,
  jobs: JobQueue,
  uploads: { fileName: string; blob: StoredBlob }[],
): Promise<DocumentView[]> {
  if (uploads.length === 0) return [];
  const rows = await scope.db
    .insert(documents)
    .values(
      uploads.map(({ fileName, blob }) => ({
        organizationId: scope.organizationId,
        fileName,
        sha256: blob.sha256,
        sizeBytes: blob.sizeBytes,
        mediaType: blob.mediaType,
        kind: blob.kind,
        status: 'pending',
        attempts: 1,
        searchText: fileName.toLowerCase(),
        createdBy: scope.actor.userId,
      })),
    )
    .returning();
  for (const row of rows) {
    await recordAudit(scope.db, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: 'document.uploaded',
      targetType: 'document',
      targetId: row.id,
      details: { file_name: row.fileName, kind: row.kind, size_bytes: row.sizeBytes },
    });
    await queueProcessing(scope, jobs, row.id, 1);
  }
  return rows.map(documentView);
}

function queueProcessing(scope: DocumentsScope, jobs: JobQueue, documentId: string, attempt: number) {
  const data: ProcessDocumentData = { documentId, attempt };
  return jobs.enqueue(PROCESS_DOCUMENT_JOB, data, {
    organizationId: scope.organizationId,
    userId: scope.userId,
  });
}

/** Queues a failed document again (409 for any other status); the old result is dropped. */
export async function retryDocument(
  scope: DocumentsScope,
  jobs: JobQueue,
  store: FileStore,
  documentId: string,
): Promise<DocumentView> {
  const row = await loadDocument(scope.db, scope.organizationId, documentId);
  if (row.status !== 'failed') {
    throw new AppError(
      409,
      `Only a failed document can be retried; this one is ${row.status.replace('_', ' ')}`,
    );
  }
  await removeParsed(store, row.id);
  const [updated] = await scope.db
    .update(documents)
    .set({
      status: 'pending',
      statusReason: null,
      attempts: row.attempts + 1,
      resultPath: null,
      processedAt: null,
    })
    .where(and(eq(documents.id, row.id), eq(documents.status, 'failed')))
    .returning();
  if (!updated) throw new AppError(409, 'This document is already being retried');
  await queueProcessing(scope, jobs, row.id, updated.attempts);
  return documentView(updated);
}

/** Deletes a document, its parsed result, and its blob when no other document holds the same bytes. */
export async function deleteDocument(
  scope: DocumentsScope,
  store: FileStore,
  documentId: string,
): Promise<void> {
  const row = await loadDocument(scope.db, scope.organizationId, documentId);
  await scope.db.delete(documents).where(eq(documents.id, row.id));
  await recordAudit(scope.db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'document.deleted',
    targetType: 'document',
    targetId: row.id,
    details: { file_name: row.fileName },
  });
  await removeParsed(store, row.id);
  const [others] = await scope.db
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.sha256, row.sha256));
  if (Number(others?.n ?? 0) === 0) await store.remove(blobPath(row.sha256));
}

/** The organization's documents among `ids`, in the order asked; 404 naming the first missing one. */
export async function loadDocuments(db: Db, organizationId: string, ids: string[]): Promise<DocumentRow[]> {
  const valid = ids.filter((id) => UUID.test(id));
  const rows =
    valid.length === 0
      ? []
      : await db
          .select()
          .from(documents)
          .where(and(eq(documents.organizationId, organizationId), inArray(documents.id, valid)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFound(`Document not found: ${missing.slice(0, 40)}`);
  return ids.map((id) => byId.get(id) as DocumentRow);
}

type DocumentsQuery = z.output<typeof documentsQuerySchema>;

const SORT_COLUMNS = {
  created_at: documents.createdAt,
  file_name: documents.fileName,
  size_bytes: documents.sizeBytes,
  status: documents.status,
} as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The day after a yyyy-mm-dd date, so `to` includes its whole day. */
function nextDay(date: string): Date {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

/**
 * One page of the organization's documents: search (every word must appear in the file name or
 * the first ~20 KB of extracted text), kind, status, created between from and to (UTC days), sorted.
 */
export async function listDocuments(scope: DocumentsScope, query: DocumentsQuery): Promise<DocumentsPage> {
  const conditions: (SQL | undefined)[] = [
    eq(documents.organizationId, scope.organizationId),
    query.kind ? eq(documents.kind, query.kind) : undefined,
    query.status ? eq(documents.status, query.status) : undefined,
    query.from ? gte(documents.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(documents.createdAt, nextDay(query.to)) : undefined,
  ];
  for (const word of (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    conditions.push(sql`${documents.searchText} like ${`%${escapeLike(word)}%`}`);
  }
  const where = and(...conditions);
  const column = SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(documents)
      .where(where)
      .orderBy(direction(column), direction(documents.id))
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size),
    scope.db.select({ n: count() }).from(documents).where(where),
  ]);
  return {
    data: rows.map(documentView),
    page_no: query.page_no,
    page_size: query.page_size,
    total: Number(total?.n ?? 0),
  };
}

/** Where a document's bytes lie on disk: its content-addressed blob in the store. */
export function documentBlobFile(store: FileStore, row: DocumentRow): string {
  return path.join(store.root, blobPath(row.sha256));
}

/** Every parsed row of a processed CSV/XLSX document, in order (read a page of ROW_BATCH at a time). */
export async function readParsedRows(store: FileStore, row: DocumentRow): Promise<string[][]> {
  const total = row.rowCount ?? 0;
  const cells: string[][] = [];
  for (let pageNo = 1; (pageNo - 1) * ROW_BATCH < total; pageNo++) {
    const page = await readParsedPage(store, row.id, { kind: 'rows', total }, pageNo, ROW_BATCH);
    if (page.kind === 'rows') cells.push(...page.rows);
  }
  return cells;
}

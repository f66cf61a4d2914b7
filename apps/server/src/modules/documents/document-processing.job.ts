import { type DocumentKind, isStatementKind } from '@counterpart/contracts';
import { DocumentContentError } from '@counterpart/files';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/database.ts';
import { documents } from '../../db/schema.ts';
import type { JobDefinition, JobQueue } from '../../jobs/job-types.ts';
import { createFileStore } from '../../storage/file-store.ts';
import { PROCESS_DOCUMENT_JOB, type ProcessDocumentData } from './documents.service.ts';
import { removeParsed } from './parsed-results.ts';
import { processDocument } from './process-document.ts';

/** A run longer than this is stopped and retried once (a 100-page PDF takes about a second). */
const PROCESSING_LIMIT_SECONDS = 600;
export const STOPPED_UNEXPECTEDLY = 'Processing stopped unexpectedly: retry the document';

/**
 * Documents left in `processing` by a process that died (both attempts) are failed, so their owner
 * can retry them: any still marked after twice the time limit plus grace. Safe with several
 * processes, since a live run never lasts that long.
 */
export async function failStuckDocuments(db: Db): Promise<number> {
  const cutoff = new Date(Date.now() - (2 * PROCESSING_LIMIT_SECONDS + 180) * 1000).toISOString();
  const stuck = await db
    .update(documents)
    .set({ status: 'failed', statusReason: STOPPED_UNEXPECTEDLY, summary: { failure: 'stopped' } })
    .where(and(eq(documents.status, 'processing'), sql`(${documents.summary}->>'started_at') < ${cutoff}`))
    .returning({ id: documents.id });
  return stuck.length;
}

/**
 * Processes one uploaded document (source 'document processing'): pending → processing →
 * processed | ocr_needed | failed with the reason. A file's own problem (a password, a damaged
 * file) fails at once and is not parsed again by the queue's retry; anything else is retried once.
 */
export function createDocumentProcessingJob(
  config: Config,
  database: Database,
): JobDefinition<ProcessDocumentData> {
  const store = createFileStore(config.dataDir);
  const { db } = database;
  return {
    name: PROCESS_DOCUMENT_JOB,
    source: 'document processing',
    retryLimit: 1,
    expireInSeconds: PROCESSING_LIMIT_SECONDS,
    async run({ data, progress, signal }) {
      await failStuckDocuments(db);
      const [row] = await db.select().from(documents).where(eq(documents.id, data.documentId));
      if (!row) return { message: 'The document was deleted before it was processed' };
      const name = row.fileName;
      // A later retry owns the document now, or this attempt already ended.
      if (row.attempts !== data.attempt) return { message: `${name}: processed by a later attempt` };
      if (row.status === 'processed' || row.status === 'ocr_needed') {
        return { message: `${name}: ${row.statusReason ?? 'processed'}` };
      }
      if (row.status === 'failed' && (row.summary as { failure?: string }).failure === 'content') {
        throw new Error(`${name}: ${row.statusReason}`);
      }
      const current = and(eq(documents.id, row.id), eq(documents.attempts, data.attempt));
      await db
        .update(documents)
        .set({ status: 'processing', statusReason: null, summary: { started_at: new Date().toISOString() } })
        .where(current);
      await progress(5, `Processing ${name}`);

      try {
        const input = { id: row.id, kind: row.kind as DocumentKind, sha256: row.sha256 };
        const result = await processDocument(store, input, progress, signal);
        const [saved] = await db
          .update(documents)
          .set({
            ...result,
            // The name stays searchable alongside the extracted text.
            searchText: `${name.toLowerCase()}\n${result.searchText}`,
            resultPath: `parsed/${row.id}`,
            processedAt: new Date(),
          })
          .where(current)
          .returning({ id: documents.id });
        if (!saved) await removeParsed(store, row.id);
        if (result.status === 'ocr_needed') return { message: `${name}: ${result.statusReason}` };
        const rowsOf = isStatementKind(input.kind) ? 'transactions' : 'rows';
        const what = result.pageCount === null ? `${result.rowCount} ${rowsOf}` : `${result.pageCount} pages`;
        return { message: `${name}: processed (${what})` };
      } catch (error) {
        const content = error instanceof DocumentContentError;
        const reason = content
          ? error.message
          : `Processing failed: ${error instanceof Error ? error.message : String(error)}`;
        await removeParsed(store, row.id);
        await db
          .update(documents)
          .set({
            status: 'failed',
            statusReason: reason.slice(0, 500),
            summary: { failure: content ? 'content' : 'error' },
            resultPath: null,
            processedAt: new Date(),
          })
          .where(current);
        throw new Error(`${name}: ${reason}`);
      }
    },
  };
}

/** Registers the processing job on the queue. */
export function defineDocumentProcessingJob(jobs: JobQueue, config: Config, database: Database): void {
  jobs.define(createDocumentProcessingJob(config, database));
}

import type { ExtractionResult } from '@counterpart/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { extractionModels, modelExecutions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { JobDefinition, JobQueue } from '../../jobs/job-types.ts';
import { createFileStore } from '../../storage/file-store.ts';
import { loadDocument } from '../documents/documents.service.ts';
import { tokensOf } from './document-tokens.service.ts';
import { modelDefinition, runModel } from './model-definition.ts';

export const EXECUTE_MODEL_JOB = 'model_execution';

/** What an execution run carries: the model and its queued executions (one per document). */
export interface ExecuteModelData {
  modelId: string;
  executionIds: string[];
}

/** An execution's status from its result: a field below the threshold, or another layout, needs review. */
export function statusOf(result: ExtractionResult): 'succeeded' | 'needs_review' {
  return result.needs_review || !result.layout_matched ? 'needs_review' : 'succeeded';
}

const UNFINISHED = ['queued', 'running'];

/**
 * Runs a model on its executions' documents (source 'document processing'), one after the other
 * with live progress. Each execution goes queued → running → succeeded | needs_review | failed, its
 * result written with its final status in one statement: a run stopped midway leaves the rest queued
 * (or running) and the queue's retry runs exactly those again; finished ones are not run twice.
 */
export function createExecutionJob(config: Config, database: Database): JobDefinition<ExecuteModelData> {
  const store = createFileStore(config.dataDir);
  const { db } = database;
  return {
    name: EXECUTE_MODEL_JOB,
    source: 'document processing',
    retryLimit: 1,
    expireInSeconds: 3600,
    async run({ data, progress, owner, signal }) {
      const [model] = await db.select().from(extractionModels).where(eq(extractionModels.id, data.modelId));
      if (!model) return { message: 'The model was deleted before it ran' };
      const definition = await modelDefinition(db, model);
      const total = data.executionIds.length;
      const tally = { succeeded: 0, needs_review: 0, failed: 0 };
      for (const [index, id] of data.executionIds.entries()) {
        signal.throwIfAborted();
        const [row] = await db
          .select()
          .from(modelExecutions)
          .where(and(eq(modelExecutions.id, id), inArray(modelExecutions.status, UNFINISHED)));
        if (!row) continue;
        const unfinished = and(eq(modelExecutions.id, id), inArray(modelExecutions.status, UNFINISHED));
        await db.update(modelExecutions).set({ status: 'running', startedAt: new Date() }).where(unfinished);
        await progress(Math.round((index / total) * 100), `${model.name}: document ${index + 1} of ${total}`);
        try {
          const document = await loadDocument(db, owner.organizationId, row.documentId);
          const tokens = await tokensOf(db, store, document);
          const result = runModel(definition, tokens);
          const status = statusOf(result);
          await db
            .update(modelExecutions)
            .set({ status, statusReason: null, result, finishedAt: new Date() })
            .where(unfinished);
          tally[status]++;
        } catch (error) {
          // The document's own problem (unreadable) or the model's (a bad pattern): this one fails.
          const message = error instanceof Error ? error.message : String(error);
          const reason = error instanceof AppError ? message : `Extraction failed: ${message}`;
          await db
            .update(modelExecutions)
            .set({ status: 'failed', statusReason: reason.slice(0, 500), finishedAt: new Date() })
            .where(unfinished);
          tally.failed++;
        }
      }
      await progress(100, `${model.name}: done`);
      const documents = total === 1 ? '1 document' : `${total} documents`;
      return {
        message: `${model.name} ran on ${documents}: ${tally.succeeded} succeeded, ${tally.needs_review} need review, ${tally.failed} failed`,
      };
    },
  };
}

export function defineExecutionJob(jobs: JobQueue, config: Config, database: Database): void {
  jobs.define(createExecutionJob(config, database));
}

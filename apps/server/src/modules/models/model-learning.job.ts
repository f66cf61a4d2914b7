import type { Annotation, DocumentTokens } from '@counterpart/contracts';
import { learnModel } from '@counterpart/extraction';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/database.ts';
import { extractionModels, modelTrainingDocuments } from '../../db/schema.ts';
import type { JobDefinition, JobOwner, JobQueue } from '../../jobs/job-types.ts';
import { createFileStore } from '../../storage/file-store.ts';
import { loadDocuments } from '../documents/documents.service.ts';
import { tokensOf, UnreadableDocument } from './document-tokens.service.ts';
import { labelView, modelLabelRows } from './labels.service.ts';
import { configurationView } from './model-rows.ts';
import { annotatedDocuments, refreshModelState } from './model-state.ts';

export const LEARN_MODEL_JOB = 'model_learning';

/** What a learning run carries: the model and the revision of its training set it learns. */
export interface LearnModelData {
  modelId: string;
  revision: number;
}

/**
 * After a change of an AI model's training set: with annotated documents it goes `training` and a
 * learning run is queued for this revision of the set; without any it is a draft again and forgets.
 */
export async function scheduleLearning(db: Db, jobs: JobQueue, modelId: string, owner: JobOwner) {
  const [model] = await db.select().from(extractionModels).where(eq(extractionModels.id, modelId));
  if (model?.kind !== 'ai') return;
  const annotated = await annotatedDocuments(db, model.id);
  if (annotated === 0) {
    await db.update(extractionModels).set({ learned: null }).where(eq(extractionModels.id, model.id));
    await refreshModelState(db, model.id);
    return;
  }
  const documents = annotated === 1 ? '1 training document' : `${annotated} training documents`;
  await db
    .update(extractionModels)
    .set({ state: 'training', stateReason: `Learning from ${documents}` })
    .where(eq(extractionModels.id, model.id));
  const data: LearnModelData = { modelId: model.id, revision: model.trainingRevision };
  await jobs.enqueue(LEARN_MODEL_JOB, data, owner);
}

/**
 * Learns an AI model from its annotated training documents (source 'document processing'):
 * reads each document's tokens (kept for next time), learns, and stores what it learned with the
 * state `ready` — only if the training set is still the revision it learned (a later change queued
 * its own run). A document that cannot be read, or learning that fails, leaves the model `failed`
 * with the reason.
 */
export function createLearningJob(config: Config, database: Database): JobDefinition<LearnModelData> {
  const store = createFileStore(config.dataDir);
  const { db } = database;
  return {
    name: LEARN_MODEL_JOB,
    source: 'document processing',
    retryLimit: 1,
    expireInSeconds: 1800,
    async run({ data, progress }) {
      const current = and(
        eq(extractionModels.id, data.modelId),
        eq(extractionModels.trainingRevision, data.revision),
      );
      const [model] = await db.select().from(extractionModels).where(current);
      if (!model) return { message: 'The model changed again: a later run learns it' };
      const fail = async (reason: string) => {
        await db
          .update(extractionModels)
          .set({ state: 'failed', stateReason: reason.slice(0, 500) })
          .where(current);
        return { message: `${model.name}: ${reason}` };
      };
      const training = await db
        .select()
        .from(modelTrainingDocuments)
        .where(
          and(
            eq(modelTrainingDocuments.modelId, model.id),
            sql`jsonb_array_length(${modelTrainingDocuments.annotations}) > 0`,
          ),
        )
        .orderBy(asc(modelTrainingDocuments.createdAt), asc(modelTrainingDocuments.id));
      const documents = await loadDocuments(
        db,
        model.organizationId,
        training.map((row) => row.documentId),
      );
      const examples: { doc: DocumentTokens; annotations: Annotation[] }[] = [];
      try {
        for (const [index, row] of training.entries()) {
          const document = documents[index];
          if (!document) continue;
          await progress(Math.round((index / (training.length + 1)) * 90), `Reading ${document.fileName}`);
          const doc = await tokensOf(db, store, document);
          examples.push({ doc, annotations: row.annotations as Annotation[] });
        }
      } catch (error) {
        // Failed, not retried: the model says why, and the next change of its training set learns again.
        if (error instanceof UnreadableDocument) return fail(error.message);
        return fail(
          `Reading the training documents failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      await progress(90, `Learning ${model.name}`);
      const labels = (await modelLabelRows(db, model.id)).map(labelView);
      let learned: unknown;
      try {
        learned = learnModel(labels, configurationView(model), examples);
      } catch (error) {
        return fail(`Learning failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      const [saved] = await db
        .update(extractionModels)
        .set({ learned, state: 'ready', stateReason: null })
        .where(current)
        .returning({ id: extractionModels.id });
      if (!saved) return { message: 'The model changed while it learned: a later run learns it' };
      const what = examples.length === 1 ? '1 training document' : `${examples.length} training documents`;
      return { message: `${model.name}: learned from ${what}` };
    },
  };
}

export function defineLearningJob(jobs: JobQueue, config: Config, database: Database): void {
  jobs.define(createLearningJob(config, database));
}

import type {
  Annotation,
  Label,
  LabelColumn,
  TrainingDocument,
  trainingDocumentsQuerySchema,
} from '@counterpart/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { extractionModels, modelTrainingDocuments } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type DocumentRow, loadDocument, loadDocuments } from '../documents/documents.service.ts';
import { loadReadableDocument } from './document-tokens.service.ts';
import { labelView, modelLabelRows } from './labels.service.ts';
import { scheduleLearning } from './model-learning.job.ts';
import { loadModel, type ModelRow } from './model-rows.ts';
import { refreshModelState } from './model-state.ts';
import { isUuid, type ModelsScope } from './models-scope.ts';

export type TrainingRow = typeof modelTrainingDocuments.$inferSelect;

export function trainingDocumentView(row: TrainingRow, document: DocumentRow): TrainingDocument {
  return {
    id: row.id,
    model_id: row.modelId,
    document_id: row.documentId,
    document_name: document.fileName,
    page_count: document.pageCount,
    annotations: row.annotations as Annotation[],
    origin: row.origin as TrainingDocument['origin'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A training document of one of the organization's models, with its model; 404 otherwise. */
async function loadTraining(db: Db, organizationId: string, id: string) {
  if (!isUuid(id)) throw notFound('Training document not found');
  const [row] = await db
    .select({ training: modelTrainingDocuments, model: extractionModels })
    .from(modelTrainingDocuments)
    .innerJoin(extractionModels, eq(extractionModels.id, modelTrainingDocuments.modelId))
    .where(and(eq(modelTrainingDocuments.id, id), eq(modelTrainingDocuments.organizationId, organizationId)));
  if (!row) throw notFound('Training document not found');
  return row;
}

export async function listTrainingDocuments(
  scope: ModelsScope,
  query: z.output<typeof trainingDocumentsQuerySchema>,
) {
  const model = await loadModel(scope.db, scope.organizationId, query.model_id);
  const where = eq(modelTrainingDocuments.modelId, model.id);
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(modelTrainingDocuments)
      .where(where)
      .orderBy(asc(modelTrainingDocuments.createdAt), asc(modelTrainingDocuments.id))
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size),
    scope.db.select({ n: count() }).from(modelTrainingDocuments).where(where),
  ]);
  const documents = await loadDocuments(
    scope.db,
    scope.organizationId,
    rows.map((row) => row.documentId),
  );
  return {
    data: rows.map((row, index) => trainingDocumentView(row, documents[index] as DocumentRow)),
    page_no: query.page_no,
    page_size: query.page_size,
    total: Number(total?.n ?? 0),
  };
}

/** The training set changed: the model's revision moves on; an AI model learns it again. */
export async function trainingSetChanged(scope: ModelsScope, model: ModelRow): Promise<void> {
  await scope.db
    .update(extractionModels)
    .set({ trainingRevision: sql`${extractionModels.trainingRevision} + 1`, updatedAt: new Date() })
    .where(eq(extractionModels.id, model.id));
  await refreshModelState(scope.db, model.id);
  await scheduleLearning(scope.db, scope.jobs, model.id, {
    organizationId: scope.organizationId,
    userId: scope.userId,
  });
}

/** Adds a drop-box document (a PDF or an image of the organization) to a model's training set. */
export async function addTrainingDocument(
  scope: ModelsScope,
  input: { model_id: string; document_id: string },
): Promise<TrainingDocument> {
  const model = await loadModel(scope.db, scope.organizationId, input.model_id);
  const document = await loadReadableDocument(scope.db, scope.organizationId, input.document_id);
  let row: TrainingRow | undefined;
  try {
    [row] = await scope.db
      .insert(modelTrainingDocuments)
      .values({ organizationId: scope.organizationId, modelId: model.id, documentId: document.id })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, `${document.fileName} is already a training document of this model`);
    }
    throw error;
  }
  if (!row) throw new Error('The training document was not saved');
  await trainingSetChanged(scope, model);
  await recordAudit(scope.db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'model_training_document.added',
    targetType: 'model',
    targetId: model.id,
    details: { document_id: document.id, file_name: document.fileName },
  });
  return trainingDocumentView(row, document);
}

/**
 * Checks annotations name the model's labels (line-item cells: a row and one of the label's
 * columns; single values: neither), lie on the document's pages, and have boxes with x0 ≤ x1, y0 ≤ y1.
 */
export function checkAnnotations(annotations: Annotation[], labels: Label[], pageCount: number | null): void {
  const byKey = new Map(labels.map((label) => [label.key, label]));
  for (const [index, annotation] of annotations.entries()) {
    const at = `annotations.${index}`;
    const label = byKey.get(annotation.label_key);
    if (!label) {
      throw badRequest(`The model has no label "${annotation.label_key}"`, {
        [`${at}.label_key`]: 'No such label',
      });
    }
    if (pageCount !== null && annotation.page > pageCount) {
      throw badRequest(`Page ${annotation.page} is past the document's ${pageCount} pages`, {
        [`${at}.page`]: 'No such page',
      });
    }
    const { box } = annotation;
    if (box.x0 > box.x1 || box.y0 > box.y1) {
      throw badRequest('A box needs x0 ≤ x1 and y0 ≤ y1', { [`${at}.box`]: 'Inverted box' });
    }
    const isCell = annotation.row !== undefined || annotation.column !== undefined;
    if (label.type === 'table') {
      const columns = label.columns as LabelColumn[];
      if (annotation.row === undefined || !columns.some((column) => column.key === annotation.column)) {
        throw badRequest(
          `${label.name} is a line-items field: mark a cell with its row and one of its columns`,
          {
            [`${at}.column`]: `One of: ${columns.map((column) => column.key).join(', ')}`,
          },
        );
      }
    } else if (isCell) {
      throw badRequest(`${label.name} is a single value: it has no rows or columns`, {
        [`${at}.row`]: 'Leave out',
      });
    }
  }
}

/** Replaces a training document's annotations; the training set has changed (an AI model learns again). */
export async function annotateTrainingDocument(
  scope: ModelsScope,
  id: string,
  annotations: Annotation[],
): Promise<{ view: TrainingDocument; model: ModelRow }> {
  const { training, model } = await loadTraining(scope.db, scope.organizationId, id);
  const document = await loadDocument(scope.db, scope.organizationId, training.documentId);
  const labels = (await modelLabelRows(scope.db, model.id)).map(labelView);
  checkAnnotations(annotations, labels, document.pageCount);
  const [row] = await scope.db
    .update(modelTrainingDocuments)
    .set({ annotations, updatedAt: new Date() })
    .where(eq(modelTrainingDocuments.id, training.id))
    .returning();
  if (!row) throw notFound('Training document not found');
  await trainingSetChanged(scope, model);
  await recordAudit(scope.db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'model_training_document.annotated',
    targetType: 'model',
    targetId: model.id,
    details: { training_document_id: row.id, annotations: annotations.length },
  });
  return { view: trainingDocumentView(row, document), model };
}

export async function removeTrainingDocument(scope: ModelsScope, id: string): Promise<ModelRow> {
  const { training, model } = await loadTraining(scope.db, scope.organizationId, id);
  await scope.db.delete(modelTrainingDocuments).where(eq(modelTrainingDocuments.id, training.id));
  await trainingSetChanged(scope, model);
  await recordAudit(scope.db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'model_training_document.removed',
    targetType: 'model',
    targetId: model.id,
    details: { document_id: training.documentId },
  });
  return model;
}

/**
 * A corrected execution becomes a training example: its document joins the training set (origin
 * `correction`) with these annotations, or, already there, gets them in place of its annotations of
 * the same labels. The training set changed, so the AI model learns again.
 */
export async function learnFromCorrection(
  scope: ModelsScope,
  model: ModelRow,
  documentId: string,
  annotations: Annotation[],
): Promise<void> {
  if (annotations.length === 0) return;
  const [existing] = await scope.db
    .select()
    .from(modelTrainingDocuments)
    .where(
      and(eq(modelTrainingDocuments.modelId, model.id), eq(modelTrainingDocuments.documentId, documentId)),
    );
  if (existing) {
    const keys = new Set(annotations.map((annotation) => annotation.label_key));
    const kept = (existing.annotations as Annotation[]).filter(
      (annotation) => !keys.has(annotation.label_key),
    );
    await scope.db
      .update(modelTrainingDocuments)
      .set({ annotations: [...kept, ...annotations], updatedAt: new Date() })
      .where(eq(modelTrainingDocuments.id, existing.id));
  } else {
    await scope.db
      .insert(modelTrainingDocuments)
      .values({
        organizationId: scope.organizationId,
        modelId: model.id,
        documentId,
        annotations,
        origin: 'correction',
      })
      .onConflictDoNothing();
  }
  await trainingSetChanged(scope, model);
}

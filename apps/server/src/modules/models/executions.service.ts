import type {
  Annotation,
  correctExecutionSchema,
  ExtractionResult,
  FieldResult,
  LabelColumnType,
  ModelExecution,
  modelExecutionsQuerySchema,
} from '@counterpart/contracts';
import { normalizeValue } from '@counterpart/extraction';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { modelExecutions } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type DocumentRow, loadDocuments } from '../documents/documents.service.ts';
import { READABLE_KINDS } from './document-tokens.service.ts';
import { modelLabelRows } from './labels.service.ts';
import { notRunnable } from './model-definition.ts';
import { EXECUTE_MODEL_JOB, type ExecuteModelData } from './model-execution.job.ts';
import { configurationView, loadModel } from './model-rows.ts';
import { isUuid, type ModelsScope } from './models-scope.ts';
import { learnFromCorrection } from './training-documents.service.ts';

export type ExecutionRow = typeof modelExecutions.$inferSelect;

export function executionView(row: ExecutionRow, document: Pick<DocumentRow, 'fileName'>): ModelExecution {
  return {
    id: row.id,
    model_id: row.modelId,
    document_id: row.documentId,
    document_name: document.fileName,
    process_id: row.processId,
    status: row.status as ModelExecution['status'],
    status_reason: row.statusReason,
    result: (row.result as ExtractionResult | null) ?? null,
    corrected: row.corrections !== null,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** Views of execution rows with their documents' names (every row's document is the organization's). */
async function viewsOf(db: Db, organizationId: string, rows: ExecutionRow[]): Promise<ModelExecution[]> {
  const ids = [...new Set(rows.map((row) => row.documentId))];
  const documents = await loadDocuments(db, organizationId, ids);
  const byId = new Map(documents.map((document) => [document.id, document]));
  return rows.map((row) => executionView(row, byId.get(row.documentId) ?? { fileName: 'document' }));
}

/** An execution of one of the organization's models; 404 otherwise. */
export async function loadExecution(db: Db, organizationId: string, id: string): Promise<ExecutionRow> {
  if (!isUuid(id)) throw notFound('Execution not found');
  const [row] = await db
    .select()
    .from(modelExecutions)
    .where(and(eq(modelExecutions.id, id), eq(modelExecutions.organizationId, organizationId)));
  if (!row) throw notFound('Execution not found');
  return row;
}

export async function getExecution(scope: ModelsScope, id: string): Promise<ModelExecution> {
  const row = await loadExecution(scope.db, scope.organizationId, id);
  const [view] = await viewsOf(scope.db, scope.organizationId, [row]);
  return view as ModelExecution;
}

/** One page of the organization's executions, newest first: of one model, in one status. */
export async function listExecutions(scope: ModelsScope, query: z.output<typeof modelExecutionsQuerySchema>) {
  const conditions: (SQL | undefined)[] = [eq(modelExecutions.organizationId, scope.organizationId)];
  if (query.model_id !== undefined) {
    const model = await loadModel(scope.db, scope.organizationId, query.model_id);
    conditions.push(eq(modelExecutions.modelId, model.id));
  }
  if (query.status) conditions.push(eq(modelExecutions.status, query.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(modelExecutions)
      .where(where)
      .orderBy(desc(modelExecutions.createdAt), desc(modelExecutions.id))
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size),
    scope.db.select({ n: count() }).from(modelExecutions).where(where),
  ]);
  return {
    data: await viewsOf(scope.db, scope.organizationId, rows),
    page_no: query.page_no,
    page_size: query.page_size,
    total: Number(total?.n ?? 0),
  };
}

/**
 * Runs a ready model on drop-box documents (PDFs and images of the organization) as one background
 * job (source 'document processing'): one queued execution per document, written in one statement.
 */
export async function executeModel(
  scope: ModelsScope,
  input: { model_id: string; document_ids: string[] },
): Promise<{ id: string; source: 'document processing'; executions: string[] }> {
  const model = await loadModel(scope.db, scope.organizationId, input.model_id);
  // An AI model relearning after a change keeps running with what it learned before.
  const runnable = model.state === 'ready' || (model.state === 'training' && model.learned != null);
  if (!runnable) {
    const why = notRunnable(model) ?? model.stateReason ?? `it is ${model.state}`;
    throw new AppError(409, `${model.name} cannot run yet: ${why}`);
  }
  const ids = [...new Set(input.document_ids)];
  const documents = await loadDocuments(scope.db, scope.organizationId, ids);
  const unreadable = documents.find((document) => !READABLE_KINDS.includes(document.kind));
  if (unreadable) {
    throw new AppError(
      400,
      `${unreadable.fileName} is not a PDF or an image: a model reads PDFs, scans and photos`,
      {
        document_ids: 'Not a PDF or an image',
      },
    );
  }
  const rows = await scope.db
    .insert(modelExecutions)
    .values(
      documents.map((document) => ({
        organizationId: scope.organizationId,
        modelId: model.id,
        documentId: document.id,
        createdBy: scope.actor.userId,
      })),
    )
    .returning({ id: modelExecutions.id });
  const executionIds = rows.map((row) => row.id);
  const data: ExecuteModelData = { modelId: model.id, executionIds };
  let processId: string;
  try {
    processId = await scope.jobs.enqueue(EXECUTE_MODEL_JOB, data, {
      organizationId: scope.organizationId,
      userId: scope.userId,
    });
  } catch (error) {
    await scope.db.delete(modelExecutions).where(inArray(modelExecutions.id, executionIds));
    throw error;
  }
  await scope.db.update(modelExecutions).set({ processId }).where(inArray(modelExecutions.id, executionIds));
  await recordAudit(scope.db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'model.executed',
    targetType: 'model',
    targetId: model.id,
    details: { documents: executionIds.length, process_id: processId },
  });
  return { id: processId, source: 'document processing', executions: executionIds };
}

export type CorrectExecution = z.output<typeof correctExecutionSchema>;

/**
 * Saves corrected values on an execution (its result's fields take them, read as their label's
 * type, sure and reviewed) and, for an AI model, makes the document a training example with the
 * corrected values and the ones already sure, so the model learns again.
 */
export async function correctExecution(
  scope: ModelsScope,
  id: string,
  input: CorrectExecution,
): Promise<ModelExecution> {
  const row = await loadExecution(scope.db, scope.organizationId, id);
  if (row.result === null) {
    throw new AppError(
      409,
      `This execution has no result to correct yet (it is ${row.status.replace('_', ' ')})`,
    );
  }
  const model = await loadModel(scope.db, scope.organizationId, row.modelId);
  const configuration = configurationView(model);
  const labels = new Map((await modelLabelRows(scope.db, model.id)).map((label) => [label.key, label]));
  const result = structuredClone(row.result) as ExtractionResult;
  for (const [index, correction] of input.fields.entries()) {
    const label = labels.get(correction.key);
    if (!label || label.type === 'table') {
      throw badRequest(
        label
          ? `${label.name} is line items: correct single values only`
          : `The model has no field "${correction.key}"`,
        { [`fields.${index}.key`]: label ? 'Line items' : 'No such field' },
      );
    }
    const { normalized } = normalizeValue(label.type as LabelColumnType, correction.value, configuration);
    const before = result.fields.find((field) => field.key === correction.key);
    const corrected: FieldResult = {
      key: correction.key,
      value: correction.value,
      normalized,
      confidence: 1,
      page: correction.page ?? before?.page ?? null,
      box: correction.box ?? before?.box ?? null,
      source: 'corrected',
      alternatives: before?.alternatives ?? [],
      needs_review: false,
    };
    result.fields = before
      ? result.fields.map((field) => (field === before ? corrected : field))
      : [...result.fields, corrected];
  }
  result.needs_review =
    result.fields.some((f) => f.needs_review) || result.tables.some((t) => t.needs_review);
  const keys = new Set(input.fields.map((field) => field.key));
  const corrections = [
    ...((row.corrections ?? []) as CorrectExecution['fields']).filter((f) => !keys.has(f.key)),
    ...input.fields,
  ];
  const [saved] = await scope.db
    .update(modelExecutions)
    .set({ result, corrections, status: result.needs_review ? 'needs_review' : 'succeeded' })
    .where(eq(modelExecutions.id, row.id))
    .returning();
  await recordAudit(scope.db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'model_execution.corrected',
    targetType: 'model',
    targetId: model.id,
    details: { execution_id: row.id, fields: [...keys] },
  });
  if (model.kind === 'ai') {
    const annotations: Annotation[] = [];
    for (const field of result.fields) {
      const sure = keys.has(field.key) || !field.needs_review;
      if (!sure || field.value === null || field.page === null || field.box === null) continue;
      annotations.push({
        label_key: field.key,
        page: field.page,
        box: field.box,
        value: field.value.slice(0, 2000),
      });
    }
    await learnFromCorrection(scope, model, row.documentId, annotations);
  }
  const [view] = await viewsOf(scope.db, scope.organizationId, [saved ?? row]);
  return view as ModelExecution;
}

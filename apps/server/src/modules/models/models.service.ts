import type {
  createModelSchema,
  Label,
  Model,
  ModelConfiguration,
  ModelsPage,
  modelConfigurationInputSchema,
  modelsQuerySchema,
  updateModelSchema,
} from '@counterpart/contracts';
import { and, asc, count, desc, eq, ilike, inArray, max, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { extractionModels, modelExecutions, modelTrainingDocuments } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError, badRequest } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findTables } from '../tables/tables-reader.service.ts';
import { insertLabels, labelView, modelLabelRows } from './labels.service.ts';
import { configurationView, loadModel, type ModelRow } from './model-rows.ts';
import { refreshModelState } from './model-state.ts';
import { isUuid, type ModelsScope } from './models-scope.ts';

interface ModelCounts {
  trainingDocuments: number;
  executions: number;
  lastExecutionAt: Date | null;
}

const NO_COUNTS: ModelCounts = { trainingDocuments: 0, executions: 0, lastExecutionAt: null };

export function modelView(row: ModelRow, labels: Label[], counts: ModelCounts = NO_COUNTS): Model {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind as Model['kind'],
    document_type: row.documentType as Model['document_type'],
    state: row.state as Model['state'],
    state_reason: row.stateReason,
    configuration: configurationView(row),
    labels,
    training_documents: counts.trainingDocuments,
    executions: counts.executions,
    last_execution_at: counts.lastExecutionAt?.toISOString() ?? null,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function countsOf(db: Db, modelIds: string[]): Promise<Map<string, ModelCounts>> {
  const counts = new Map<string, ModelCounts>(modelIds.map((id) => [id, { ...NO_COUNTS }]));
  if (modelIds.length === 0) return counts;
  const [training, executions] = await Promise.all([
    db
      .select({ modelId: modelTrainingDocuments.modelId, n: count() })
      .from(modelTrainingDocuments)
      .where(inArray(modelTrainingDocuments.modelId, modelIds))
      .groupBy(modelTrainingDocuments.modelId),
    db
      .select({ modelId: modelExecutions.modelId, n: count(), last: max(modelExecutions.createdAt) })
      .from(modelExecutions)
      .where(inArray(modelExecutions.modelId, modelIds))
      .groupBy(modelExecutions.modelId),
  ]);
  for (const row of training) {
    const entry = counts.get(row.modelId);
    if (entry) entry.trainingDocuments = Number(row.n);
  }
  for (const row of executions) {
    const entry = counts.get(row.modelId);
    if (!entry) continue;
    entry.executions = Number(row.n);
    entry.lastExecutionAt = row.last ? new Date(row.last) : null;
  }
  return counts;
}

/** The model as the API shows it: labels in position order, its counts. */
export async function getModel(scope: ModelsScope, modelId: string): Promise<Model> {
  const row = await loadModel(scope.db, scope.organizationId, modelId);
  return viewOf(scope.db, row);
}

async function viewOf(db: Db, row: ModelRow): Promise<Model> {
  const [labels, counts] = await Promise.all([modelLabelRows(db, row.id), countsOf(db, [row.id])]);
  return modelView(row, labels.map(labelView), counts.get(row.id));
}

type ModelsQuery = z.output<typeof modelsQuerySchema>;

const SORTS = {
  updated_at: extractionModels.updatedAt,
  created_at: extractionModels.createdAt,
  name: extractionModels.name,
} as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One page of the organization's models: search (name or description, every word), kind, state, sorted. */
export async function listModels(scope: ModelsScope, query: ModelsQuery): Promise<ModelsPage> {
  const conditions: (SQL | undefined)[] = [
    eq(extractionModels.organizationId, scope.organizationId),
    query.kind ? eq(extractionModels.kind, query.kind) : undefined,
    query.state ? eq(extractionModels.state, query.state) : undefined,
  ];
  for (const word of (query.search ?? '').split(/\s+/).filter(Boolean)) {
    const like = `%${escapeLike(word)}%`;
    conditions.push(or(ilike(extractionModels.name, like), ilike(extractionModels.description, like)));
  }
  const where = and(...conditions);
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(extractionModels)
      .where(where)
      .orderBy(direction(SORTS[query.sort]), direction(extractionModels.id))
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size),
    scope.db.select({ n: count() }).from(extractionModels).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const labels = ids.length === 0 ? [] : await modelLabelRows(scope.db, ids);
  const counts = await countsOf(scope.db, ids);
  return {
    data: rows.map((row) =>
      modelView(row, labels.filter((label) => label.modelId === row.id).map(labelView), counts.get(row.id)),
    ),
    page_no: query.page_no,
    page_size: query.page_size,
    total: Number(total?.n ?? 0),
  };
}

function duplicateName(name: string): AppError {
  return new AppError(409, `A model named "${name}" already exists: choose another name`);
}

/** The configuration after checking its target table is one of the organization's tables. */
async function checkedConfiguration(
  db: Db,
  organizationId: string,
  configuration: ModelConfiguration,
): Promise<ModelConfiguration> {
  const tableId = configuration.target_table_id;
  if (tableId !== null) {
    const found = isUuid(tableId) ? await findTables(db, organizationId, [tableId]) : [];
    if (found.length === 0) {
      throw badRequest('The target table was not found', { target_table_id: 'No such table' });
    }
  }
  return configuration;
}

/** Creates a model with its labels (in one transaction); its state follows from them. */
export async function createModel(
  scope: ModelsScope,
  input: z.output<typeof createModelSchema>,
): Promise<Model> {
  const configuration = await checkedConfiguration(scope.db, scope.organizationId, input.configuration);
  const keys = new Set<string>();
  for (const [index, label] of input.labels.entries()) {
    if (keys.has(label.key)) {
      throw badRequest(`Two labels have the key "${label.key}"`, { [`labels.${index}.key`]: 'Already used' });
    }
    keys.add(label.key);
  }
  try {
    const row = await scope.db.transaction(async (tx) => {
      const [model] = await tx
        .insert(extractionModels)
        .values({
          organizationId: scope.organizationId,
          name: input.name,
          description: input.description,
          kind: input.kind,
          documentType: input.document_type,
          configuration,
          createdBy: scope.actor.userId,
        })
        .returning();
      if (!model) throw new Error('The model was not saved');
      await insertLabels(tx, model.id, input.labels, 0);
      await refreshModelState(tx, model.id);
      await recordAudit(tx, {
        organizationId: scope.organizationId,
        actor: scope.actor,
        action: 'model.created',
        targetType: 'model',
        targetId: model.id,
        details: { name: model.name, kind: model.kind },
      });
      return model;
    });
    return getModel(scope, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
}

/** Renames a model, or changes its description or document type. */
export async function updateModel(
  scope: ModelsScope,
  modelId: string,
  input: z.output<typeof updateModelSchema>,
): Promise<Model> {
  const row = await loadModel(scope.db, scope.organizationId, modelId);
  try {
    await scope.db
      .update(extractionModels)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.document_type === undefined ? {} : { documentType: input.document_type }),
        updatedAt: new Date(),
      })
      .where(eq(extractionModels.id, row.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name ?? row.name);
    throw error;
  }
  await recordAudit(scope.db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'model.updated',
    targetType: 'model',
    targetId: row.id,
    details: { ...input },
  });
  return getModel(scope, row.id);
}

/** Deletes a model with its labels, training documents and executions (the documents stay). */
export async function deleteModel(scope: ModelsScope, modelId: string): Promise<void> {
  const row = await loadModel(scope.db, scope.organizationId, modelId);
  await scope.db.delete(extractionModels).where(eq(extractionModels.id, row.id));
  await recordAudit(scope.db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'model.deleted',
    targetType: 'model',
    targetId: row.id,
    details: { name: row.name },
  });
}

export async function getConfiguration(scope: ModelsScope, modelId: string): Promise<ModelConfiguration> {
  return configurationView(await loadModel(scope.db, scope.organizationId, modelId));
}

/** Replaces a model's configuration (omitted settings take their defaults). */
export async function updateConfiguration(
  scope: ModelsScope,
  modelId: string,
  input: z.output<typeof modelConfigurationInputSchema>,
): Promise<ModelConfiguration> {
  const row = await loadModel(scope.db, scope.organizationId, modelId);
  const configuration = await checkedConfiguration(scope.db, scope.organizationId, input);
  const [saved] = await scope.db
    .update(extractionModels)
    .set({ configuration, updatedAt: new Date() })
    .where(eq(extractionModels.id, row.id))
    .returning();
  await recordAudit(scope.db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'model_configuration.updated',
    targetType: 'model',
    targetId: row.id,
  });
  return configurationView(saved ?? row);
}

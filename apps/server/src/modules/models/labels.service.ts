import type {
  Filter,
  Label,
  LabelColumn,
  LabelRule,
  labelInputSchema,
  labelRuleInputSchema,
  Rule,
} from '@counterpart/contracts';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { extractionModels, modelLabels } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { loadModel, type ModelRow, touchModel } from './model-rows.ts';
import { refreshModelState } from './model-state.ts';
import { isUuid, type ModelsScope } from './models-scope.ts';
import { checkFilters, checkRules } from './rule-checks.ts';

export type LabelRow = typeof modelLabels.$inferSelect;
type LabelInput = z.output<typeof labelInputSchema>;

export function labelView(row: LabelRow): Label {
  return {
    id: row.id,
    model_id: row.modelId,
    key: row.key,
    name: row.name,
    type: row.type as Label['type'],
    required: row.required,
    columns: row.columns as LabelColumn[],
    position: row.position,
  };
}

export function labelRuleView(row: LabelRow): LabelRule {
  return {
    label_id: row.id,
    label_key: row.key,
    rules: row.rules as Rule[],
    pick: row.pick as LabelRule['pick'],
    filters: row.filters as Filter[],
  };
}

/** The labels of one model or several, in position order. */
export async function modelLabelRows(db: Db, modelIds: string | string[]): Promise<LabelRow[]> {
  const ids = typeof modelIds === 'string' ? [modelIds] : modelIds;
  if (ids.length === 0) return [];
  return db
    .select()
    .from(modelLabels)
    .where(inArray(modelLabels.modelId, ids))
    .orderBy(asc(modelLabels.position), asc(modelLabels.key));
}

function checkLabel(label: LabelInput, field = 'columns'): void {
  if (label.type !== 'table' && label.columns.length > 0) {
    throw badRequest('Only a line-items (table) label has columns', { [field]: 'Leave empty' });
  }
  const keys = new Set<string>();
  for (const column of label.columns) {
    if (keys.has(column.key)) {
      throw badRequest(`Two columns have the key "${column.key}"`, { [field]: 'Keys must differ' });
    }
    keys.add(column.key);
  }
}

/** Inserts labels at positions from `start` on (checked first). */
export async function insertLabels(db: Db, modelId: string, labels: LabelInput[], start: number) {
  if (labels.length === 0) return [];
  for (const [index, label] of labels.entries()) checkLabel(label, `labels.${index}.columns`);
  return db
    .insert(modelLabels)
    .values(
      labels.map((label, index) => ({
        modelId,
        key: label.key,
        name: label.name,
        type: label.type,
        required: label.required,
        columns: label.columns,
        position: start + index,
      })),
    )
    .returning();
}

function duplicateKey(key: string): AppError {
  return new AppError(409, `This model already has a label with the key "${key}"`);
}

/** A label of one of the organization's models, with its model; 404 otherwise. */
export async function loadLabel(
  db: Db,
  organizationId: string,
  labelId: string,
): Promise<{ label: LabelRow; model: ModelRow }> {
  if (!isUuid(labelId)) throw notFound('Label not found');
  const [row] = await db
    .select({ label: modelLabels, model: extractionModels })
    .from(modelLabels)
    .innerJoin(extractionModels, eq(extractionModels.id, modelLabels.modelId))
    .where(and(eq(modelLabels.id, labelId), eq(extractionModels.organizationId, organizationId)));
  if (!row) throw notFound('Label not found');
  return row;
}

export async function listLabels(scope: ModelsScope, modelId: string): Promise<{ data: Label[] }> {
  const model = await loadModel(scope.db, scope.organizationId, modelId);
  return { data: (await modelLabelRows(scope.db, model.id)).map(labelView) };
}

async function changed(scope: ModelsScope, modelId: string, action: string, label: LabelRow) {
  await refreshModelState(scope.db, modelId);
  await touchModel(scope.db, modelId);
  await recordAudit(scope.db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action,
    targetType: 'model',
    targetId: modelId,
    details: { label_id: label.id, key: label.key },
  });
}

/** Adds a label after the model's others. */
export async function createLabel(
  scope: ModelsScope,
  input: LabelInput & { model_id: string },
): Promise<Label> {
  const model = await loadModel(scope.db, scope.organizationId, input.model_id);
  const [last] = await scope.db
    .select({ position: max(modelLabels.position) })
    .from(modelLabels)
    .where(eq(modelLabels.modelId, model.id));
  let row: LabelRow | undefined;
  try {
    [row] = await insertLabels(scope.db, model.id, [input], (last?.position ?? -1) + 1);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateKey(input.key);
    throw error;
  }
  if (!row) throw new Error('The label was not saved');
  await changed(scope, model.id, 'model_label.created', row);
  return labelView(row);
}

/** Changes a label; its rules must still fit its type (a table rule for a line-items label). */
export async function updateLabel(scope: ModelsScope, labelId: string, input: LabelInput): Promise<Label> {
  const { label, model } = await loadLabel(scope.db, scope.organizationId, labelId);
  checkLabel(input);
  if (label.rules.length > 0) {
    try {
      checkRules(input, label.rules as Rule[]);
    } catch {
      throw new AppError(
        409,
        `The rules of ${label.name} do not fit a ${input.type} field: change or remove its rules first`,
      );
    }
  }
  let row: LabelRow | undefined;
  try {
    [row] = await scope.db
      .update(modelLabels)
      .set({
        key: input.key,
        name: input.name,
        type: input.type,
        required: input.required,
        columns: input.columns,
      })
      .where(eq(modelLabels.id, label.id))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateKey(input.key);
    throw error;
  }
  if (!row) throw notFound('Label not found');
  await changed(scope, model.id, 'model_label.updated', row);
  return labelView(row);
}

export async function deleteLabel(scope: ModelsScope, labelId: string): Promise<void> {
  const { label, model } = await loadLabel(scope.db, scope.organizationId, labelId);
  await scope.db.delete(modelLabels).where(eq(modelLabels.id, label.id));
  await changed(scope, model.id, 'model_label.deleted', label);
}

/** The rules of a rule-based model's labels, in position order. */
export async function listLabelRules(scope: ModelsScope, modelId: string): Promise<{ data: LabelRule[] }> {
  const model = await loadModel(scope.db, scope.organizationId, modelId);
  return { data: (await modelLabelRows(scope.db, model.id)).map(labelRuleView) };
}

function ruleBasedOnly(model: ModelRow): void {
  if (model.kind !== 'rule_based') {
    throw new AppError(
      409,
      'An AI model learns from its training documents: rules belong to rule-based models',
    );
  }
}

/** Replaces how a label is found (rule-based models): rules tried in order, the pick, the filters. */
export async function updateLabelRule(
  scope: ModelsScope,
  labelId: string,
  input: z.output<typeof labelRuleInputSchema>,
): Promise<LabelRule> {
  const { label, model } = await loadLabel(scope.db, scope.organizationId, labelId);
  ruleBasedOnly(model);
  checkRules(labelView(label), input.rules);
  checkFilters(input.filters);
  const [row] = await scope.db
    .update(modelLabels)
    .set({ rules: input.rules, pick: input.pick, filters: input.filters })
    .where(eq(modelLabels.id, label.id))
    .returning();
  if (!row) throw notFound('Label not found');
  await changed(scope, model.id, 'model_label_rule.updated', row);
  return labelRuleView(row);
}

export async function getLabelFilters(scope: ModelsScope, labelId: string): Promise<{ filters: Filter[] }> {
  const { label } = await loadLabel(scope.db, scope.organizationId, labelId);
  return { filters: label.filters as Filter[] };
}

/** Replaces a label's filter pipeline (rule-based models). */
export async function updateLabelFilters(
  scope: ModelsScope,
  labelId: string,
  filters: Filter[],
): Promise<{ filters: Filter[] }> {
  const { label, model } = await loadLabel(scope.db, scope.organizationId, labelId);
  ruleBasedOnly(model);
  checkFilters(filters);
  const [row] = await scope.db
    .update(modelLabels)
    .set({ filters })
    .where(eq(modelLabels.id, label.id))
    .returning();
  if (!row) throw notFound('Label not found');
  await changed(scope, model.id, 'model_label_filters.updated', row);
  return { filters: row.filters as Filter[] };
}

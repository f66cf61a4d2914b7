import type { DocumentTokens, ExtractionResult, ModelInsights } from '@counterpart/contracts';
import {
  extract,
  type LearnedModel,
  type ModelDefinition,
  modelInsights,
  RulePatternError,
} from '@counterpart/extraction';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { loadReadableDocument, tokensOf } from './document-tokens.service.ts';
import { labelRuleView, labelView, modelLabelRows } from './labels.service.ts';
import { configurationView, loadModel, type ModelRow } from './model-rows.ts';
import type { ModelsScope } from './models-scope.ts';

/** What the engine needs of a model to run it, from its rows. */
export async function modelDefinition(db: Db, model: ModelRow): Promise<ModelDefinition> {
  const labels = await modelLabelRows(db, model.id);
  return {
    kind: model.kind as ModelDefinition['kind'],
    configuration: configurationView(model),
    labels: labels.map(labelView),
    rules: model.kind === 'rule_based' ? labels.map(labelRuleView) : [],
    learned: model.kind === 'ai' ? (model.learned ?? null) : null,
  };
}

/** Why a model cannot run yet (an AI model that has not learned), or null when it can. */
export function notRunnable(model: ModelRow): string | null {
  if (model.kind === 'ai' && model.learned == null) {
    return model.stateReason ?? 'This AI model has not learned yet: annotate a training document first';
  }
  return null;
}

/** Runs the engine; a rule's pattern that does not compile is the caller's 400. */
export function runModel(definition: ModelDefinition, tokens: DocumentTokens): ExtractionResult {
  try {
    return extract(definition, tokens);
  } catch (error) {
    if (error instanceof RulePatternError) throw badRequest(error.message);
    throw error;
  }
}

/** The AI view: what the model learned per field and how well it does on held-out documents. */
export async function getInsights(scope: ModelsScope, modelId: string): Promise<ModelInsights> {
  const model = await loadModel(scope.db, scope.organizationId, modelId);
  if (model.kind !== 'ai') {
    throw new AppError(409, 'A rule-based model follows its rules: insights are for AI models');
  }
  const reason = notRunnable(model);
  if (reason) throw new AppError(409, reason);
  const labels = (await modelLabelRows(scope.db, model.id)).map(labelView);
  return { model_id: model.id, ...modelInsights(model.learned as LearnedModel, labels) };
}

/** Runs a model on one document of the organization now and answers the result; nothing is stored. */
export async function previewModel(
  scope: ModelsScope,
  store: FileStore,
  modelId: string,
  documentId: string,
): Promise<ExtractionResult> {
  const model = await loadModel(scope.db, scope.organizationId, modelId);
  const reason = notRunnable(model);
  if (reason) throw new AppError(409, reason);
  const document = await loadReadableDocument(scope.db, scope.organizationId, documentId);
  const tokens = await tokensOf(scope.db, store, document);
  return runModel(await modelDefinition(scope.db, model), tokens);
}

import type {
  DocumentTokens,
  ExtractionResult,
  Label,
  LabelRule,
  ModelConfiguration,
} from '@counterpart/contracts';

/**
 * What the engine needs of a model to run it on a document: its labels and configuration, and either
 * its rules (rule-based) or what it learned (AI). The server builds it from its tables.
 */
export interface ModelDefinition {
  kind: 'rule_based' | 'ai';
  configuration: ModelConfiguration;
  labels: Label[];
  /** Rule-based: how each label is found (by label_id / label_key). Empty for AI models. */
  rules: LabelRule[];
  /** AI: what was learned from the training documents (learned/); null until it has learned. */
  learned: unknown | null;
}

/** Runs a model on a document's tokens (see extract.ts). */
export type Extract = (model: ModelDefinition, doc: DocumentTokens) => ExtractionResult;

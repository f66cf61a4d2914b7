import type { DocumentTokens, ExtractionResult } from '@counterpart/contracts';
import { extractLearned } from './learned/extract-learned.ts';
import type { ModelDefinition } from './model.ts';
import { runRuleBasedModel } from './rules/run-rules.ts';

/**
 * Runs a model on a document's tokens: a rule-based model's rules (rules/), or what an AI model
 * learned (learned/). Throws RulePatternError (rules/patterns.ts) when a rule's regular expression
 * is not valid, and an Error with a message for people when an AI model has not learned yet.
 */
export function extract(model: ModelDefinition, doc: DocumentTokens): ExtractionResult {
  if (model.kind === 'rule_based') return runRuleBasedModel(model, doc);
  return extractLearned(model, doc);
}

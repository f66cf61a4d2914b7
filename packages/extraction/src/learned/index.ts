/**
 * AI models learned from annotated training documents: learnModel (documents + annotations → the
 * JSON a model keeps), extractLearned (extract() for kind 'ai'), modelInsights (the AI view).
 */
export { extractLearned } from './extract-learned.ts';
export { modelInsights } from './insights.ts';
export { learnModel } from './learn-model.ts';
export type { LearnedModel } from './types.ts';

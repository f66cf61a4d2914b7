/**
 * @counterpart/extraction — documents in, fields out.
 *
 * read/       every input as one token model (contracts' DocumentTokens): a PDF's text layer, offline OCR of
 *             scans and photos (ocr pool); readDocumentTokens(bytes) is the entry.
 * geometry/   words into lines, reading order, neighbours (right of, below, above).
 * normalize/  dates, locale-aware amounts and numbers into normalized values.
 * rules/      rule-based models: template selection, rules (regex, anchor, zone, static, table), filters, picks.
 * learned/    AI models learned from annotated training documents.
 * extract.ts  extract(model, tokens): runs either kind.
 */

export { extract } from './extract.ts';
export {
  centerInside,
  centerX,
  centerY,
  horizontalOverlap,
  unionBox,
  verticalOverlap,
} from './geometry/box.ts';
export type { Line } from './geometry/lines.ts';
export { lines, readingOrder, segments } from './geometry/lines.ts';
export { wordsAbove, wordsBelow, wordsRightOf } from './geometry/neighbours.ts';
export type { TextMap } from './geometry/text-map.ts';
export { leastConfidence, placeOf, textMap, tokensIn } from './geometry/text-map.ts';
export { extractLearned, type LearnedModel, learnModel, modelInsights } from './learned/index.ts';
export type { Extract, ModelDefinition } from './model.ts';
export type { AmountOptions, AmountValue } from './normalize/amount.ts';
export { readAmount } from './normalize/amount.ts';
export type { DateOrder, DateValue } from './normalize/date.ts';
export { readDate } from './normalize/date.ts';
export { formatMinor, parseDecimal } from './normalize/number.ts';
export type { OcrShape } from './normalize/ocr-confusions.ts';
export { fixOcrConfusions } from './normalize/ocr-confusions.ts';
export type { Normalized, NormalizeHints } from './normalize/value.ts';
export { normalizeValue } from './normalize/value.ts';
export { createOcrPool, type OcrImage, type OcrPool, type OcrWord } from './read/ocr-pool.ts';
export { DEFAULT_MAX_PAGES } from './read/pdf-limits.ts';
export { type ReadOptions, readDocumentTokens } from './read/read-document.ts';
export { checkLabelRule, checkSelection } from './rules/check-rules.ts';
export type { Candidate, RuleContext } from './rules/context.ts';
export { ruleContext } from './rules/context.ts';
export { runFieldRule } from './rules/field-rules.ts';
export type { Filtered } from './rules/filters.ts';
export { applyFilters } from './rules/filters.ts';
export { compilePattern, RulePatternError } from './rules/patterns.ts';
export type { Pick, Picked, Typed } from './rules/picks.ts';
export { pickValue } from './rules/picks.ts';
export { runRuleBasedModel, textSource } from './rules/run-rules.ts';
export { editDistance, matchesLayout } from './rules/selection.ts';
export { DEFAULT_TABLE_END, extractTable } from './rules/table.ts';

export { allowedDifference, MAX_ENGINE_AMOUNT, toTolerance, withinTolerance } from './amount.ts';
export { formatDay, parseDay } from './day.ts';
export { counterpartyKeys, fold, phoneKey, referenceKeys, stripLeadingZeros } from './normalise.ts';
export { defaultRuleSet, validateRuleSet } from './rules.ts';
export { run } from './run.ts';
export { readableDetail } from './scoring.ts';
export { jaroWinkler, tokenSetRatio } from './similarity.ts';
export { findSubset } from './subset-sum.ts';
export type * from './types.ts';

export { type CleanedAmount, cleanAmount, compareAmounts, currencyMinorDigits } from './blocks/amounts.ts';
export {
  type CurrencyProblem,
  cleanCurrency,
  deduplicateRows,
  FILTER_OPERATORS,
  type FilterOperator,
  filterRows,
  mapColumns,
} from './blocks/row-blocks.ts';
export { BlockParameterError, ITEM_ID_FIELD, isRowSet, itemIdOf, type RowSet } from './blocks/row-set.ts';
export { CronError, type CronSchedule, cronMatches, parseCron, wallClock } from './cron.ts';
export {
  type BlockOutputs,
  type BlockResult,
  type BlockRunContext,
  type BlockStatus,
  defaultSleep,
  ERROR_HANDLE,
  type ExecuteOptions,
  type ExecutionHooks,
  type ExecutionOutcome,
  type ExecutionResult,
  executeGraph,
  GraphCycleError,
} from './execute.ts';

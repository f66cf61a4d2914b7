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

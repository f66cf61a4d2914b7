import {
  blockOutputPageSchema,
  blocksResponseSchema,
  type Execution,
  executionResponseSchema,
  executionsPageSchema,
  runInputsResponseSchema,
  workflowsPageSchema,
  workflowVersionGraphSchema,
} from '@counterpart/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/session/http-client.ts';
import { isExecutionActive } from './execution-display.ts';
import { useWorkflowsKey } from './workflows-api.ts';

export const EXECUTIONS_PAGE_SIZE = 20;
export const OUTPUT_PAGE_SIZE = 50;
const WORKFLOW = '/api/workflow';
const EXECUTION = `${WORKFLOW}/workflows/workflow/execution`;
const POLL_MS = 2000;

const versionGraphSchema = workflowVersionGraphSchema.pick({ version: true, graph: true });

/** GET rule_workflows?workflow_id: the one workflow (its name), or an error when it is not there. */
export function useWorkflow(workflowId: string) {
  const key = useWorkflowsKey();
  return useQuery({
    queryKey: [...key, 'one', workflowId],
    queryFn: async ({ signal }) => {
      const page = await http.get(`${WORKFLOW}/rule_workflows`, {
        query: { workflow_id: workflowId },
        schema: workflowsPageSchema,
        signal,
      });
      const workflow = page.data[0];
      if (!workflow) throw new Error('This workflow does not exist, or was deleted.');
      return workflow;
    },
  });
}

/** GET rule_workflows/versions/:version: the graph an execution ran (versions never change). */
export function useVersionGraph(workflowId: string, version: number | undefined) {
  const key = useWorkflowsKey();
  return useQuery({
    queryKey: [...key, 'version', workflowId, version],
    queryFn: ({ signal }) =>
      http.get(`${WORKFLOW}/rule_workflows/versions/${version}`, {
        query: { workflow_id: workflowId },
        schema: versionGraphSchema,
        signal,
      }),
    enabled: version !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET blocks: the block catalog (names of block types and of their output handles). */
export function useBlockCatalog() {
  const key = useWorkflowsKey();
  return useQuery({
    queryKey: [...key, 'blocks'],
    queryFn: ({ signal }) => http.get(`${WORKFLOW}/blocks`, { schema: blocksResponseSchema, signal }),
    staleTime: 10 * 60_000,
  });
}

/** Fetches what a run asks for (Home's inputs), always fresh: the workflow may have been edited. */
export function useFetchRunInputs() {
  const key = useWorkflowsKey();
  const queryClient = useQueryClient();
  return (workflowId: string) =>
    queryClient.fetchQuery({
      queryKey: [...key, 'inputs', workflowId],
      queryFn: ({ signal }) =>
        http
          .get(`${WORKFLOW}/workflows/workflow/inputs`, {
            query: { workflow_id: workflowId },
            schema: runInputsResponseSchema,
            signal,
          })
          .then((answer) => answer.data),
      staleTime: 0,
    });
}

/** After a run starts, is cancelled or retried: the history, that execution and the list's last run. */
function useRefreshExecutions() {
  const key = useWorkflowsKey();
  const queryClient = useQueryClient();
  return (execution: Execution) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...key, 'list'] }),
      queryClient.invalidateQueries({ queryKey: [...key, 'executions', execution.workflow_id] }),
      queryClient.setQueryData([...key, 'execution', execution.execution_id], execution),
    ]);
}

/** POST workflows/workflow/execution (202): a queued execution of the workflow's current version. */
export function useStartExecution() {
  const refresh = useRefreshExecutions();
  return useMutation({
    mutationFn: ({ workflowId, inputs }: { workflowId: string; inputs: Record<string, string> }) =>
      http
        .post(EXECUTION, { workflow_id: workflowId, inputs }, { schema: executionResponseSchema })
        .then((answer) => answer.data),
    onSuccess: refresh,
  });
}

/** POST …/execution/cancel: a queued one is cancelled at once, a running one at its next heartbeat. */
export function useCancelExecution() {
  const refresh = useRefreshExecutions();
  return useMutation({
    mutationFn: (executionId: string) =>
      http
        .post(`${EXECUTION}/cancel`, { execution_id: executionId }, { schema: executionResponseSchema })
        .then((answer) => answer.data),
    onSuccess: refresh,
  });
}

/** POST …/execution/retry (202): a new execution, from the start or from the failed block. */
export function useRetryExecution() {
  const refresh = useRefreshExecutions();
  return useMutation({
    mutationFn: ({ executionId, from }: { executionId: string; from: 'start' | 'failed' }) =>
      http
        .post(`${EXECUTION}/retry`, { execution_id: executionId, from }, { schema: executionResponseSchema })
        .then((answer) => answer.data),
    onSuccess: refresh,
  });
}

/** GET …/execution?workflow_id: Execution History, newest first; polls while one is queued or running. */
export function useExecutions(workflowId: string, pageNo: number, enabled = true) {
  const key = useWorkflowsKey();
  return useQuery({
    queryKey: [...key, 'executions', workflowId, pageNo],
    queryFn: ({ signal }) =>
      http.get(EXECUTION, {
        query: { workflow_id: workflowId, page_no: pageNo, page_size: EXECUTIONS_PAGE_SIZE },
        schema: executionsPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.data.some((execution) => isExecutionActive(execution.status)) ? POLL_MS : false,
  });
}

/** GET …/execution/one: one execution with its block runs; polls while it is queued or running. */
export function useExecution(executionId: string | null) {
  const key = useWorkflowsKey();
  return useQuery({
    queryKey: [...key, 'execution', executionId],
    queryFn: ({ signal }) =>
      http
        .get(`${EXECUTION}/one`, {
          query: { execution_id: executionId ?? '' },
          schema: executionResponseSchema,
          signal,
        })
        .then((answer) => answer.data),
    enabled: executionId !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && isExecutionActive(query.state.data.status) ? POLL_MS : false,
  });
}

export interface OutputRef {
  executionId: string;
  nodeId: string;
  handle: string;
}

/** GET block-output: one page (50 rows) of one output handle of one block run. */
export function useBlockOutput(output: OutputRef, pageNo: number) {
  const key = useWorkflowsKey();
  return useQuery({
    queryKey: [...key, 'block-output', output.executionId, output.nodeId, output.handle, pageNo],
    queryFn: ({ signal }) =>
      http.get(`${WORKFLOW}/block-output`, {
        query: {
          execution_id: output.executionId,
          node_id: output.nodeId,
          handle: output.handle,
          page_no: pageNo,
          page_size: OUTPUT_PAGE_SIZE,
        },
        schema: blockOutputPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    // A stored output never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

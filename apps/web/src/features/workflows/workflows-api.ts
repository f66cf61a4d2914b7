import {
  type Workflow,
  type WorkflowInput,
  type WorkflowState,
  workflowResponseSchema,
  workflowsPageSchema,
} from '@counterpart/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/session/http-client.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';

export const WORKFLOWS_PAGE_SIZE = 20;
const BASE = '/api/workflow/rule_workflows';

/** Every workflows query starts with this key (with the organization). */
export function useWorkflowsKey(): readonly unknown[] {
  const organizationId = useSessionStore((state) => state.organizationId);
  return ['workflows', organizationId];
}

/** GET rule_workflows: one page, searched by name, optionally one state. */
export function useWorkflows(search: string, state: WorkflowState | '', pageNo: number) {
  const key = useWorkflowsKey();
  return useQuery({
    queryKey: [...key, 'list', search, state, pageNo],
    queryFn: ({ signal }) =>
      http.get(BASE, {
        query: {
          search: search || undefined,
          state: state || undefined,
          page_no: pageNo,
          page_size: WORKFLOWS_PAGE_SIZE,
        },
        schema: workflowsPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** "Morning run" → "Morning run (copy)", or "(copy 2)", "(copy 3)"… when those are taken. */
export function copyName(name: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((n) => n.toLowerCase()));
  const base = name.replace(/ \(copy(?: \d+)?\)$/, '');
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${base} (copy)` : `${base} (copy ${n})`;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
}

function inputOf(workflow: Workflow, changes: Partial<WorkflowInput>): WorkflowInput {
  return {
    workflow_name: workflow.workflow_name,
    workflow_description: workflow.workflow_description,
    graph: workflow.graph,
    state: workflow.state,
    schedule: workflow.schedule,
    ...changes,
  };
}

/** POST a copy of a workflow (as a draft, under a free name). */
export function useDuplicateWorkflow() {
  const key = useWorkflowsKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workflow, name }: { workflow: Workflow; name: string }) =>
      http.post(BASE, inputOf(workflow, { workflow_name: name, state: 'draft', schedule: null }), {
        schema: workflowResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** PUT a workflow with another state (archive, back to draft, activate). */
export function useSetWorkflowState() {
  const key = useWorkflowsKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workflow, state }: { workflow: Workflow; state: WorkflowState }) =>
      http.put(BASE, inputOf(workflow, { state }), {
        query: { workflow_id: workflow.workflow_id },
        schema: workflowResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

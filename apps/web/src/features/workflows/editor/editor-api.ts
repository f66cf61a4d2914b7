import {
  blocksResponseSchema,
  dataTablesPageSchema,
  modelsPageSchema,
  reconRulesPageSchema,
  type Workflow,
  type WorkflowInput,
  workflowResponseSchema,
  workflowsPageSchema,
} from '@counterpart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../../../shared/lib/http.ts';
import { http } from '../../../shared/session/http-client.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { useTablesBase, useTablesKey } from '../../tables/index.ts';
import { useWorkflowsKey } from '../workflows-api.ts';

const BASE = '/api/workflow/rule_workflows';

/** GET blocks: the catalog the palette, the nodes and the checks are built from. */
export function useBlocks() {
  const key = useWorkflowsKey();
  return useQuery({
    queryKey: [...key, 'blocks'],
    queryFn: ({ signal }) => http.get('/api/workflow/blocks', { schema: blocksResponseSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET rule_workflows?workflow_id: the workflow being edited (data[0]). */
export function useWorkflow(workflowId: string) {
  const key = useWorkflowsKey();
  return useQuery({
    queryKey: [...key, 'one', workflowId],
    queryFn: async ({ signal }) => {
      const page = await http.get(BASE, {
        query: { workflow_id: workflowId },
        schema: workflowsPageSchema,
        signal,
      });
      const workflow = page.data[0];
      if (!workflow) throw new HttpError(404, { message: 'Workflow not found' });
      return workflow;
    },
  });
}

/** The organization's tables, for the Table parameter's select. */
export function useTableOptions() {
  const key = useTablesKey();
  const base = useTablesBase();
  return useQuery({
    queryKey: [...key, 'options'],
    queryFn: ({ signal }) =>
      http.get(`${base}/`, { query: { page_size: 100 }, schema: dataTablesPageSchema, signal }),
  });
}

/** The organization's ready extraction models, for the Extract with model block's Model select. */
export function useModelOptions() {
  const organizationId = useSessionStore((state) => state.organizationId);
  return useQuery({
    queryKey: ['models', organizationId, 'options'],
    queryFn: ({ signal }) =>
      http.get('/api/models/document_data_extraction/model', {
        query: { page_size: 100, state: 'ready', sort: 'name', order: 'asc' },
        schema: modelsPageSchema,
        signal,
      }),
  });
}

/** The organization's reconciliation rule sets, for the Reconcile block's Rule set select. */
export function useRuleSetOptions() {
  const key = useWorkflowsKey();
  return useQuery({
    queryKey: [...key, 'rule-sets'],
    queryFn: ({ signal }) =>
      http.get('/api/recon/recon_engine/api/rules', {
        query: { page_size: 100 },
        schema: reconRulesPageSchema,
        signal,
      }),
  });
}

/** Names of the workflows whose name holds `name` (the list the duplicate check reads). */
export function useWorkflowNames() {
  const key = useWorkflowsKey();
  const queryClient = useQueryClient();
  return (name: string) =>
    queryClient.fetchQuery({
      queryKey: [...key, 'names', name.trim().toLowerCase()],
      queryFn: ({ signal }) =>
        http
          .get(BASE, {
            query: { search: name.trim(), page_size: 500 },
            schema: workflowsPageSchema,
            signal,
          })
          .then((page) => page.data.map((w) => w.workflow_name)),
      staleTime: 0,
    });
}

/** POST a new workflow, or PUT the one being edited (keeping its state and schedule). */
export function useSaveWorkflow(existing: Workflow | undefined) {
  const key = useWorkflowsKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Pick<WorkflowInput, 'workflow_name' | 'workflow_description' | 'graph'>) =>
      existing
        ? http.put(
            BASE,
            { ...input, state: existing.state, schedule: existing.schedule },
            { query: { workflow_id: existing.workflow_id }, schema: workflowResponseSchema },
          )
        : http.post(BASE, { ...input, state: 'draft' }, { schema: workflowResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

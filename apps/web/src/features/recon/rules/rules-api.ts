import {
  dataTablesPageSchema,
  defaultPassesResponseSchema,
  type RuleInput,
  type RulePass,
  reconRuleSchema,
  reconRulesPageSchema,
  reconRunSchema,
} from '@counterpart/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/session/http-client.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';

export const RULES_PAGE_SIZE = 20;
export const RULES_PATH = '/api/recon/recon_engine/api/rules';
export const RUNS_PATH = '/api/recon/v1/recon/runs';

/** Reads `T` or `{ data: T }` (single resources are answered either way by different routes). */
function bare<T>(schema: { parse(data: unknown): T }): { parse(data: unknown): T } {
  return {
    parse: (data) => {
      const inner =
        typeof data === 'object' && data !== null && 'data' in data && !('id' in data)
          ? (data as { data: unknown }).data
          : data;
      return schema.parse(inner);
    },
  };
}

const oneRuleSchema = {
  parse: (data: unknown) => reconRulesPageSchema.shape.data.parse((data as { data?: unknown })?.data),
};

function useRulesKey(): readonly unknown[] {
  const organizationId = useSessionStore((state) => state.organizationId);
  return ['recon', organizationId, 'rules'];
}

/** GET /recon_engine/api/rules: one page of rule sets, searched by name. */
export function useRules(search: string, pageNo: number) {
  const key = useRulesKey();
  return useQuery({
    queryKey: [...key, 'list', search, pageNo],
    queryFn: ({ signal }) =>
      http.get(RULES_PATH, {
        query: { search: search || undefined, page_no: pageNo, page_size: RULES_PAGE_SIZE },
        schema: reconRulesPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /recon_engine/api/rules?rule_id=…: one rule set (404 when it is not the organization's). */
export function useRule(ruleId: string | null) {
  const key = useRulesKey();
  return useQuery({
    queryKey: [...key, 'one', ruleId],
    queryFn: async ({ signal }) => {
      const rules = await http.get(RULES_PATH, {
        query: { rule_id: ruleId ?? '' },
        schema: oneRuleSchema,
        signal,
      });
      const rule = rules[0];
      if (!rule) throw new Error('This rule set does not exist, or was deleted.');
      return rule;
    },
    enabled: ruleId !== null,
  });
}

/** GET /recon_engine/api/rules/defaults: the engine's default passes with the organization's settings. */
export function useDefaultPasses(enabled: boolean) {
  const key = useRulesKey();
  return useQuery({
    queryKey: [...key, 'defaults'],
    queryFn: ({ signal }) =>
      http
        .get(`${RULES_PATH}/defaults`, { schema: defaultPassesResponseSchema, signal })
        .then((a) => a.passes),
    enabled,
  });
}

/** POST (new) or PUT ?rule_id (existing) a rule set. */
export function useSaveRule() {
  const queryClient = useQueryClient();
  const key = useRulesKey();
  return useMutation({
    mutationFn: ({ ruleId, input }: { ruleId: string | null; input: RuleInput }) => {
      const schema = bare(reconRuleSchema);
      return ruleId
        ? http.put(RULES_PATH, input, { query: { rule_id: ruleId }, schema })
        : http.post(RULES_PATH, input, { schema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** DELETE /recon_engine/api/rules?rule_id=…. */
export function useDeleteRule() {
  const queryClient = useQueryClient();
  const key = useRulesKey();
  return useMutation({
    mutationFn: (ruleId: string) => http.delete(RULES_PATH, { query: { rule_id: ruleId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The organization's tables for the test pickers (first 100 by name search). */
export function useTableChoices(search: string) {
  const organizationId = useSessionStore((state) => state.organizationId);
  const productKey = useSessionStore((state) => state.productKey);
  return useQuery({
    queryKey: ['tables', organizationId, 'list', 'recon-choices', search],
    queryFn: ({ signal }) =>
      http.get(`/api/tables/storage/${encodeURIComponent(productKey)}_tables/`, {
        query: { search: search || undefined, page_no: 1, page_size: 100 },
        schema: dataTablesPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface DryRunInput {
  left_table_id: string;
  right_table_id: string;
  passes: RulePass[];
}

/** POST /v1/recon/runs with unsaved passes and dry_run: the result comes back in the run's summary. */
export function useStartDryRun() {
  return useMutation({
    mutationFn: (input: DryRunInput) =>
      http.post(RUNS_PATH, { ...input, dry_run: true, incremental: false }, { schema: bare(reconRunSchema) }),
  });
}

const FINISHED = new Set(['succeeded', 'failed']);

/** GET /v1/recon/runs/:id, polled every second until the run has finished. */
export function useRunProgress(runId: string | null) {
  const organizationId = useSessionStore((state) => state.organizationId);
  return useQuery({
    queryKey: ['recon', organizationId, 'run', runId],
    queryFn: ({ signal }) =>
      http.get(`${RUNS_PATH}/${encodeURIComponent(runId ?? '')}`, { schema: bare(reconRunSchema), signal }),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data && FINISHED.has(query.state.data.status) ? false : 1000),
  });
}

import {
  type Adjustment,
  type AdjustmentInput,
  type Allocation,
  type AllocationFromItemsInput,
  adjustmentSchema,
  allocationFromItemsResultSchema,
  allocationSchema,
  allocationsPageSchema,
  associationMappingsPageSchema,
  dataTableSchema,
  dataTablesPageSchema,
  type GroupDecisionInput,
  groupDecisionResponseSchema,
  groupDetailResponseSchema,
  groupResponseSchema,
  type ManualMatchInput,
  manualMatchPreviewSchema,
  type ReconStatus,
  type RunInput,
  reconGroupsPageSchema,
  reconItemsPageSchema,
  reconRulesPageSchema,
  reconRunSchema,
  workspaceSummarySchema,
} from '@counterpart/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '../../../shared/session/http-client.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';

/** The recon API's base (the spec's general recon service). */
export const RECON_BASE = '/api/recon';
/** Rows per request of the workspace's lists (the API allows up to 500). */
export const RECON_ITEMS_PAGE_SIZE = 200;

/** Every recon query starts with this key (with the organization), so one invalidation refreshes them all. */
export function useReconKey(): readonly unknown[] {
  const organizationId = useSessionStore((state) => state.organizationId);
  return ['recon', organizationId];
}

function useTablesBase(): string {
  const productKey = useSessionStore((state) => state.productKey);
  return `/api/tables/storage/${encodeURIComponent(productKey)}_tables`;
}

/** The organization's tables for the picker (first 100 by name, searched on the server). */
export function useTableChoices(search = '') {
  const organizationId = useSessionStore((state) => state.organizationId);
  const base = useTablesBase();
  return useQuery({
    queryKey: ['tables', organizationId, 'recon-choices', search],
    queryFn: ({ signal }) =>
      http.get(`${base}/`, {
        query: { search: search || undefined, page_no: 1, page_size: 100 },
        schema: dataTablesPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One table with its columns (names and types of the cells a row shows). */
export function useReconTable(tableId: string) {
  const organizationId = useSessionStore((state) => state.organizationId);
  const base = useTablesBase();
  return useQuery({
    queryKey: ['tables', organizationId, 'table', tableId],
    queryFn: ({ signal }) =>
      http.get(`${base}/${encodeURIComponent(tableId)}`, { schema: dataTableSchema, signal }),
    enabled: tableId !== '',
  });
}

/** The association mappings a table is part of (either side). */
export function useTableMappings(tableId: string) {
  const organizationId = useSessionStore((state) => state.organizationId);
  const base = useTablesBase();
  return useQuery({
    queryKey: ['tables', organizationId, 'mappings', tableId],
    queryFn: ({ signal }) =>
      http.get(`${base}/association/mapping`, {
        query: { table_id: tableId, page_size: 500 },
        schema: associationMappingsPageSchema,
        signal,
      }),
    enabled: tableId !== '',
  });
}

/** GET /v1/recon/workspace: counts and amounts per status per side, match rate, last run. */
export function useWorkspaceSummary(leftTableId: string, rightTableId: string) {
  const key = useReconKey();
  return useQuery({
    queryKey: [...key, 'workspace', leftTableId, rightTableId],
    queryFn: ({ signal }) =>
      http.get(`${RECON_BASE}/v1/recon/workspace`, {
        query: { left_table_id: leftTableId, right_table_id: rightTableId },
        schema: workspaceSummarySchema,
        signal,
      }),
  });
}

export interface ItemsFilter {
  status: ReconStatus | undefined;
  search: string;
}

/**
 * GET /v1/recon/items, page after page as the list scrolls (an infinite query): a table's rows with
 * their reconciliation status, filtered by status and search.
 */
export function useReconItemPages(
  tableId: string,
  filter: ItemsFilter,
  columns: { amount?: string; date?: string },
) {
  const key = useReconKey();
  return useInfiniteQuery({
    queryKey: [...key, 'items', tableId, filter, columns],
    queryFn: ({ pageParam, signal }) =>
      http.get(`${RECON_BASE}/v1/recon/items`, {
        query: {
          table_id: tableId,
          status: filter.status,
          search: filter.search || undefined,
          page_no: pageParam,
          page_size: RECON_ITEMS_PAGE_SIZE,
          amount_column: columns.amount,
          date_column: columns.date,
        },
        schema: reconItemsPageSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.data.length > 0 && last.page_no * last.page_size < last.total ? last.page_no + 1 : undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/recon/groups/:id: a group with its items on both sides, and its adjustments. */
export function useReconGroup(groupId: string | null) {
  const key = useReconKey();
  return useQuery({
    queryKey: [...key, 'group', groupId],
    queryFn: ({ signal }) =>
      http.get(`${RECON_BASE}/v1/recon/groups/${encodeURIComponent(groupId ?? '')}`, {
        schema: groupDetailResponseSchema,
        signal,
      }),
    enabled: groupId !== null,
  });
}

/** Several groups at once (the unmatch confirmation), each under the same key as `useReconGroup`. */
export function useReconGroups(groupIds: ReadonlyArray<string>) {
  const key = useReconKey();
  return useQueries({
    queries: groupIds.map((groupId) => ({
      queryKey: [...key, 'group', groupId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        http.get(`${RECON_BASE}/v1/recon/groups/${encodeURIComponent(groupId)}`, {
          schema: groupDetailResponseSchema,
          signal,
        }),
    })),
  });
}

/** Suggestions a review queue shows at once (and "Accept all shown" accepts at most). */
export const SUGGESTIONS_PAGE_SIZE = 25;

/**
 * GET /v1/recon/groups: the newest page of this pair's open suggestions (status suggested, state
 * active), with their rows; a decided one leaves the list at the next fetch.
 */
export function useSuggestionPage(leftTableId: string, rightTableId: string) {
  const key = useReconKey();
  return useQuery({
    queryKey: [...key, 'suggestions', leftTableId, rightTableId],
    queryFn: ({ signal }) =>
      http.get(`${RECON_BASE}/v1/recon/groups`, {
        query: {
          left_table_id: leftTableId,
          right_table_id: rightTableId,
          status: 'suggested',
          state: 'active',
          page_size: SUGGESTIONS_PAGE_SIZE,
        },
        schema: reconGroupsPageSchema,
        signal,
      }),
  });
}

/** GET /recon_engine/api/rules: the saved rule sets a run can use. */
export function useRuleSets() {
  const key = useReconKey();
  return useQuery({
    queryKey: [...key, 'rules', 'choices'],
    queryFn: ({ signal }) =>
      http.get(`${RECON_BASE}/recon_engine/api/rules`, {
        query: { page_size: 100 },
        schema: reconRulesPageSchema,
        signal,
      }),
  });
}

/** GET /v1/recon/runs/:id, polled every second until the run has finished. */
export function useReconRun(runId: string | null) {
  const key = useReconKey();
  return useQuery({
    queryKey: [...key, 'run', runId],
    queryFn: ({ signal }) =>
      http.get(`${RECON_BASE}/v1/recon/runs/${encodeURIComponent(runId ?? '')}`, {
        schema: reconRunSchema,
        signal,
      }),
    enabled: runId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'succeeded' || status === 'failed' ? false : 1000;
    },
  });
}

/** A recon change; `refresh` (default true) refreshes every recon query once it succeeds. */
function useReconMutation<Input, Output>(run: (input: Input) => Promise<Output>, refresh = true) {
  const queryClient = useQueryClient();
  const key = useReconKey();
  return useMutation({
    mutationFn: run,
    onSuccess: () => (refresh ? queryClient.invalidateQueries({ queryKey: key }) : undefined),
  });
}

export const useStartRun = () =>
  useReconMutation(
    (input: Partial<RunInput> & Pick<RunInput, 'left_table_id' | 'right_table_id'>) =>
      http.post(`${RECON_BASE}/v1/recon/runs`, input, { schema: reconRunSchema }),
    false,
  );

export const usePreviewMatch = () =>
  useReconMutation(
    (input: Partial<ManualMatchInput> & Pick<ManualMatchInput, 'left_item_ids' | 'right_item_ids'>) =>
      http.post(`${RECON_BASE}/workflows/manual_reconciliation/preview`, input, {
        schema: manualMatchPreviewSchema,
      }),
    false,
  );

export const useMatch = () =>
  useReconMutation(
    (input: Partial<ManualMatchInput> & Pick<ManualMatchInput, 'left_item_ids' | 'right_item_ids'>) =>
      http.post(`${RECON_BASE}/workflows/manual_reconciliation`, input, { schema: groupResponseSchema }),
  );

export type GroupDecision = 'accept' | 'reject' | 'unmatch' | 'restore';

/** POST /workflows/manual_reconciliation/{accept,reject,unmatch,restore} with group ids (one or many); restore undoes an unmatch. */
export const useDecideGroups = () =>
  useReconMutation(
    ({
      decision,
      ...input
    }: Partial<GroupDecisionInput> & { group_ids: string[]; decision: GroupDecision }) =>
      http.post(`${RECON_BASE}/workflows/manual_reconciliation/${decision}`, input, {
        schema: groupDecisionResponseSchema,
      }),
  );

export const useAdjust = () =>
  useReconMutation((input: AdjustmentInput) =>
    http.post<unknown>(`${RECON_BASE}/v1/recon/adjustment`, input),
  );

export const useAllocateFromItems = () => {
  const queryClient = useQueryClient();
  const key = useReconKey();
  return useMutation({
    mutationFn: (
      input: Partial<AllocationFromItemsInput> & Omit<AllocationFromItemsInput, 'preview' | 'note'>,
    ) =>
      http.post(`${RECON_BASE}/v1/allocations/from_items`, input, {
        schema: allocationFromItemsResultSchema,
      }),
    onSuccess: (_result, input) =>
      input.preview ? undefined : queryClient.invalidateQueries({ queryKey: key }),
  });
};

/** What a reversal undoes: a write-off (adjustment) of a group, or an allocation of a payment to an invoice. */
export type ReversalKind = 'adjustment' | 'allocation';

/**
 * POST /v1/recon/adjustment/:id/reverse or /v1/allocations/:id/reverse with the reason; the answer is
 * read as the reversed adjustment or allocation (an answer of another shape is an error), then every
 * recon query refreshes (the group's figures, the lists' statuses, the trails).
 */
export const useReverse = () =>
  useReconMutation(
    ({
      kind,
      id,
      reason,
    }: {
      kind: ReversalKind;
      id: string;
      reason: string;
    }): Promise<Adjustment | Allocation> =>
      kind === 'adjustment'
        ? http.post(
            `${RECON_BASE}/v1/recon/adjustment/${encodeURIComponent(id)}/reverse`,
            { reason },
            {
              schema: adjustmentSchema,
            },
          )
        : http.post(
            `${RECON_BASE}/v1/allocations/${encodeURIComponent(id)}/reverse`,
            { reason },
            {
              schema: allocationSchema,
            },
          ),
  );

/** GET /v1/allocations?id=: one allocation (one made outside a match group, which no group detail lists). */
export function useAllocation(allocationId: string | null) {
  const key = useReconKey();
  return useQuery({
    queryKey: [...key, 'allocation', allocationId],
    queryFn: ({ signal }) =>
      http.get(`${RECON_BASE}/v1/allocations`, {
        query: { id: allocationId ?? '', page_size: 1 },
        schema: allocationsPageSchema,
        signal,
      }),
    enabled: allocationId !== null,
  });
}

import {
  bulkResultSchema,
  type ColumnInput,
  type CreateTableInput,
  dataTableSchema,
  dataTablesPageSchema,
  type ItemFilter,
  type RetypePreviewInput,
  retypePreviewSchema,
  tableColumnSchema,
  tableItemSchema,
  tableItemsPageSchema,
  tableUsageSchema,
  type UpdateColumnInput,
} from '@counterpart/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/session/http-client.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';

export const TABLES_PAGE_SIZE = 20;
export const ITEMS_PAGE_SIZE = 50;

/** Every tables query starts with this key (with the organization), so one invalidation refreshes them all. */
export function useTablesKey(): readonly unknown[] {
  const organizationId = useSessionStore((state) => state.organizationId);
  return ['tables', organizationId];
}

/** `/api/tables/storage/{product}_tables/` — the spec's path base with the configured product key. */
export function useTablesBase(): string {
  const productKey = useSessionStore((state) => state.productKey);
  return `/api/tables/storage/${encodeURIComponent(productKey)}_tables`;
}

function tablePath(base: string, tableId: string): string {
  return `${base}/${encodeURIComponent(tableId)}`;
}

/** GET the organization's tables, one page, searched by name. */
export function useTables(search: string, pageNo: number) {
  const key = useTablesKey();
  const base = useTablesBase();
  return useQuery({
    queryKey: [...key, 'list', search, pageNo],
    queryFn: ({ signal }) =>
      http.get(`${base}/`, {
        query: { search: search || undefined, page_no: pageNo, page_size: TABLES_PAGE_SIZE },
        schema: dataTablesPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET one table with its columns. */
export function useTable(tableId: string) {
  const key = useTablesKey();
  const base = useTablesBase();
  return useQuery({
    queryKey: [...key, 'table', tableId],
    queryFn: ({ signal }) => http.get(tablePath(base, tableId), { schema: dataTableSchema, signal }),
  });
}

export interface ItemsView {
  pageNo: number;
  /** Rows per page (server paging); ITEMS_PAGE_SIZE unless the user picks another. */
  pageSize?: number | undefined;
  sort?: string | undefined;
  order: 'asc' | 'desc';
  search: string;
  filters: ItemFilter[];
}

/** GET one page of a table's items, sorted, filtered and searched on the server. */
export function useItems(tableId: string, view: ItemsView) {
  const key = useTablesKey();
  const base = useTablesBase();
  return useQuery({
    queryKey: [...key, 'items', tableId, view],
    queryFn: ({ signal }) =>
      http.get(`${tablePath(base, tableId)}/items`, {
        query: {
          page_no: view.pageNo,
          page_size: view.pageSize ?? ITEMS_PAGE_SIZE,
          sort: view.sort,
          order: view.order,
          search: view.search || undefined,
          filters: view.filters.length > 0 ? JSON.stringify(view.filters) : undefined,
        },
        schema: tableItemsPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A tables change that refreshes every tables query once it succeeds. */
function useTablesMutation<Input, Output>(run: (base: string, input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  const key = useTablesKey();
  const base = useTablesBase();
  return useMutation({
    mutationFn: (input: Input) => run(base, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useCreateTable = () =>
  useTablesMutation((base, input: CreateTableInput) =>
    http.post(`${base}/`, input, { schema: dataTableSchema }),
  );

export const useAddColumn = (tableId: string) =>
  useTablesMutation((base, column: ColumnInput) =>
    http.post(`${tablePath(base, tableId)}/columns`, column, { schema: tableColumnSchema }),
  );

export const useUpdateColumn = (tableId: string) =>
  useTablesMutation((base, { columnId, change }: { columnId: string; change: UpdateColumnInput }) =>
    http.patch(`${tablePath(base, tableId)}/columns/${encodeURIComponent(columnId)}`, change),
  );

export const useRemoveColumn = (tableId: string) =>
  useTablesMutation((base, columnId: string) =>
    http.delete(`${tablePath(base, tableId)}/columns/${encodeURIComponent(columnId)}`, {
      schema: dataTableSchema,
    }),
  );

/** PUT the columns' new order (every column id). */
export const useReorderColumns = (tableId: string) =>
  useTablesMutation((base, columnIds: string[]) =>
    http.put(
      `${tablePath(base, tableId)}/columns/order`,
      { column_ids: columnIds },
      { schema: dataTableSchema },
    ),
  );

/** POST a retype preview: which values would not convert (nothing changes, so nothing is refreshed). */
export function useRetypePreview(tableId: string) {
  const base = useTablesBase();
  return useMutation({
    mutationFn: ({ columnId, target }: { columnId: string; target: RetypePreviewInput }) =>
      http.post(
        `${tablePath(base, tableId)}/columns/${encodeURIComponent(columnId)}/retype_preview`,
        target,
        { schema: retypePreviewSchema },
      ),
  });
}

export const useCreateItem = (tableId: string) =>
  useTablesMutation((base, values: Record<string, unknown>) =>
    http.post(`${tablePath(base, tableId)}/items`, { values }, { schema: tableItemSchema }),
  );

export const useUpdateItem = (tableId: string) =>
  useTablesMutation((base, { itemId, values }: { itemId: string; values: Record<string, unknown> }) =>
    http.patch(
      `${tablePath(base, tableId)}/items/${encodeURIComponent(itemId)}`,
      { values },
      { schema: tableItemSchema },
    ),
  );

export const useDeleteItems = (tableId: string) =>
  useTablesMutation((base, ids: string[]) =>
    http.post(`${tablePath(base, tableId)}/items/bulk_delete`, { ids }, { schema: bulkResultSchema }),
  );

/** GET what uses a table (its rows, mappings, workflows, rule sets, match groups), when `enabled`. */
export function useTableUsage(tableId: string, enabled: boolean) {
  const key = useTablesKey();
  const base = useTablesBase();
  return useQuery({
    queryKey: [...key, 'usage', tableId],
    queryFn: ({ signal }) =>
      http.get(`${tablePath(base, tableId)}/usage`, { schema: tableUsageSchema, signal }),
    enabled,
  });
}

/** DELETE the table with its rows, mappings and match groups (one transaction on the server). */
export function useDeleteTable(tableId: string) {
  const queryClient = useQueryClient();
  const key = useTablesKey();
  const base = useTablesBase();
  return useMutation({
    mutationFn: () => http.delete(tablePath(base, tableId)),
    // The table's own queries go (refetching them would answer 404); the lists refresh.
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...key, 'table', tableId] });
      queryClient.removeQueries({ queryKey: [...key, 'items', tableId] });
      return queryClient.invalidateQueries({ queryKey: [...key, 'list'] });
    },
  });
}

export const useClearTable = (tableId: string) =>
  useTablesMutation((base, confirmName: string) =>
    http.post(`${tablePath(base, tableId)}/clear_table`, { confirm_name: confirmName }),
  );

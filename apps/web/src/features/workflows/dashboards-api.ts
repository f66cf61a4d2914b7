import { dashboardResponseSchema, dashboardsPageSchema } from '@counterpart/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../shared/session/http-client.ts';
import { useWorkflowsKey } from './workflows-api.ts';

export const DASHBOARDS_PAGE_SIZE = 20;
const DASHBOARDS = '/api/workflow/dashboards';

/** GET dashboards?workflow_id&execution_id?: the dashboards of a workflow's runs (or one run), newest first. */
export function useDashboards(workflowId: string, executionId: string | null, pageNo: number) {
  const key = useWorkflowsKey();
  return useQuery({
    queryKey: [...key, 'dashboards', workflowId, executionId, pageNo],
    queryFn: ({ signal }) =>
      http.get(DASHBOARDS, {
        query: {
          workflow_id: workflowId,
          execution_id: executionId ?? undefined,
          page_no: pageNo,
          page_size: DASHBOARDS_PAGE_SIZE,
        },
        schema: dashboardsPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET dashboards/one?dashboard_id: its figures per status and where its unreconciled items page. */
export function useDashboard(dashboardId: string) {
  const key = useWorkflowsKey();
  return useQuery({
    queryKey: [...key, 'dashboard', dashboardId],
    queryFn: ({ signal }) =>
      http
        .get(`${DASHBOARDS}/one`, {
          query: { dashboard_id: dashboardId },
          schema: dashboardResponseSchema,
          signal,
        })
        .then((answer) => answer.data),
    // A finished block's dashboard never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

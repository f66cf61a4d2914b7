import { reconDashboardSchema } from '@counterpart/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/session/http-client.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';

/** The dashboard's figures (`GET /api/recon/v1/analytics`); under the recon key, so recon changes refresh it. */
export function useReconDashboard(query: { from: string; to: string; tableId: string }) {
  const organizationId = useSessionStore((state) => state.organizationId);
  return useQuery({
    queryKey: ['recon', organizationId, 'dashboard', query],
    queryFn: ({ signal }) =>
      http.get('/api/recon/v1/analytics', {
        query: { from: query.from, to: query.to, table_id: query.tableId || undefined },
        schema: reconDashboardSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

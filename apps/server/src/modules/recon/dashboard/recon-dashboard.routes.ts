import { errorResponseSchema, reconDashboardQuerySchema, reconDashboardSchema } from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/database.ts';
import { requirePermission } from '../../../http/auth-context.ts';
import { RECON_BASE } from '../shared/recon-scope.ts';
import { reconDashboard } from './recon-dashboard.service.ts';

export interface ReconDashboardRoutesOptions {
  database: Database;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * The reconciliation dashboard's figures (spec §7 `/v1/analytics`, under the recon base):
 * permission `reports` read (the recon-dashboard page's access, spec §2); organization-scoped.
 */
export const reconDashboardRoutes: FastifyPluginAsyncZod<ReconDashboardRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    `${RECON_BASE}/v1/analytics`,
    {
      schema: {
        tags: ['recon'],
        security: [{ bearer: [] }],
        summary:
          'Reconciliation dashboard: match rate, counts and amounts per status, trend, ageing of open items, by source and by pair of tables',
        querystring: reconDashboardQuerySchema,
        response: { 200: reconDashboardSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requirePermission(request, 'read', 'reports');
      return reconDashboard({ db: options.database.db, organizationId: auth.organizationId }, request.query);
    },
  );
};

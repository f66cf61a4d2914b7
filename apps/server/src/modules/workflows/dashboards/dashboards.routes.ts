import {
  dashboardQuerySchema,
  dashboardResponseSchema,
  dashboardsPageSchema,
  dashboardsQuerySchema,
  errorResponseSchema,
} from '@counterpart/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/database.ts';
import { requirePermission } from '../../../http/auth-context.ts';
import { type DashboardsScope, getDashboard, listDashboards } from './dashboards.service.ts';

export interface DashboardsRoutesOptions {
  database: Database;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const doc = { tags: ['workflow executions'], security: [{ bearer: [] }] };
const BASE = '/api/workflow/dashboards';

/**
 * Execution dashboards (spec §2 /workflows/executions/{id}/dashboards): what the Dashboard blocks of
 * a workflow's runs produced. Permission `workflow` read; another organization's ids are 404.
 */
export const dashboardsRoutes: FastifyPluginAsyncZod<DashboardsRoutesOptions> = async (app, options) => {
  const scope = (request: FastifyRequest): DashboardsScope => ({
    db: options.database.db,
    organizationId: requirePermission(request, 'read', 'workflow').organizationId,
  });

  app.get(
    BASE,
    {
      schema: {
        ...doc,
        summary: 'The dashboards a workflow’s executions produced, newest execution first',
        querystring: dashboardsQuerySchema,
        response: { 200: dashboardsPageSchema, ...errors },
      },
    },
    async (request) => listDashboards(scope(request), request.query),
  );

  app.get(
    `${BASE}/one`,
    {
      schema: {
        ...doc,
        summary: 'One dashboard: figures per status and the outputs holding its unreconciled items',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getDashboard(scope(request), request.query.dashboard_id) }),
  );
};

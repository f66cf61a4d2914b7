import { errorResponseSchema, tableUsageSchema } from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { requestScope } from '../../http/request-scope.ts';
import { tableUsage } from './table-usage.service.ts';

export interface TableUsageRoutesOptions {
  config: Config;
  database: Database;
}

/** GET /api/tables/storage/{product}_tables/:tableId/usage (read on `{product}_table`). */
export const tableUsageRoutes: FastifyPluginAsyncZod<TableUsageRoutesOptions> = async (app, options) => {
  const resource = `${options.config.productKey}_table`;
  app.get(
    `/api/tables/storage/${resource}s/:tableId/usage`,
    {
      schema: {
        tags: ['tables'],
        security: [{ bearer: [] }],
        summary: 'What uses a table: mappings, workflows, rule sets, match groups (before deleting it)',
        params: z.object({ tableId: z.string() }),
        response: {
          200: tableUsageSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => tableUsage(requestScope(request, options, 'read', resource), request.params.tableId),
  );
};

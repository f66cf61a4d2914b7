import { auditPageSchema, errorResponseSchema, pageQuerySchema } from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from '../audit/audit.service.ts';
import { groupsRoutes } from './groups.routes.ts';
import { membersRoutes } from './members.routes.ts';
import { type TeamRoutesOptions, teamScope } from './team-request.ts';

/**
 * The team API under /api/users (spec §7 user-management service): groups, members, grants and
 * the audit log. Every change is audited and tells the affected users' tabs on `bus`.
 */
export const teamRoutes: FastifyPluginAsyncZod<TeamRoutesOptions> = async (app, options) => {
  await app.register(groupsRoutes, options);
  await app.register(membersRoutes, options);

  app.get(
    '/api/users/audit',
    {
      schema: {
        tags: ['team'],
        security: [{ bearer: [] }],
        summary: 'The organization’s audit log, newest first (settings-read)',
        querystring: pageQuerySchema,
        response: {
          200: auditPageSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const scope = teamScope(request, options, { action: 'read', resource: 'settings' });
      const { page_no, page_size } = request.query;
      return listAudit(scope.db, scope.organizationId, { pageNo: page_no, pageSize: page_size });
    },
  );
};

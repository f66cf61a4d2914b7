import { errorResponseSchema, outboxPageSchema, pageQuerySchema } from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { requirePermission } from '../../http/auth-context.ts';
import { listOutbox } from './outbox.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The outbox: every e-mail the server wrote for this organization, readable by those who may change settings. */
export const outboxRoutes: FastifyPluginAsyncZod<{ config: Config; database: Database }> = async (
  app,
  { config, database },
) => {
  app.get(
    '/api/users/organization/outbox',
    {
      schema: {
        tags: ['users'],
        summary:
          'E-mails of this organization, newest first (with bodies: without SMTP, links are passed on by hand)',
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: outboxPageSchema, ...errors },
      },
    },
    async (request) => {
      // Bodies hold working invite and reset links: settings-update (Administrators), not every reader.
      const auth = requirePermission(request, 'update', 'settings');
      const { page_no, page_size } = request.query;
      return listOutbox(database.db, auth.organizationId, {
        pageNo: page_no,
        pageSize: page_size,
        smtpConfigured: config.mail.smtpUrl !== undefined,
      });
    },
  );
};

import { errorResponseSchema, exportStartedSchema, startExportSchema } from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { requireOrganization, requirePermission } from '../../http/auth-context.ts';
import { opened, sendDownload } from '../../http/file-download.ts';
import type { JobQueue } from '../../jobs/job-types.ts';
import { createFileStore } from '../../storage/file-store.ts';
import { checkTableExport } from '../tables/items-export.service.ts';
import { EXPORT_JOB } from './export-job.ts';
import { findDownload } from './exports.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Start an export job, and download what it produced. */
export const exportsRoutes: FastifyPluginAsyncZod<{
  config: Config;
  database: Database;
  jobs: JobQueue;
}> = async (app, { config, database, jobs }) => {
  const store = createFileStore(config.dataDir);

  app.post(
    '/api/exports',
    {
      schema: {
        tags: ['exports'],
        summary: 'Export a list to CSV or XLSX in the background; progress and the file come by the socket',
        security: [{ bearer: [] }],
        body: startExportSchema,
        response: { 202: exportStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Members are the team list: reading it needs its permission; one's own notifications need none;
      // a table needs read on {product}_table, and the table and its view are checked before queueing.
      const auth =
        body.area === 'members'
          ? requirePermission(request, 'read', 'team-users')
          : body.area === 'table'
            ? requirePermission(request, 'read', `${config.productKey}_table`)
            : requireOrganization(request);
      if (body.area === 'table') await checkTableExport(database.db, auth.organizationId, body);
      const owner = { organizationId: auth.organizationId, userId: auth.userId };
      const id = await jobs.enqueue(EXPORT_JOB, body, owner);
      return reply.status(202).send({ id, source: 'export_document' as const });
    },
  );

  app.get(
    '/api/exports/:token/:fileName',
    {
      schema: {
        tags: ['exports'],
        summary: 'Download a finished export: only its owner, in its organization, until it expires',
        security: [{ bearer: [] }],
        params: z.object({ token: z.string().max(200), fileName: z.string().max(300) }),
        response: {
          200: z.any().describe('The file (CSV or XLSX) as an attachment'),
          410: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const auth = requireOrganization(request);
      const { token, fileName } = request.params;
      const file = await findDownload(database.db, auth, token, fileName);
      const stream = await opened(store.open(file.storagePath), 'Export not found');
      return sendDownload(reply, { ...file, size: file.sizeBytes }, stream);
    },
  );
};

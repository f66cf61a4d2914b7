import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string().optional() });

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: healthSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const, database: database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: database.kind });
      }
    },
  );
};

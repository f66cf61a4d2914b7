import {
  associationMappingInputSchema,
  associationMappingSchema,
  associationMappingsPageSchema,
  associationMappingsQuerySchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createMapping,
  deleteMapping,
  getMapping,
  listMappings,
  updateMapping,
} from './associations.service.ts';
import { errors, type TablesRoutesOptions, tablesBase, tablesDoc, tablesScope } from './tables-scope.ts';

const mappingParams = z.object({ mappingId: z.string() });

/** Association mappings (spec path base /association/mapping): pairs of columns between two tables. */
export const associationsRoutes: FastifyPluginAsyncZod<TablesRoutesOptions> = async (app, options) => {
  const mappings = `${tablesBase(options.config.productKey)}/association/mapping`;
  const scope = (request: Parameters<typeof tablesScope>[0], action: Parameters<typeof tablesScope>[2]) =>
    tablesScope(request, options, action);

  app.get(
    mappings,
    {
      schema: {
        ...tablesDoc,
        summary: 'Association mappings of the organization (of one table with table_id), by name',
        querystring: associationMappingsQuerySchema,
        response: { 200: associationMappingsPageSchema, ...errors },
      },
    },
    async (request) => listMappings(scope(request, 'read'), request.query),
  );

  app.post(
    mappings,
    {
      schema: {
        ...tablesDoc,
        summary: 'Pair columns of two tables (e.g. bank reference ↔ ledger invoice_no)',
        body: associationMappingInputSchema,
        response: { 201: associationMappingSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createMapping(scope(request, 'create'), request.body)),
  );

  app.get(
    `${mappings}/:mappingId`,
    {
      schema: {
        ...tablesDoc,
        summary: 'One association mapping',
        params: mappingParams,
        response: { 200: associationMappingSchema, ...errors },
      },
    },
    async (request) => getMapping(scope(request, 'read'), request.params.mappingId),
  );

  app.put(
    `${mappings}/:mappingId`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Change a mapping: its name, tables and pairs',
        params: mappingParams,
        body: associationMappingInputSchema,
        response: { 200: associationMappingSchema, ...errors },
      },
    },
    async (request) => updateMapping(scope(request, 'update'), request.params.mappingId, request.body),
  );

  app.delete(
    `${mappings}/:mappingId`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Delete a mapping',
        params: mappingParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteMapping(scope(request, 'delete'), request.params.mappingId);
      return reply.code(204).send(null);
    },
  );
};

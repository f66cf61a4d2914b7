import {
  relationshipChangeSchema,
  relationshipsQuerySchema,
  relationshipsSchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeRelationship, getRelationships } from './relationships.service.ts';
import { errors, type TablesRoutesOptions, tablesBase, tablesDoc, tablesScope } from './tables-scope.ts';

/** Relationships (spec path base /records/relationships): a record's links, both ways; link and unlink. */
export const relationshipsRoutes: FastifyPluginAsyncZod<TablesRoutesOptions> = async (app, options) => {
  const url = `${tablesBase(options.config.productKey)}/records/relationships`;
  const scope = (request: Parameters<typeof tablesScope>[0], action: Parameters<typeof tablesScope>[2]) =>
    tablesScope(request, options, action);

  app.get(
    url,
    {
      schema: {
        ...tablesDoc,
        summary: 'A record’s linked records: through its link columns, and records linking to it',
        querystring: relationshipsQuerySchema,
        response: { 200: relationshipsSchema, ...errors },
      },
    },
    async (request) =>
      getRelationships(scope(request, 'read'), request.query.table_id, request.query.item_id),
  );

  app.post(
    url,
    {
      schema: {
        ...tablesDoc,
        summary: 'Link a record to a record of the column’s linked table',
        body: relationshipChangeSchema,
        response: { 200: relationshipsSchema, ...errors },
      },
    },
    async (request) => changeRelationship(scope(request, 'update'), request.body, true),
  );

  app.delete(
    url,
    {
      schema: {
        ...tablesDoc,
        summary: 'Unlink two records',
        body: relationshipChangeSchema,
        response: { 200: relationshipsSchema, ...errors },
      },
    },
    async (request) => changeRelationship(scope(request, 'update'), request.body, false),
  );
};

import {
  bulkCreateItemsSchema,
  bulkDeleteItemsSchema,
  bulkResultSchema,
  itemInputSchema,
  itemsQuerySchema,
  tableItemSchema,
  tableItemsPageSchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createItems, deleteItems, getItem, updateItem } from './items.service.ts';
import { listItems } from './items-query.ts';
import {
  errors,
  type TablesRoutesOptions,
  tableParams,
  tablesBase,
  tablesDoc,
  tablesScope,
} from './tables-scope.ts';

const itemParams = tableParams.extend({ itemId: z.string() });

/** The rows of a table: paged, sorted, filtered and searched reads; validated, all-or-nothing writes. */
export const itemsRoutes: FastifyPluginAsyncZod<TablesRoutesOptions> = async (app, options) => {
  const items = `${tablesBase(options.config.productKey)}/:tableId/items`;
  const scope = (request: Parameters<typeof tablesScope>[0], action: Parameters<typeof tablesScope>[2]) =>
    tablesScope(request, options, action);

  app.get(
    items,
    {
      schema: {
        ...tablesDoc,
        summary: 'One page of rows (sort by a column id, filters as JSON, full-text search)',
        params: tableParams,
        querystring: itemsQuerySchema,
        response: { 200: tableItemsPageSchema, ...errors },
      },
    },
    async (request) => listItems(scope(request, 'read'), request.params.tableId, request.query),
  );

  app.post(
    items,
    {
      schema: {
        ...tablesDoc,
        summary: 'Add a row (values keyed by column id or name)',
        params: tableParams,
        body: itemInputSchema,
        response: { 201: tableItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const [item] = await createItems(
        scope(request, 'create'),
        request.params.tableId,
        [request.body],
        false,
      );
      if (!item) throw new Error('The row was not created');
      return reply.code(201).send(item);
    },
  );

  app.post(
    `${items}/bulk_create`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Add many rows: all or none (errors named rows[i].column)',
        params: tableParams,
        body: bulkCreateItemsSchema,
        response: { 201: bulkResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createItems(
        scope(request, 'create'),
        request.params.tableId,
        request.body.items,
        true,
      );
      return reply.code(201).send({ count: created.length });
    },
  );

  app.post(
    `${items}/bulk_delete`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Delete many rows by id',
        params: tableParams,
        body: bulkDeleteItemsSchema,
        response: { 200: bulkResultSchema, ...errors },
      },
    },
    async (request) => deleteItems(scope(request, 'delete'), request.params.tableId, request.body.ids, true),
  );

  app.get(
    `${items}/:itemId`,
    {
      schema: {
        ...tablesDoc,
        summary: 'One row',
        params: itemParams,
        response: { 200: tableItemSchema, ...errors },
      },
    },
    async (request) => getItem(scope(request, 'read'), request.params.tableId, request.params.itemId),
  );

  app.patch(
    `${items}/:itemId`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Change some cells of a row (null empties a cell)',
        params: itemParams,
        body: itemInputSchema,
        response: { 200: tableItemSchema, ...errors },
      },
    },
    async (request) =>
      updateItem(
        scope(request, 'update'),
        request.params.tableId,
        request.params.itemId,
        request.body.values,
      ),
  );

  app.delete(
    `${items}/:itemId`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Delete a row',
        params: itemParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteItems(scope(request, 'delete'), request.params.tableId, [request.params.itemId], false);
      return reply.code(204).send(null);
    },
  );
};

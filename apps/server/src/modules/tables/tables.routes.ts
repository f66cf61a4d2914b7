import {
  clearTableSchema,
  columnInputSchema,
  createTableSchema,
  dataTableSchema,
  dataTablesPageSchema,
  reorderColumnsSchema,
  retypePreviewInputSchema,
  retypePreviewSchema,
  tableColumnSchema,
  tablesQuerySchema,
  updateColumnSchema,
  updateTableSchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { associationsRoutes } from './associations.routes.ts';
import { addColumn, removeColumn, reorderColumns, retypePreview, updateColumn } from './columns.service.ts';
import { itemsRoutes } from './items.routes.ts';
import { relationshipsRoutes } from './relationships.routes.ts';
import { clearTable, createTable, deleteTable, getTable, listTables, updateTable } from './tables.service.ts';
import {
  errors,
  type TablesRoutesOptions,
  tableParams,
  tablesBase,
  tablesDoc,
  tablesScope,
} from './tables-scope.ts';

const columnParams = tableParams.extend({ columnId: z.string() });

/** Tables and their columns (permission `{product}_table`); rows are in items.routes.ts. */
export const tablesRoutes: FastifyPluginAsyncZod<TablesRoutesOptions> = async (app, options) => {
  const base = tablesBase(options.config.productKey);
  const scope = (request: Parameters<typeof tablesScope>[0], action: Parameters<typeof tablesScope>[2]) =>
    tablesScope(request, options, action);

  for (const url of [base, `${base}/`]) {
    app.get(
      url,
      {
        schema: {
          ...tablesDoc,
          summary: 'The organization’s tables, most recently changed first',
          querystring: tablesQuerySchema,
          response: { 200: dataTablesPageSchema, ...errors },
        },
      },
      async (request) => listTables(scope(request, 'read'), request.query),
    );
    app.post(
      url,
      {
        schema: {
          ...tablesDoc,
          summary: 'Create a table with typed columns',
          body: createTableSchema,
          response: { 201: dataTableSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createTable(scope(request, 'create'), request.body)),
    );
  }

  app.get(
    `${base}/:tableId`,
    {
      schema: {
        ...tablesDoc,
        summary: 'One table',
        params: tableParams,
        response: { 200: dataTableSchema, ...errors },
      },
    },
    async (request) => getTable(scope(request, 'read'), request.params.tableId),
  );

  app.patch(
    `${base}/:tableId`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Rename or describe a table',
        params: tableParams,
        body: updateTableSchema,
        response: { 200: dataTableSchema, ...errors },
      },
    },
    async (request) => updateTable(scope(request, 'update'), request.params.tableId, request.body),
  );

  app.delete(
    `${base}/:tableId`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Delete a table and its rows',
        params: tableParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteTable(scope(request, 'delete'), request.params.tableId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/:tableId/clear_table`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Delete every row (confirm_name must repeat the table’s name)',
        params: tableParams,
        body: clearTableSchema,
        response: { 200: dataTableSchema, ...errors },
      },
    },
    async (request) =>
      clearTable(scope(request, 'delete'), request.params.tableId, request.body.confirm_name),
  );

  app.post(
    `${base}/:tableId/columns`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Add a column (answers the new column)',
        params: tableParams,
        body: columnInputSchema,
        response: { 201: tableColumnSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addColumn(scope(request, 'update'), request.params.tableId, request.body)),
  );

  app.put(
    `${base}/:tableId/columns/order`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Reorder the columns (every column id, in the new order)',
        params: tableParams,
        body: reorderColumnsSchema,
        response: { 200: dataTableSchema, ...errors },
      },
    },
    async (request) =>
      reorderColumns(scope(request, 'update'), request.params.tableId, request.body.column_ids),
  );

  app.patch(
    `${base}/:tableId/columns/:columnId`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Rename and/or retype a column (values that do not convert are emptied)',
        params: columnParams,
        body: updateColumnSchema,
        response: { 200: dataTableSchema, ...errors },
      },
    },
    async (request) =>
      updateColumn(scope(request, 'update'), request.params.tableId, request.params.columnId, request.body),
  );

  app.post(
    `${base}/:tableId/columns/:columnId/retype_preview`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Which values would not convert to another type (nothing is changed)',
        params: columnParams,
        body: retypePreviewInputSchema,
        response: { 200: retypePreviewSchema, ...errors },
      },
    },
    async (request) =>
      retypePreview(scope(request, 'read'), request.params.tableId, request.params.columnId, request.body),
  );

  app.delete(
    `${base}/:tableId/columns/:columnId`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Remove a column and its values',
        params: columnParams,
        response: { 200: dataTableSchema, ...errors },
      },
    },
    async (request) =>
      removeColumn(scope(request, 'update'), request.params.tableId, request.params.columnId),
  );

  await app.register(itemsRoutes, options);
  await app.register(associationsRoutes, options);
  await app.register(relationshipsRoutes, options);
};

import {
  confirmImportSchema,
  errorResponseSchema,
  importProposalInputSchema,
  importStartedSchema,
  tableImportSchema,
  tableImportsPageSchema,
  tableImportsQuerySchema,
} from '@counterpart/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOrganization } from '../../../http/auth-context.ts';
import type { JobQueue } from '../../../jobs/job-types.ts';
import { createFileStore } from '../../../storage/file-store.ts';
import { errors, type TablesRoutesOptions, tablesBase, tablesDoc, tablesScope } from '../tables-scope.ts';
import { confirmImport } from './confirm-import.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './import-limits.ts';
import { cancelImport, createImport, getImport, listImports, reproposeImport } from './imports.service.ts';
import { receiveUpload } from './receive-upload.ts';

export interface TableImportsRoutesOptions extends TablesRoutesOptions {
  jobs: JobQueue;
  limits?: Partial<ImportLimits>;
}

const importParams = z.object({ importId: z.string() });
const conflict = { 409: errorResponseSchema };

/**
 * Importing files into tables: upload (sniffed and proposed), another proposal, confirm (a
 * background job), cancel, and the imports' state. Permission `{product}_table`: create to import, read to look.
 */
export const tableImportsRoutes: FastifyPluginAsyncZod<TableImportsRoutesOptions> = async (app, options) => {
  const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS, ...options.limits };
  const store = createFileStore(options.config.dataDir);
  const imports = `${tablesBase(options.config.productKey)}/imports`;
  const scope = (request: Parameters<typeof tablesScope>[0], action: Parameters<typeof tablesScope>[2]) =>
    tablesScope(request, options, action);
  // Registered in this plugin only: uploads of up to maxUploadBytes, one file and a table_id.
  await app.register(multipart, {
    limits: { fileSize: limits.maxUploadBytes, files: 1, fields: 5, parts: 6 },
  });

  app.post(
    imports,
    {
      schema: {
        ...tablesDoc,
        summary:
          'Upload a CSV or XLSX file (multipart field "file", optional "table_id"): answers the proposed mapping',
        response: { 201: tableImportSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tables = scope(request, 'create');
      const upload = await receiveUpload(request, store, tables.organizationId, limits.maxUploadBytes);
      return reply.code(201).send(await createImport(tables, store, limits, upload));
    },
  );

  app.get(
    imports,
    {
      schema: {
        ...tablesDoc,
        summary: "The organization's recent imports, newest first (only one table's with table_id)",
        querystring: tableImportsQuerySchema,
        response: { 200: tableImportsPageSchema, ...errors },
      },
    },
    async (request) => listImports(scope(request, 'read'), request.query),
  );

  app.get(
    `${imports}/:importId`,
    {
      schema: {
        ...tablesDoc,
        summary: 'One import: status, counts, refused lines, proposal',
        params: importParams,
        response: { 200: tableImportSchema, ...errors },
      },
    },
    async (request) => getImport(scope(request, 'read'), request.params.importId),
  );

  app.post(
    `${imports}/:importId/proposal`,
    {
      schema: {
        ...tablesDoc,
        summary: 'Read the file again with another sheet, delimiter or header choice',
        params: importParams,
        body: importProposalInputSchema,
        response: { 200: tableImportSchema, ...conflict, ...errors },
      },
    },
    async (request) =>
      reproposeImport(scope(request, 'create'), store, request.params.importId, request.body),
  );

  app.post(
    `${imports}/:importId/cancel`,
    {
      schema: {
        ...tablesDoc,
        summary:
          'Cancel a queued or running import: nothing of it is added (status cancelled); 409 once it has finished',
        params: importParams,
        response: { 200: tableImportSchema, ...conflict, ...errors },
      },
    },
    async (request) => cancelImport(scope(request, 'create'), request.params.importId),
  );

  app.post(
    `${imports}/:importId/confirm`,
    {
      schema: {
        ...tablesDoc,
        summary: "Confirm the mapping: the rows go in as a background job (source 'document processing')",
        params: importParams,
        body: confirmImportSchema,
        response: { 202: importStartedSchema, ...conflict, ...errors },
      },
    },
    async (request, reply) => {
      const tables = scope(request, 'create');
      const owner = { organizationId: tables.organizationId, userId: requireOrganization(request).userId };
      const started = await confirmImport(
        tables,
        { jobs: options.jobs, store },
        owner,
        request.params.importId,
        request.body,
      );
      return reply.code(202).send(started);
    },
  );
};

import {
  type DocumentKind,
  errorResponseSchema,
  isStatementKind,
  parsedPageSchema,
  parsedQuerySchema,
  readsAsPages,
  sentToTableSchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { contentDisposition, opened } from '../../http/file-download.ts';
import { createFileStore } from '../../storage/file-store.ts';
import { tablesScope } from '../tables/tables.service.ts';
import { blobPath } from './document-blobs.ts';
import { loadDocument } from './documents.service.ts';
import {
  type DocumentsRoutesOptions,
  DROP_BOX,
  documentParams,
  documentsDoc,
  documentsScope,
  errors,
  PARSER,
} from './documents-scope.ts';
import { readParsedPage } from './parsed-results.ts';
import { sendDocumentToTable } from './send-to-table.ts';
import { readStatementPage } from './statement-results.ts';

/** A document's bytes and its parsed result. */
export const documentFilesRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (app, options) => {
  const store = createFileStore(options.config.dataDir);

  app.get(
    `${DROP_BOX}/:documentId/original`,
    {
      schema: {
        ...documentsDoc,
        summary: 'The uploaded file, with the type recognised from its content (inline=true to preview)',
        params: documentParams,
        querystring: z.object({ inline: z.enum(['true', 'false']).optional() }),
        response: { 200: z.any().describe('The original file'), ...errors },
      },
    },
    async (request, reply) => {
      const scope = documentsScope(request, options, 'read');
      const row = await loadDocument(scope.db, scope.organizationId, request.params.documentId);
      const stream = await opened(store.open(blobPath(row.sha256)), 'The file of this document is missing');
      const disposition = request.query.inline === 'true' ? 'inline' : 'attachment';
      return reply
        .header('content-type', row.mediaType)
        .header('content-disposition', contentDisposition(row.fileName, disposition))
        .header('content-length', String(row.sizeBytes))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    `${PARSER}/:documentId`,
    {
      schema: {
        ...documentsDoc,
        summary:
          'The parsed result, paged: PDF pages (lines, words with boxes, tables), CSV/XLSX rows or a bank statement (balances, transactions)',
        params: documentParams,
        querystring: parsedQuerySchema,
        response: { 200: parsedPageSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = documentsScope(request, options, 'read');
      const row = await loadDocument(scope.db, scope.organizationId, request.params.documentId);
      if (row.status !== 'processed' || row.resultPath === null) {
        const why = row.statusReason ? `: ${row.statusReason}` : '';
        throw new AppError(409, `This document has no parsed result (${row.status.replace('_', ' ')})${why}`);
      }
      const kind = row.kind as DocumentKind;
      if (isStatementKind(kind)) {
        return readStatementPage(store, row.id, request.query.page_no, request.query.page_size);
      }
      const result = readsAsPages(kind)
        ? { kind: 'pdf' as const, total: row.pageCount ?? 0 }
        : { kind: 'rows' as const, total: row.rowCount ?? 0 };
      return readParsedPage(store, row.id, result, request.query.page_no, request.query.page_size);
    },
  );

  app.post(
    `${DROP_BOX}/:documentId/send_to_table`,
    {
      schema: {
        ...documentsDoc,
        summary:
          'Start a table import from a processed CSV/XLSX/bank statement document: map its columns at /tables/create?import=<import_id>',
        params: documentParams,
        response: { 201: sentToTableSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = documentsScope(request, options, 'read');
      const tables = tablesScope(request, options, 'create');
      const row = await loadDocument(scope.db, scope.organizationId, request.params.documentId);
      return reply.code(201).send(await sendDocumentToTable(tables, store, row));
    },
  );
};

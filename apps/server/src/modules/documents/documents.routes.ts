import {
  documentSchema,
  documentsPageSchema,
  documentsQuerySchema,
  documentsUploadedSchema,
  errorResponseSchema,
  exportDocumentsSchema,
  exportStartedSchema,
} from '@counterpart/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../errors.ts';
import { createFileStore, type FileStore } from '../../storage/file-store.ts';
import { blobPath, humanSize, type StoredBlob, storeUpload } from './document-blobs.ts';
import { EXPORT_DOCUMENTS_JOB } from './document-export.job.ts';
import { documentFilesRoutes } from './document-files.routes.ts';
import { failStuckDocuments } from './document-processing.job.ts';
import {
  cleanFileName,
  createDocuments,
  deleteDocument,
  documentView,
  listDocuments,
  loadDocument,
  loadDocuments,
  retryDocument,
} from './documents.service.ts';
import {
  type DocumentsRoutesOptions,
  DROP_BOX,
  documentParams,
  documentsDoc,
  documentsScope,
  errors,
} from './documents-scope.ts';

/** Files one upload request may carry (the web app sends one per request, for per-file progress). */
const MAX_FILES_PER_REQUEST = 20;

/** The documents drop box: upload, list, read, retry, delete and export (permission `{product}_documents`). */
export const documentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (app, options) => {
  const store = createFileStore(options.config.dataDir);
  const maxBytes = options.config.documentMaxBytes;
  // One more byte than the limit, so storeUpload sees the overflow and answers with its message.
  await app.register(multipart, {
    limits: {
      fileSize: maxBytes + 1,
      files: MAX_FILES_PER_REQUEST,
      fields: 5,
      parts: MAX_FILES_PER_REQUEST + 5,
    },
  });
  // Documents left "processing" by a process that died are failed so they can be retried.
  await failStuckDocuments(options.database.db);

  app.post(
    DROP_BOX,
    {
      schema: {
        ...documentsDoc,
        summary: `Upload documents (multipart, field "file", one or more; PDF, PNG, JPEG, TIFF, CSV or XLSX; at most ${humanSize(maxBytes)} each)`,
        description:
          'The type is recognised from the content, not the name. Each file is processed in the background.',
        response: {
          201: documentsUploadedSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const scope = documentsScope(request, options, 'create');
      const uploads = await receiveUploads(request, store, maxBytes);
      const data = await createDocuments(scope, options.jobs, uploads);
      return reply.code(201).send({ data });
    },
  );

  app.get(
    DROP_BOX,
    {
      schema: {
        ...documentsDoc,
        summary: 'One page of documents: search, kind, status, created from/to (yyyy-mm-dd), sort',
        querystring: documentsQuerySchema,
        response: { 200: documentsPageSchema, ...errors },
      },
    },
    async (request) => listDocuments(documentsScope(request, options, 'read'), request.query),
  );

  app.get(
    `${DROP_BOX}/:documentId`,
    {
      schema: {
        ...documentsDoc,
        summary: 'One document with its processing status and summary',
        params: documentParams,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) => {
      const scope = documentsScope(request, options, 'read');
      return documentView(await loadDocument(scope.db, scope.organizationId, request.params.documentId));
    },
  );

  app.post(
    `${DROP_BOX}/:documentId/retry`,
    {
      schema: {
        ...documentsDoc,
        summary: 'Process a failed document again',
        params: documentParams,
        response: { 202: documentSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = documentsScope(request, options, 'update');
      const document = await retryDocument(scope, options.jobs, store, request.params.documentId);
      return reply.code(202).send(document);
    },
  );

  app.delete(
    `${DROP_BOX}/:documentId`,
    {
      schema: {
        ...documentsDoc,
        summary: 'Delete a document and its parsed result',
        params: documentParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDocument(documentsScope(request, options, 'delete'), store, request.params.documentId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${DROP_BOX}/export`,
    {
      schema: {
        ...documentsDoc,
        summary: 'Export selected documents: a zip of the originals, or their parsed data as CSV/XLSX',
        body: exportDocumentsSchema,
        response: { 202: exportStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = documentsScope(request, options, 'read');
      // Refuse unknown ids now rather than in the background.
      await loadDocuments(scope.db, scope.organizationId, request.body.ids);
      const owner = { organizationId: scope.organizationId, userId: scope.userId };
      const id = await options.jobs.enqueue(EXPORT_DOCUMENTS_JOB, request.body, owner);
      return reply.code(202).send({ id, source: 'export_document' as const });
    },
  );

  await app.register(documentFilesRoutes, options);
};

/**
 * Stores every `file` part of the request (each checked for size and type); if one is refused,
 * the blobs this request created are removed and nothing is recorded.
 */
async function receiveUploads(request: FastifyRequest, store: FileStore, maxBytes: number) {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send the documents as multipart/form-data in the field "file"');
  }
  const uploads: { fileName: string; blob: StoredBlob }[] = [];
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(`Send the documents in the field "file", not "${part.fieldname.slice(0, 40)}"`);
      }
      const fileName = cleanFileName(part.filename);
      const blob = await storeUpload(
        store,
        { fileName, stream: part.file, truncated: () => part.file.truncated },
        maxBytes,
      ).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, `${fileName} is larger than ${humanSize(maxBytes)}: upload a smaller file`);
        }
        throw error;
      });
      uploads.push({ fileName, blob });
    }
  } catch (error) {
    for (const { blob } of uploads) if (blob.created) await store.remove(blobPath(blob.sha256));
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw badRequest(`Send at most ${MAX_FILES_PER_REQUEST} files per request`);
    }
    throw error;
  }
  if (uploads.length === 0) throw badRequest('Send at least one file in the field "file"');
  return uploads;
}

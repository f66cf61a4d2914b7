import { errorResponseSchema } from '@counterpart/contracts';
import type { Action } from '@counterpart/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { requestScope } from '../../http/request-scope.ts';
import type { JobQueue } from '../../jobs/job-types.ts';
import type { DocumentsScope } from './documents.service.ts';

export interface DocumentsRoutesOptions {
  config: Config;
  database: Database;
  jobs: JobQueue;
}

/** Checks `{product}_documents` `action` in the Organization header's organization. */
export function documentsScope(
  request: FastifyRequest,
  options: DocumentsRoutesOptions,
  action: Action,
): DocumentsScope {
  return requestScope(request, options, action, `${options.config.productKey}_documents`);
}

/** Spec §7: Documents /file_handler/drop_box and the general /file_handler/parser, under /api/documents. */
export const DROP_BOX = '/api/documents/file_handler/drop_box';
export const PARSER = '/api/documents/file_handler/parser';

export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
export const documentsDoc = { tags: ['documents'], security: [{ bearer: [] }] };
export const documentParams = z.object({ documentId: z.string().max(100) });

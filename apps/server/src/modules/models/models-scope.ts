import { errorResponseSchema } from '@counterpart/contracts';
import type { Action } from '@counterpart/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/database.ts';
import { requestScope } from '../../http/request-scope.ts';
import type { JobQueue } from '../../jobs/job-types.ts';
import type { AuditActor } from '../audit/audit.service.ts';

export interface ModelsRoutesOptions {
  config: Config;
  database: Database;
  jobs: JobQueue;
}

/** Where a models call runs: the caller's organization and who they are. */
export interface ModelsScope {
  db: Db;
  organizationId: string;
  userId: string;
  actor: AuditActor;
  /** Where learning and executions are queued. */
  jobs: JobQueue;
}

/** Checks `models` `action` in the Organization header's organization. */
export function modelsScope(
  request: FastifyRequest,
  options: ModelsRoutesOptions,
  action: Action,
): ModelsScope {
  return { ...requestScope(request, options, action, 'models'), jobs: options.jobs };
}

/** Spec §7 Models, served under /api/models. */
export const MODELS_BASE = '/api/models';
export const MODEL_PATH = `${MODELS_BASE}/document_data_extraction/model`;

export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
export const conflict = { 409: errorResponseSchema };
export const modelsDoc = { tags: ['models'], security: [{ bearer: [] }] };
export const idParams = z.object({ id: z.string().max(100) });
export const modelIdParams = z.object({ model_id: z.string().max(100) });
export const labelIdParams = z.object({ label_id: z.string().max(100) });
export const modelIdQuery = z.object({ model_id: z.string().max(100) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for an id a uuid column can hold (any other id is simply not found). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

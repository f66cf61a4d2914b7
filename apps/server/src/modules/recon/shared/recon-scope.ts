import { errorResponseSchema } from '@counterpart/contracts';
import type { Action } from '@counterpart/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Database, Db } from '../../../db/database.ts';
import { requestScope } from '../../../http/request-scope.ts';
import type { JobQueue } from '../../../jobs/job-types.ts';
import type { AuditActor } from '../../audit/audit.service.ts';

export interface ReconRoutesOptions {
  config: Config;
  database: Database;
  jobs: JobQueue;
}

/** Where a reconciliation change runs: the caller's organization and who they are. */
export interface ReconScope {
  db: Db;
  organizationId: string;
  actor: AuditActor;
}

/**
 * Reconciliation is workflow work (spec: reconcile blocks live in workflows): reading needs
 * `workflow` read, matching / adjusting / allocating / running needs `workflow` create or update,
 * deleting rules `workflow` delete. Settings are checked on `settings` by their own routes.
 */
export function reconScope(
  request: FastifyRequest,
  options: Pick<ReconRoutesOptions, 'config' | 'database'>,
  action: Action,
  resource = 'workflow',
): ReconScope {
  return requestScope(request, options, action, resource);
}

/** Every reconciliation route lives under the general recon service base. */
export const RECON_BASE = '/api/recon';

export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
export const reconDoc = { tags: ['recon'], security: [{ bearer: [] }] };

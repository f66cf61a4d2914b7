import { errorResponseSchema } from '@counterpart/contracts';
import type { Action } from '@counterpart/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/database.ts';
import { requirePermission } from '../../http/auth-context.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { type ColumnIndexes, columnIndexesFor } from './column-indexes.ts';

export interface TablesRoutesOptions {
  config: Config;
  database: Database;
}

/** Where a tables change runs: the caller's organization and who they are. */
export interface TablesScope {
  db: Db;
  organizationId: string;
  actor: AuditActor;
  /** Builds and drops the per-column read indexes (absent: reads work, unindexed). */
  indexes?: ColumnIndexes;
}

/** Checks `{product}_table` `action` in the Organization header's organization. */
export function tablesScope(
  request: FastifyRequest,
  options: TablesRoutesOptions,
  action: Action,
): TablesScope {
  const auth = requirePermission(request, action, `${options.config.productKey}_table`);
  const email = auth.claims.email ?? auth.claims.preferred_username ?? auth.userId;
  return {
    db: options.database.db,
    indexes: columnIndexesFor(options.database),
    organizationId: auth.organizationId,
    // A company Keycloak's user ids are not rows here: the e-mail alone names the actor.
    actor: { userId: options.config.oidc.external ? null : auth.userId, email },
  };
}

/** The spec's Tables path base: /api/tables/storage/{product}_tables. */
export function tablesBase(productKey: string): string {
  return `/api/tables/storage/${productKey}_tables`;
}

export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
export const tablesDoc = { tags: ['tables'], security: [{ bearer: [] }] };
export const tableParams = z.object({ tableId: z.string() });

import { errorResponseSchema } from '@counterpart/contracts';
import type { Action } from '@counterpart/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/database.ts';
import { requestScope } from '../../http/request-scope.ts';
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
  return {
    ...requestScope(request, options, action, `${options.config.productKey}_table`),
    indexes: columnIndexesFor(options.database),
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

import type { Action } from '@counterpart/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/database.ts';
import { requirePermission } from './auth-context.ts';

/** Where a request's work runs: the database, the caller's organization and who the caller is. */
export interface RequestScope {
  db: Db;
  organizationId: string;
  /** The caller's id from the token. */
  userId: string;
  /** Who acts, as the audit records them (a company Keycloak's user: no id here, the e-mail alone). */
  actor: { userId: string | null; email: string };
}

/**
 * Checks `resource` `action` in the Organization header's organization (403 otherwise) and answers
 * the scope the request's work runs in. Each module names its own resource (`{product}_table`,
 * `workflow`, …) and adds what its scope carries besides.
 */
export function requestScope(
  request: FastifyRequest,
  options: { config: Pick<Config, 'oidc'>; database: Pick<Database, 'db'> },
  action: Action,
  resource: string,
): RequestScope {
  const auth = requirePermission(request, action, resource);
  const email = auth.claims.email ?? auth.claims.preferred_username ?? auth.userId;
  return {
    db: options.database.db,
    organizationId: auth.organizationId,
    userId: auth.userId,
    // A company Keycloak's user ids are not rows here: the e-mail alone names the actor.
    actor: { userId: options.config.oidc.external ? null : auth.userId, email },
  };
}

import type { Action } from '@counterpart/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { requirePermission } from '../../http/auth-context.ts';
import type { EventBus } from '../../realtime/realtime-event.ts';
import type { TeamScope } from './team-change.ts';

export interface TeamRoutesOptions {
  config: Config;
  database: Database;
  bus: EventBus;
}

/** `realm` and `organization_object_id` where the spec names them: only this realm and organization. */
export interface RealmQuery {
  realm?: string | undefined;
  organization_object_id?: string | undefined;
}

/**
 * Checks the permission in the Organization header's organization and that the request names no
 * other realm (400) or organization (403); returns the scope a team change runs in.
 */
export function teamScope(
  request: FastifyRequest,
  options: TeamRoutesOptions,
  permission: { action: Action; resource: string },
  named: RealmQuery = {},
): TeamScope {
  const auth = requirePermission(request, permission.action, permission.resource);
  if (named.realm !== undefined && named.realm !== options.config.oidc.realm) {
    throw badRequest(`Unknown realm "${named.realm}": use "${options.config.oidc.realm}"`);
  }
  if (named.organization_object_id !== undefined && named.organization_object_id !== auth.organizationId) {
    throw forbidden('organization_object_id must be the organization of the Organization header');
  }
  const email = auth.claims.email ?? auth.claims.preferred_username ?? auth.userId;
  return {
    db: options.database.db,
    bus: options.bus,
    organizationId: auth.organizationId,
    // A company Keycloak's user ids are not rows here: the e-mail alone names the actor.
    actor: { userId: options.config.oidc.external ? null : auth.userId, email },
    productKey: options.config.productKey,
  };
}

import type { Action } from '@counterpart/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { requestScope } from '../../http/request-scope.ts';
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
  const scope = requestScope(request, options, permission.action, permission.resource);
  if (named.realm !== undefined && named.realm !== options.config.oidc.realm) {
    throw badRequest(`Unknown realm "${named.realm}": use "${options.config.oidc.realm}"`);
  }
  if (named.organization_object_id !== undefined && named.organization_object_id !== scope.organizationId) {
    throw forbidden('organization_object_id must be the organization of the Organization header');
  }
  return { ...scope, bus: options.bus, productKey: options.config.productKey };
}

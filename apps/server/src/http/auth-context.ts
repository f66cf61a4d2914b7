import type { ClientRoles } from '@counterpart/contracts';
import { type Action, can, rolesFromToken } from '@counterpart/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import type { AccessClaims, TokenVerifier } from '../identity/token-verifier.ts';
import { loadCaller } from '../modules/organizations/organizations.service.ts';

/** Who is calling: set on every /api request by the bearer-token hook. */
export interface AuthContext {
  userId: string;
  claims: AccessClaims;
  /** The organization named by the `Organization` header, checked against the token and membership. */
  organizationId: string | null;
  /** Roles in that organization (from the database's grants for the built-in provider). */
  roles: ClientRoles;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Routes that need no bearer token (health, public config). */
    public?: boolean;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BEARER = /^Bearer ([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)$/;

/**
 * Authenticates every /api request: a valid bearer token (401 otherwise), an Organization header
 * naming an organization the token holds (403 otherwise) and, for the built-in provider, a live
 * membership read from the database so removal and revoked grants take effect at once.
 */
export const authContextPlugin = fp<{ config: Config; database: Database; verifyToken: TokenVerifier }>(
  async (app: FastifyInstance, { config, database, verifyToken }) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') || isPublic(request)) return;
      const header = request.headers.authorization;
      if (!header) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <token>"');
      const match = BEARER.exec(header);
      if (!match?.[1]) throw unauthorized('Malformed Authorization header: expected "Bearer <token>"');
      const claims = await verifyToken(match[1]);
      const organizationId = organizationHeader(request);
      if (organizationId !== null && !claims.organization?.[organizationId]) {
        throw forbidden('The Organization header names an organization you do not belong to');
      }
      request.auth = await resolveContext(config, database, claims, organizationId);
    });
  },
  { name: 'auth-context' },
);

async function resolveContext(
  config: Config,
  database: Database,
  claims: AccessClaims,
  organizationId: string | null,
): Promise<AuthContext> {
  const empty: ClientRoles = { management: [], recon: [] };
  if (config.oidc.external) {
    // A company Keycloak owns users and roles: trust its signed token.
    const roles = organizationId ? rolesFromToken(claims, organizationId, config.clients) : empty;
    return { userId: claims.sub, claims, organizationId, roles };
  }
  if (!UUID.test(claims.sub) || (organizationId !== null && !UUID.test(organizationId))) {
    throw forbidden('Unknown user or organization');
  }
  const caller = await loadCaller(database.db, claims.sub, organizationId);
  if (!caller.exists) throw unauthorized('Your account no longer exists');
  if (organizationId === null) return { userId: claims.sub, claims, organizationId, roles: empty };
  if (!caller.roles) throw forbidden('You are no longer a member of this organization');
  return { userId: claims.sub, claims, organizationId, roles: caller.roles };
}

/** The API reference and its document are readable without signing in. */
function isPublic(request: FastifyRequest) {
  return request.routeOptions.config?.public === true || request.url.startsWith('/api/docs');
}

function organizationHeader(request: FastifyRequest): string | null {
  const value = request.headers.organization;
  if (value === undefined || value === '') return null;
  if (Array.isArray(value)) throw new AppError(400, 'Send one Organization header');
  return value;
}

/** The caller's context; throws 401 when the route was reached without one. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The caller's context with an organization; 400 when the Organization header is missing. */
export function requireOrganization(request: FastifyRequest): AuthContext & { organizationId: string } {
  const auth = requireAuth(request);
  if (!auth.organizationId) throw new AppError(400, 'Missing Organization header: send the organization id');
  return auth as AuthContext & { organizationId: string };
}

/** Checks `can(action, resource)` in the current organization, the same rule as the web app. */
export function requirePermission(request: FastifyRequest, action: Action, resource: string) {
  const auth = requireOrganization(request);
  if (!can(auth.roles, action, resource)) {
    throw forbidden(`You need the ${resource}-${action} permission in this organization`);
  }
  return auth;
}

import type { ClientRoles } from '@counterpart/contracts';
import { type Action, can, rolesFromToken } from '@counterpart/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import type { AccessClaims, TokenVerifier } from '../identity/token-verifier.ts';
import type { AuthCache, CallerRecord } from './auth-cache.ts';

/** Who is calling: set on every /api request by the bearer-token hook. */
export interface AuthContext {
  userId: string;
  claims: AccessClaims;
  /** The organization named by the `Organization` header, checked against the token and membership. */
  organizationId: string | null;
  /** Roles in that organization (from the database's grants for the built-in provider). */
  roles: ClientRoles;
  /** With the built-in provider: the user and their organizations, as the (cached) database has them. */
  caller?: CallerRecord;
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
 * naming an organization the token holds (403 otherwise) and, for the built-in provider, a session
 * still signed in (401) and a live membership (403), read through the auth cache, which team
 * changes and sign-out invalidate at once, so removal and revoked grants take effect immediately.
 */
export const authContextPlugin = fp<{
  config: Config;
  authCache: AuthCache | null;
  verifyToken: TokenVerifier;
}>(
  async (app: FastifyInstance, { config, authCache, verifyToken }) => {
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
      request.auth = await resolveContext(config, authCache, claims, organizationId);
    });
  },
  { name: 'auth-context' },
);

async function resolveContext(
  config: Config,
  cache: AuthCache | null,
  claims: AccessClaims,
  organizationId: string | null,
): Promise<AuthContext> {
  const empty: ClientRoles = { management: [], recon: [] };
  if (config.oidc.external) {
    // A company Keycloak owns users and roles: trust its signed token.
    const roles = organizationId ? rolesFromToken(claims, organizationId, config.clients) : empty;
    return { userId: claims.sub, claims, organizationId, roles };
  }
  if (!cache) throw new Error('The built-in provider needs the auth cache');
  if (!UUID.test(claims.sub) || (organizationId !== null && !UUID.test(organizationId))) {
    throw forbidden('Unknown user or organization');
  }
  // Signing out ends the provider session: its access tokens stop working at once, not at expiry.
  if (!claims.sid) throw unauthorized('Token has no session: sign in again');
  const [alive, caller] = await Promise.all([
    cache.sessionAlive(claims.sid),
    cache.caller(claims.sub, Object.keys(claims.organization ?? {})),
  ]);
  if (!alive) throw unauthorized('Your session has ended: sign in again');
  if (!caller) throw unauthorized('Your account no longer exists');
  if (organizationId === null) return { userId: claims.sub, claims, organizationId, roles: empty, caller };
  const membership = caller.byOrganization.get(organizationId);
  if (!membership) throw forbidden('You are no longer a member of this organization');
  return { userId: claims.sub, claims, organizationId, roles: membership.roles, caller };
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

import { SOCKET_CLOSE } from '@counterpart/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { TokenVerifier } from '../../identity/token-verifier.ts';
import { loadCaller } from '../../identity/users.ts';
import type { AuthCache } from '../auth-cache.ts';

export interface SocketIdentity {
  userId: string;
  organizationId: string;
  /** When the token expires (ms since the epoch); the socket is closed with 4001 then. */
  expiresAt: number | null;
  /** The provider session of the token (`sid`): its sign-out closes the socket. */
  sessionId: string | null;
}

export type SocketAuthResult =
  | { ok: true; identity: SocketIdentity }
  | { ok: false; code: number; reason: string };

export interface SocketAuthDeps {
  config: Config;
  verifyToken: TokenVerifier;
  /** For the built-in provider's live membership check; without it the token's claim is trusted. */
  database?: Database;
  /** The built-in provider's sessions: a signed-out session's token opens no socket. */
  authCache?: AuthCache | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks a socket's `organization_id` and `token` like an API call's Organization header and
 * bearer token: a valid access token that holds the organization and, with the built-in provider,
 * a live membership. Refusals carry the close code (1008, or 4001 for an expired token so the
 * client reconnects with a fresh one) and a reason the browser can read.
 */
export async function authenticateSocket(
  deps: SocketAuthDeps,
  query: { organization_id?: unknown; token?: unknown },
): Promise<SocketAuthResult> {
  // A name given twice arrives as an array: refused, never guessed between.
  if (Array.isArray(query.organization_id)) return refuse('Send organization_id once');
  if (Array.isArray(query.token)) return refuse('Send token once');
  const organizationId = typeof query.organization_id === 'string' ? query.organization_id.trim() : '';
  const token = typeof query.token === 'string' ? query.token.trim() : '';
  if (!organizationId) return refuse('Missing organization_id');
  if (!token) return refuse('Missing token');
  let claims: Awaited<ReturnType<TokenVerifier>>;
  try {
    claims = await deps.verifyToken(token);
  } catch (error) {
    const reason = error instanceof AppError ? error.message : 'Invalid token';
    if (reason === 'Token expired') return { ok: false, code: SOCKET_CLOSE.tokenExpired, reason };
    return refuse(reason);
  }
  if (!claims.organization?.[organizationId]) {
    return refuse('The token does not hold this organization');
  }
  if (!deps.config.oidc.external && deps.database) {
    if (!UUID.test(claims.sub) || !UUID.test(organizationId)) return refuse('Unknown user or organization');
    const caller = await loadCaller(deps.database.db, claims.sub, organizationId);
    if (!caller.exists) return refuse('Your account no longer exists');
    if (!caller.roles) return refuse('You are no longer a member of this organization');
    if (deps.authCache && !(claims.sid && (await deps.authCache.sessionAlive(claims.sid)))) {
      return refuse('Your session has ended: sign in again');
    }
  }
  const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  const sessionId = typeof claims.sid === 'string' ? claims.sid : null;
  return { ok: true, identity: { userId: claims.sub, organizationId, expiresAt, sessionId } };
}

function refuse(reason: string): SocketAuthResult {
  return { ok: false, code: SOCKET_CLOSE.policyViolation, reason };
}

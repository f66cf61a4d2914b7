import { createLocalJWKSet, createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { Config } from '../config.ts';
import { unauthorized } from '../errors.ts';
import type { IdentitySecrets } from './signing-keys.ts';

/** The claims Counterpart reads from an access token (Keycloak's shape, spec §3 login token). */
export interface AccessClaims extends JWTPayload {
  sub: string;
  preferred_username?: string;
  name?: string;
  email?: string;
  sid?: string;
  session_state?: string;
  realm_access?: { roles?: string[] };
  resource_access?: Record<string, { roles?: string[] }>;
  organization?: Record<string, { name?: string; attributes?: Record<string, string[]>; roles?: unknown }>;
}

export type TokenVerifier = (token: string) => Promise<AccessClaims>;

/**
 * Verifies bearer tokens: against the built-in provider's keys, or the company Keycloak's JWKS
 * when OIDC_URL is set. Any failure is a 401 with a message that says what is wrong.
 */
export function createTokenVerifier(config: Config, secrets: IdentitySecrets | null): TokenVerifier {
  const jwks =
    config.oidc.external || !secrets
      ? createRemoteJWKSet(new URL(`${config.oidc.issuer}/protocol/openid-connect/certs`))
      : createLocalJWKSet(secrets.publicJwks);
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: config.oidc.issuer, clockTolerance: 5 });
      if (typeof payload.sub !== 'string' || payload.sub === '') throw unauthorized('Token has no subject');
      // ID and refresh tokens share the key and issuer: only an access token opens the API.
      if (payload.typ !== 'Bearer') throw unauthorized('Not an access token');
      return payload as AccessClaims;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw unauthorized('Token expired');
      if (error instanceof errors.JOSEError) throw unauthorized('Invalid token');
      throw error;
    }
  };
}

import { createLocalJWKSet, createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { Config } from '../config.ts';
import { unauthorized } from '../errors.ts';
import { isForProduct, productAudiences } from './api-audience.ts';
import type { IdentitySecrets } from './signing-keys.ts';

/** The claims Counterpart reads from an access token (Keycloak's shape, spec §3 login token). */
export interface AccessClaims extends JWTPayload {
  sub: string;
  preferred_username?: string;
  name?: string;
  email?: string;
  sid?: string;
  session_state?: string;
  azp?: string;
  realm_access?: { roles?: string[] };
  resource_access?: Record<string, { roles?: string[] }>;
  organization?: Record<string, { name?: string; attributes?: Record<string, string[]>; roles?: unknown }>;
}

export type TokenVerifier = (token: string) => Promise<AccessClaims>;

/** Verified tokens kept at most (oldest dropped first): a few KB each. */
const MAX_VERIFIED = 5_000;
const CLOCK_TOLERANCE_S = 5;

/**
 * Verifies bearer tokens: against the built-in provider's keys, or the company Keycloak's JWKS
 * when OIDC_URL is set. Any failure is a 401 with a message that says what is wrong.
 *
 * A token must be an access token (`typ` Bearer) for one of the product's clients (`azp`, or `aud`
 * holding a client or the API resource): a token the same realm signed for another client is refused.
 * A verified token is remembered until it expires, keyed by its whole text (so a copied signature
 * on other claims is verified afresh): the signature check and the 5 KB decode run once per token.
 */
export function createTokenVerifier(config: Config, secrets: IdentitySecrets | null): TokenVerifier {
  const jwks =
    config.oidc.external || !secrets
      ? createRemoteJWKSet(new URL(`${config.oidc.issuer}/protocol/openid-connect/certs`))
      : createLocalJWKSet(secrets.publicJwks);
  const accepted = productAudiences(config);
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  const verify = async (token: string): Promise<AccessClaims> => {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: config.oidc.issuer,
        clockTolerance: CLOCK_TOLERANCE_S,
      });
      if (typeof payload.sub !== 'string' || payload.sub === '') throw unauthorized('Token has no subject');
      // ID and refresh tokens share the key and issuer: only an access token opens the API.
      if (payload.typ !== 'Bearer') throw unauthorized('Not an access token');
      if (!isForProduct(payload, accepted)) throw unauthorized('Token was issued for another client');
      return Object.freeze(payload) as AccessClaims;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw unauthorized('Token expired');
      if (error instanceof errors.JOSEError) throw unauthorized('Invalid token');
      throw error;
    }
  };

  return async (token) => {
    const now = Date.now();
    const known = verified.get(token);
    if (known && now < known.expiresAt) return known.claims;
    if (known) verified.delete(token);
    const claims = await verify(token);
    // A token without `exp` is verified every time rather than kept for ever.
    if (typeof claims.exp === 'number') {
      if (verified.size >= MAX_VERIFIED) {
        const oldest = verified.keys().next().value;
        if (oldest !== undefined) verified.delete(oldest);
      }
      verified.set(token, { claims, expiresAt: claims.exp * 1000 });
    }
    return claims;
  };
}

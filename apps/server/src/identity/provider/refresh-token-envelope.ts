import { createHmac } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';

/** What the envelope tells keycloak-js (it decodes refresh tokens as JWTs) besides the token itself. */
export interface RefreshTokenFacts {
  sub?: string | undefined;
  sid?: string | undefined;
  clientId?: string | undefined;
  scope?: string | undefined;
  exp?: number | undefined;
}

export interface RefreshTokenEnvelope {
  /** Wraps oidc-provider's opaque refresh token in a signed JWT (HS256, `typ` Refresh like Keycloak). */
  wrap(opaque: string, facts: RefreshTokenFacts): Promise<string>;
  /** The opaque token inside a valid envelope; null for anything else (not a JWT, forged, other issuer). */
  unwrap(token: string): Promise<string | null>;
}

const PURPOSE = 'counterpart refresh token envelope';

/**
 * keycloak-js decodes the refresh token as a JWT, and oidc-provider's are opaque: the token endpoint
 * answers an envelope and the provider receives the opaque token back. The envelope is signed with
 * keys derived from the persisted cookie keys (any of them verifies, so a rotation keeps old ones
 * working); it adds no power: the opaque token inside is still checked, rotated and revoked by
 * oidc-provider.
 */
export function createRefreshTokenEnvelope(issuer: string, cookieKeys: string[]): RefreshTokenEnvelope {
  const keys = cookieKeys.map((key) => createHmac('sha256', key).update(PURPOSE).digest());
  const [signingKey] = keys;
  if (!signingKey) throw new Error('The identity secrets hold no cookie key to sign refresh tokens with');
  return {
    async wrap(opaque, facts) {
      const jwt = new SignJWT({
        typ: 'Refresh',
        rt: opaque,
        azp: facts.clientId,
        sid: facts.sid,
        session_state: facts.sid,
        scope: facts.scope,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(issuer)
        .setIssuedAt();
      if (facts.sub) jwt.setSubject(facts.sub);
      if (facts.exp) jwt.setExpirationTime(facts.exp);
      return jwt.sign(signingKey);
    },
    async unwrap(token) {
      if (!looksLikeJwt(token)) return null;
      for (const key of keys) {
        try {
          const { payload } = await jwtVerify(token, key, {
            issuer,
            audience: issuer,
            algorithms: ['HS256'],
          });
          return payload.typ === 'Refresh' && typeof payload.rt === 'string' ? payload.rt : null;
        } catch {
          // Try the next key; an envelope none of them verifies is refused.
        }
      }
      return null;
    },
  };
}

function looksLikeJwt(token: string) {
  try {
    return decodeProtectedHeader(token).alg === 'HS256';
  } catch {
    return false;
  }
}

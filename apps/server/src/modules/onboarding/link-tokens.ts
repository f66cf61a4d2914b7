import { createHash, randomBytes } from 'node:crypto';

/** The SHA-256 (hex) of a link token: the only form stored, so a database leak holds no working link. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new unguessable token for an e-mailed link (32 random bytes, base64url) and its stored hash. */
export function createLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

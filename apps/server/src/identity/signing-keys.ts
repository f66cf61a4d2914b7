import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/database.ts';
import { serverSecrets } from '../db/schema.ts';

export interface IdentitySecrets {
  /** Private signing keys (RS256) of the built-in provider, with kid. Never leave the server. */
  signingJwks: { keys: JWK[] };
  /** The public half, served at .../protocol/openid-connect/certs and used to verify API tokens. */
  publicJwks: { keys: JWK[] };
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[];
}

/**
 * Loads the identity secrets, creating them on the first start. They live in the database, so
 * tokens and sessions survive restarts and every server process signs and verifies alike.
 */
export async function loadIdentitySecrets(database: Database): Promise<IdentitySecrets> {
  const existing = await readSecret(database);
  if (existing) return withPublic(existing);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const created = {
    signingJwks: { keys: [{ ...jwk, kid: randomBytes(12).toString('base64url'), alg: 'RS256', use: 'sig' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  // Two processes may race on first start: keep whichever was written first.
  await database.db
    .insert(serverSecrets)
    .values({ name: 'identity', value: created })
    .onConflictDoNothing({ target: serverSecrets.name });
  return withPublic((await readSecret(database)) ?? created);
}

type StoredSecrets = Omit<IdentitySecrets, 'publicJwks'>;

async function readSecret(database: Database): Promise<StoredSecrets | null> {
  const [row] = await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'identity'));
  return (row?.value as StoredSecrets | undefined) ?? null;
}

function withPublic(secrets: StoredSecrets): IdentitySecrets {
  const publicKeys = secrets.signingJwks.keys.map(({ kty, n, e, kid, alg, use }) => ({
    kty,
    n,
    e,
    kid,
    alg,
    use,
  }));
  return { ...secrets, publicJwks: { keys: publicKeys } };
}

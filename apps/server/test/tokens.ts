import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import { apiResource } from '../src/identity/api-audience.ts';
import { loadIdentitySecrets } from '../src/identity/signing-keys.ts';
import { findUserByEmail, listUserOrganizations } from '../src/identity/users.ts';
import type { TestServer } from './test-server.ts';

/**
 * Signs an access token with the server's own keys and the claims the built-in provider gives
 * (for our client and the API resource, in a live provider session: a `Session` row is stored),
 * for API tests that are about the API, not the sign-in flow (that one is tested end to end).
 * `sid` names an existing session instead; `azp`/`aud` override the token's client and audience.
 */
export async function accessTokenFor(
  server: TestServer,
  email: string,
  options: {
    expiresIn?: string | number;
    organization?: Record<string, unknown>;
    sid?: string;
    azp?: string;
    aud?: string | string[];
  } = {},
): Promise<string> {
  const user = await findUserByEmail(server.database.db, email);
  if (!user) throw new Error(`No user ${email}`);
  const orgs = await listUserOrganizations(server.database.db, user.id);
  const organization =
    options.organization ??
    Object.fromEntries(
      orgs.map((o) => [
        o.id,
        {
          name: o.name,
          attributes: o.attributes,
          roles: {
            [server.config.clients.management]: o.roles.management,
            [server.config.clients.recon]: o.roles.recon,
          },
        },
      ]),
    );
  const sid = options.sid ?? (await storeSession(server, user.id));
  const secrets = await loadIdentitySecrets(server.database);
  const jwk = secrets.signingJwks.keys[0]!;
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT({
    typ: 'Bearer',
    preferred_username: user.username,
    email: user.email,
    name: user.fullName,
    organization,
    azp: options.azp ?? server.config.oidc.clientId,
    sid,
    session_state: sid,
  })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'at+jwt' })
    .setIssuer(server.config.oidc.issuer)
    .setSubject(user.id)
    .setAudience(options.aud ?? apiResource(server.config.productKey))
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign(key);
}

/** The ids of the demo organizations by name. */
export async function organizationIds(server: TestServer): Promise<Record<string, string>> {
  const { rows } = await server.database.query<{ id: string; name: string }>(
    'select id, name from organizations order by created_at',
    [],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** A signed-in provider session of the user (as oidc-provider stores it); returns its uid, the tokens' `sid`. */
export async function storeSession(server: TestServer, userId: string): Promise<string> {
  const uid = randomUUID();
  const payload = { uid, accountId: userId, loginTs: Math.floor(Date.now() / 1000), kind: 'Session' };
  await server.database.query(
    `insert into oidc_payloads (model, id, payload, uid, expires_at)
     values ('Session', $1, $2, $3, now() + interval '10 hours')`,
    [randomUUID(), JSON.stringify(payload), uid],
  );
  return uid;
}

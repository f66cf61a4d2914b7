import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { accountRoutes } from './provider/account-routes.ts';
import { keycloakPages } from './provider/keycloak-pages.ts';
import { loginRoutes } from './provider/login-routes.ts';
import { createOidcProvider } from './provider/oidc-provider.ts';
import { providerRoutes } from './provider/provider-routes.ts';
import { createRefreshTokenEnvelope } from './provider/refresh-token-envelope.ts';
import type { IdentitySecrets } from './signing-keys.ts';
import type { TokenVerifier } from './token-verifier.ts';

export interface IdentityPluginOptions {
  config: Config;
  database: Database;
  secrets: IdentitySecrets;
  verifyToken: TokenVerifier;
  /** Called with the session's uid (the tokens' `sid`) when someone signs out, so its tokens stop working. */
  onSessionEnded?: (sid: string) => Promise<void> | undefined;
}

/**
 * The built-in identity provider, a Keycloak look-alike for keycloak-js, mounted at
 * /realms/{realm} (register it with that prefix):
 * - OpenID Connect endpoints from oidc-provider: .well-known/openid-configuration,
 *   protocol/openid-connect/{auth,token,logout,certs,revoke,token/introspect};
 * - our own: protocol/openid-connect/userinfo, /account and /orgs (bearer token), the sign-in page
 *   (/login-actions/:uid), the session status and third-party cookie iframes, and their scripts.
 */
export const identityPlugin: FastifyPluginAsync<IdentityPluginOptions> = async (app, options) => {
  const { config, database, secrets, verifyToken } = options;
  const realmPath = app.prefix;
  const envelope = createRefreshTokenEnvelope(config.oidc.issuer, secrets.cookieKeys);
  const provider = createOidcProvider({ config, database, secrets, realmPath, envelope });
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'));
  // Emitted after the session row is destroyed and before the answer is sent.
  provider.on('end_session.success', (ctx) => {
    const sid = ctx.oidc.session?.uid;
    if (!sid) return;
    options
      .onSessionEnded?.(sid)
      ?.catch((error: unknown) => app.log.error({ err: error }, 'could not announce the end of a session'));
  });

  await app.register(accountRoutes, { database, verifyToken, realm: config.oidc.realm });
  await app.register(keycloakPages, { config });
  await app.register(loginRoutes, { config, database, provider });
  await app.register(providerRoutes(provider, envelope));
};

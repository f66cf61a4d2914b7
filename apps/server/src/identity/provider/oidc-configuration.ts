import { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { apiResource } from '../api-audience.ts';
import type { IdentitySecrets } from '../signing-keys.ts';
import { findUserById, listUserOrganizations } from '../users.ts';
import { createOidcAdapterFactory } from './oidc-adapter.ts';
import { createProviderPages } from './provider-pages.ts';
import { accessTokenClaims, profileClaims } from './token-claims.ts';

/** The scopes of the built-in provider; all three are granted to our own client without a consent page. */
export const SCOPES = ['openid', 'profile', 'email'];
/** An SSO session lasts a working day (Keycloak's default "SSO Session Max"); refresh tokens end with it. */
const SESSION_TTL = 10 * 60 * 60;
const INTERACTION_TTL = 60 * 60;
const PROFILE_CLAIMS = ['name', 'preferred_username', 'given_name', 'family_name'];

/** Keycloak's endpoint paths under the realm. */
export const OIDC_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  end_session: '/protocol/openid-connect/logout',
  jwks: '/protocol/openid-connect/certs',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
};

export interface OidcConfigurationOptions {
  config: Config;
  database: Database;
  secrets: IdentitySecrets;
  /** Where the realm is mounted, e.g. /realms/production. */
  realmPath: string;
}

export { apiResource };

/** The exact redirect URIs registered for the app; any other same-origin URI is allowed too (see oidc-provider.ts). */
export function registeredRedirectUris(publicUrl: string) {
  return [`${publicUrl}/`, `${publicUrl}/dashboard`, `${publicUrl}/silent-check-sso.html`];
}

/** oidc-provider's configuration: Keycloak's paths, claims and token shapes over our users and organizations. */
export function createOidcConfiguration({ config, database, secrets, realmPath }: OidcConfigurationOptions) {
  const resource = apiResource(config.productKey);
  const appUrl = config.publicUrl;
  const appOrigin = new URL(appUrl).origin;
  const appPath = new URL(appUrl).pathname.replace(/\/$/, '');
  const pages = createProviderPages({ appUrl, appPath, assetsPath: `${realmPath}/assets` });
  const samePolicy = (_ctx: KoaContextWithOIDC, client: { clientId: string }, token: { clientId?: string }) =>
    token.clientId === client.clientId;

  const configuration: Configuration = {
    adapter: createOidcAdapterFactory(database),
    jwks: secrets.signingJwks as Configuration['jwks'],
    cookies: {
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: config.oidc.clientId,
        client_name: 'Counterpart',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: registeredRedirectUris(appUrl),
        post_logout_redirect_uris: [`${appUrl}/`],
      },
    ],
    scopes: SCOPES,
    claims: {
      // Keycloak puts the profile in every token of the realm's clients: keycloak-js asks for `openid` only.
      openid: ['sub', ...PROFILE_CLAIMS, 'email'],
      profile: PROFILE_CLAIMS,
      email: ['email'],
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    routes: OIDC_ROUTES,
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true, allowedPolicy: samePolicy },
      introspection: { enabled: true, allowedPolicy: samePolicy },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: config.accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // Refresh tokens for every sign-in, not only `offline_access` (keycloak-js refreshes with them).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    async findAccount(_ctx, sub) {
      const user = await findUserById(database.db, sub).catch(() => null);
      if (!user) return undefined;
      return { accountId: user.id, claims: () => profileClaims(user) };
    },
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const user = await findUserById(database.db, token.accountId);
      if (!user) return undefined;
      const organizations = await listUserOrganizations(database.db, user.id);
      return accessTokenClaims({
        user,
        organizations,
        sessionUid: token.sessionUid,
        clientId: token.clientId ?? config.oidc.clientId,
        clients: config.clients,
        realm: config.oidc.realm,
      });
    },
    // Our own client needs no consent: a missing grant is created with every scope.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const client = oidc.client;
      const accountId = oidc.account?.accountId;
      if (!client || !accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope(SCOPES.join(' '));
      grant.addResourceScope(resource, SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `${realmPath}/login-actions/${interaction.uid}` },
    // Same origin only: the app and the provider share it (STACK.md), so no other origin needs CORS.
    clientBasedCORS: (_ctx, origin) => origin === appOrigin,
    renderError: pages.renderError,
    ttl: {
      AccessToken: config.accessTokenTtl,
      IdToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      Interaction: INTERACTION_TTL,
      Session: SESSION_TTL,
      Grant: SESSION_TTL,
      // A rotated refresh token keeps the remaining life of the one it replaces: the session's length at most.
      RefreshToken: (ctx) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated ? Math.max(1, rotated.remainingTTL) : SESSION_TTL;
      },
    },
  };
  return configuration;
}

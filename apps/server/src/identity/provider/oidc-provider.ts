import type { Middleware } from 'koa';
import Provider, { type OIDCContext } from 'oidc-provider';
import { createOidcConfiguration, type OidcConfigurationOptions } from './oidc-configuration.ts';
import type { RefreshTokenEnvelope } from './refresh-token-envelope.ts';

/** The readable cookie the session status iframe compares with keycloak-js's session id. */
export const SESSION_STATUS_COOKIE = 'KEYCLOAK_SESSION';

export interface OidcProviderOptions extends OidcConfigurationOptions {
  envelope: RefreshTokenEnvelope;
}

/**
 * The built-in OpenID Connect provider (oidc-provider, certified): Keycloak's realm layout,
 * JWT access and refresh tokens, sessions in the database, the app's origin as the only client.
 */
export function createOidcProvider(options: OidcProviderOptions): Provider {
  const { config, realmPath, envelope } = options;
  const provider = new Provider(config.oidc.issuer, createOidcConfiguration(options));
  // The dev server and production deployments proxy: trust X-Forwarded-Proto/Host.
  provider.proxy = true;
  allowAppRedirects(provider, config.oidc.clientId, config.publicUrl);
  provider.use(wrapRefreshTokens(envelope));
  provider.use(trackSessionStatus(config.oidc.realm, realmPath));
  return provider;
}

/** True for an URL of the web app: same origin as publicUrl, under its path, no fragment or credentials. */
export function isAppUrl(value: string, publicUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const app = new URL(publicUrl);
  if (url.origin !== app.origin || url.hash || url.username || url.password) return false;
  const base = app.pathname.endsWith('/') ? app.pathname : `${app.pathname}/`;
  return url.pathname === app.pathname || url.pathname.startsWith(base);
}

/**
 * oidc-provider compares redirect URIs exactly; keycloak-js sends the page the user was on. Besides
 * the registered URIs, our client may redirect to any page of the app (same origin, under
 * publicUrl): a hook on Client.prototype, limited to our client id.
 */
function allowAppRedirects(provider: Provider, clientId: string, publicUrl: string) {
  const { prototype } = provider.Client;
  const exactRedirect = prototype.redirectUriAllowed;
  const exactPostLogout = prototype.postLogoutRedirectUriAllowed;
  prototype.redirectUriAllowed = function redirectUriAllowed(value: string) {
    return exactRedirect.call(this, value) || (this.clientId === clientId && isAppUrl(value, publicUrl));
  };
  prototype.postLogoutRedirectUriAllowed = function postLogoutRedirectUriAllowed(value: string) {
    return exactPostLogout.call(this, value) || (this.clientId === clientId && isAppUrl(value, publicUrl));
  };
}

/** The OIDC context of a request the provider routed; undefined for unknown paths. */
function oidcOf(ctx: object): OIDCContext | undefined {
  return (ctx as { oidc?: OIDCContext }).oidc;
}

/** Token responses carry the refresh token in a signed JWT envelope (keycloak-js decodes it). */
function wrapRefreshTokens(envelope: RefreshTokenEnvelope): Middleware {
  return async (ctx, next) => {
    await next();
    const oidc = oidcOf(ctx);
    const body = ctx.body as { refresh_token?: unknown } | undefined;
    if (oidc?.route !== 'token' || typeof body?.refresh_token !== 'string') return;
    const token = oidc.entities.RefreshToken;
    body.refresh_token = await envelope.wrap(body.refresh_token, {
      sub: token?.accountId,
      sid: token?.sessionUid,
      clientId: token?.clientId,
      scope: token?.scope,
      // exp is only in the stored payload; remainingTTL holds the lifetime the provider gave the token.
      exp: token ? (token.exp ?? Math.floor(Date.now() / 1000) + token.remainingTTL) : undefined,
    });
  };
}

/**
 * Keeps the readable session status cookie ("realm/user/session uid", on the realm's path) in
 * step with the provider's session: set when an authorization succeeds, cleared at sign-out.
 */
function trackSessionStatus(realm: string, realmPath: string): Middleware {
  return async (ctx, next) => {
    await next();
    const oidc = oidcOf(ctx);
    if (!oidc) return;
    const session = oidc.session as (OIDCContext['session'] & { destroyed?: boolean }) | undefined;
    const options = {
      path: `${realmPath}/`,
      httpOnly: false,
      sameSite: 'lax' as const,
      signed: false,
      overwrite: true,
    };
    if (oidc.route === 'end_session_confirm' && (!session?.accountId || session.destroyed)) {
      ctx.cookies.set(SESSION_STATUS_COOKIE, null, options);
    } else if (
      (oidc.route === 'authorization' || oidc.route === 'resume') &&
      session?.accountId &&
      !session.destroyed
    ) {
      ctx.cookies.set(SESSION_STATUS_COOKIE, `${realm}/${session.accountId}/${session.uid}`, options);
    }
  };
}

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type Interaction } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { clearAccountCreatedCookie, hasAccountCreatedNotice } from '../account-notice.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { findUserByEmail } from '../users.ts';
import { createAccountLockout, lockoutSettings } from './account-lockout.ts';
import { addFormBodyParser } from './form-request.ts';
import {
  INVALID_CREDENTIALS,
  renderLoginPage,
  renderSignInExpiredPage,
  tooManyAttemptsMessage,
} from './login-page.ts';
import { addressKey, createLoginThrottle } from './login-throttle.ts';
import { apiResource, SCOPES } from './oidc-configuration.ts';

export interface LoginRoutesOptions {
  config: Config;
  database: Database;
  provider: Provider;
}

type LoginRequest = FastifyRequest<{ Params: { uid: string }; Body: { email?: string; password?: string } }>;

/**
 * The sign-in page of oidc-provider's interactions, at /realms/{realm}/login-actions/:uid.
 * A wrong e-mail or password gets one message whatever was wrong. Failures pause the account
 * (Keycloak's brute-force detection, account-lockout.ts: a short wait growing with the failures, a
 * success starts the count again) and, counted apart, the client address (a fixed 15-minute
 * window that no one's success resets). Consent is implicit for our own client.
 */
export const loginRoutes: FastifyPluginAsync<LoginRoutesOptions> = async (
  app,
  { config, database, provider },
) => {
  addFormBodyParser(app);
  const lockout = createAccountLockout(database.db, lockoutSettings(config));
  const addresses = createLoginThrottle(database, config.bruteForce.addressMaxFailures);
  const appUrl = config.publicUrl;
  const appPath = new URL(appUrl).pathname.replace(/\/$/, '');
  const assetsPath = `${app.prefix}/assets`;
  // Unknown e-mails are checked against this hash so both answers take as long.
  const decoyHash = hashPassword('counterpart-decoy-password');

  function page(reply: FastifyReply, status: number, html: string) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  }

  function loginPage(
    reply: FastifyReply,
    request: LoginRequest,
    status: number,
    email: string,
    error: string | null,
  ) {
    const action = `${app.prefix}/login-actions/${encodeURIComponent(request.params.uid)}`;
    return page(reply, status, renderLoginPage({ action, email, error, appPath, assetsPath }));
  }

  /** The interaction of this page, or null when it expired or its cookie is gone. */
  async function interactionOf(request: LoginRequest, reply: FastifyReply): Promise<Interaction | null> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : null;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return null;
      throw error;
    }
  }

  async function finish(
    request: LoginRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  const expired = (reply: FastifyReply) =>
    page(reply, 400, renderSignInExpiredPage({ appUrl, appPath, assetsPath }));

  app.get('/login-actions/:uid', async (request: LoginRequest, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expired(reply);
    if (interaction.prompt.name === 'consent')
      return finish(request, reply, { consent: { grantId: await grantAll(interaction) } });
    const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
    if (hasAccountCreatedNotice(request.headers.cookie)) {
      reply.header('set-cookie', clearAccountCreatedCookie(request.protocol === 'https'));
      const action = `${app.prefix}/login-actions/${encodeURIComponent(request.params.uid)}`;
      const notice = 'Account created. Sign in with your new password.';
      return page(
        reply,
        200,
        renderLoginPage({ action, email: hint, error: null, appPath, assetsPath, notice }),
      );
    }
    return loginPage(reply, request, 200, hint, null);
  });

  app.post('/login-actions/:uid', async (request: LoginRequest, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expired(reply);
    const email = String(request.body?.email ?? '').trim();
    const password = String(request.body?.password ?? '');
    const address = [addressKey(request.ip)];
    const [addressMinutes, accountMs] = await Promise.all([
      addresses.lockedFor(address),
      email ? lockout.lockedFor(email) : null,
    ]);
    const waitMs = Math.max((addressMinutes ?? 0) * 60_000, accountMs ?? 0);
    if (waitMs > 0) return loginPage(reply, request, 429, email, tooManyAttemptsMessage(waitMs));
    const user = email ? await findUserByEmail(database.db, email) : null;
    const valid = await verifyPassword(password, user ? user.passwordHash : await decoyHash);
    if (!user || !valid) {
      await addresses.recordFailure(address);
      if (email) await lockout.recordFailure(email);
      return loginPage(reply, request, 200, email, INVALID_CREDENTIALS);
    }
    // The account's count starts again; the address's does not (one's own success must not hide
    // an address that is guessing at other accounts).
    await lockout.reset(email);
    // remember: false keeps the provider's session cookie for this browser session only.
    return finish(request, reply, { login: { accountId: user.id, remember: false, amr: ['pwd'] } });
  });

  /** Grants our own client every scope it asked for among ours (no consent page). */
  async function grantAll(interaction: Interaction): Promise<string> {
    const accountId = interaction.session?.accountId;
    const clientId = String(interaction.params.client_id);
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(SCOPES.join(' '));
    grant.addResourceScope(apiResource(config.productKey), SCOPES.join(' '));
    return grant.save();
  }
};

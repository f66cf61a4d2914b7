import {
  errorResponseSchema,
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordSchema,
  messageResponseSchema,
  resetPasswordSchema,
  SIGNUP_ANSWER,
  signupSchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createAccountLockout, lockoutSettings } from '../../identity/provider/account-lockout.ts';
import type { TokenVerifier } from '../../identity/token-verifier.ts';
import { invitesRoutes } from './invites.routes.ts';
import { findResettableUser, resetPassword, sendResetLink } from './password-reset.service.ts';
import { createPublicThrottle } from './public-throttle.ts';
import { sendSignupNotice, signUp } from './signup.service.ts';

const publicErrors = { 400: errorResponseSchema, 429: errorResponseSchema };

/**
 * Getting in without anyone's help: sign a company up, forgot / reset password (public, rate
 * limited) and invitations. With a company Keycloak (OIDC_URL) none of them is served: the Keycloak
 * owns accounts. (The outbox where e-mails wait when no SMTP server is set is mail's: app.ts.)
 */
export const onboardingRoutes: FastifyPluginAsyncZod<{
  config: Config;
  database: Database;
  verifyToken: TokenVerifier;
}> = async (app, { config, database, verifyToken }) => {
  // With a company Keycloak, accounts, passwords and memberships are its business, not ours.
  if (config.oidc.external) return;

  const { db } = database;
  const throttle = createPublicThrottle(database);
  const lockout = createAccountLockout(db, lockoutSettings(config));

  app.post(
    '/api/users/onboarding/signup',
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary:
          'Sign a company up: its organization (default groups) and first admin; then sign in. An e-mail that already has an account gets the same answer, and that account an e-mail',
        body: signupSchema,
        response: { 202: messageResponseSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      await throttle.check(request, 'signup', request.body.email);
      const outcome = await signUp(db, config.productKey, request.body);
      if (outcome.created) {
        request.log.info({ organizationId: outcome.organizationId }, 'organization signed up');
      } else {
        // After the answer, so its timing does not tell whether the account exists.
        const deps = { db, config, log: request.log };
        setImmediate(() => {
          sendSignupNotice(deps, outcome.existing).catch((error: unknown) =>
            request.log.error({ err: error }, 'could not e-mail the account of a repeated sign-up'),
          );
        });
      }
      return reply.status(202).send({ message: SIGNUP_ANSWER });
    },
  );

  app.post(
    '/api/users/onboarding/forgot-password',
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary: 'E-mail a password reset link; the answer is the same whether or not the account exists',
        body: forgotPasswordSchema,
        response: { 202: messageResponseSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      await throttle.check(request, 'forgot-password', request.body.email);
      const user = await findResettableUser(db, request.body.email);
      if (user) {
        // After the answer, so its timing does not tell whether the account exists.
        const deps = { db, config, log: request.log };
        setImmediate(() => {
          sendResetLink(deps, user).catch((error: unknown) =>
            request.log.error({ err: error }, 'could not send the password reset link'),
          );
        });
      }
      return reply.status(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  app.post(
    '/api/users/onboarding/reset-password',
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary: 'Set a new password with the token of a reset link (single use, expires)',
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...publicErrors },
      },
    },
    async (request) => {
      await throttle.check(request, 'reset-password');
      const { userId, email } = await resetPassword(db, request.body.token, request.body.password);
      // The owner of the e-mail proved it: failed sign-ins before the reset no longer lock them out.
      await lockout.reset(email);
      request.log.info({ userId }, 'password reset through an e-mailed link');
      return { message: 'Your password has been changed. Sign in with the new one.' };
    },
  );

  await app.register(invitesRoutes, { config, database, verifyToken, throttle });
};

import {
  acceptInviteSchema,
  createInviteSchema,
  describeInviteQuerySchema,
  errorResponseSchema,
  inviteAcceptedSchema,
  inviteCreatedSchema,
  inviteDescriptionSchema,
  pageQuerySchema,
  pendingInvitesPageSchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../../errors.ts';
import { requirePermission } from '../../http/auth-context.ts';
import { accountCreatedCookie } from '../../identity/account-notice.ts';
import { hashPassword } from '../../identity/passwords.ts';
import type { TokenVerifier } from '../../identity/token-verifier.ts';
import { findUserByEmail, findUserById } from '../../identity/users.ts';
import {
  type Acceptor,
  acceptInvite,
  describeInvite,
  findPendingInvite,
} from './invite-acceptance.service.ts';
import { createInvite, listPendingInvites, revokeInvite } from './invites.service.ts';
import type { PublicThrottle } from './public-throttle.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const publicErrors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const BEARER = /^Bearer ([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)$/;
const BASE = '/api/users/organization/users/invite';

/** Invitations: admins create, list and revoke them; the invitee reads and accepts one by its link. */
export const invitesRoutes: FastifyPluginAsyncZod<{
  config: Config;
  database: Database;
  verifyToken: TokenVerifier;
  throttle: PublicThrottle;
}> = async (app, { config, database, verifyToken, throttle }) => {
  const { db } = database;

  app.post(
    BASE,
    {
      schema: {
        tags: ['users'],
        summary: 'Invite an e-mail into groups of this organization (a single-use link, sent by e-mail)',
        security: [{ bearer: [] }],
        body: createInviteSchema,
        response: { 201: inviteCreatedSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requirePermission(request, 'create', 'team-users');
      const created = await createInvite({ db, config, log: request.log }, auth, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    BASE,
    {
      schema: {
        tags: ['users'],
        summary: 'Pending invites of this organization, newest first',
        security: [{ bearer: [] }],
        querystring: pageQuerySchema.extend({ realm: z.string().optional() }),
        response: { 200: pendingInvitesPageSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requirePermission(request, 'read', 'team-users');
      const { page_no, page_size } = request.query;
      return listPendingInvites(db, auth.organizationId, { pageNo: page_no, pageSize: page_size });
    },
  );

  app.delete(
    `${BASE}/:inviteId`,
    {
      schema: {
        tags: ['users'],
        summary: 'Revoke a pending invite: its link stops working',
        security: [{ bearer: [] }],
        params: z.object({ inviteId: z.uuid({ message: 'Unknown invite' }) }),
        response: { 204: z.null(), 404: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requirePermission(request, 'delete', 'team-users');
      await revokeInvite(db, auth, request.params.inviteId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/describe`,
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary: 'What an invite link is for: organization, e-mail, and whether that account exists',
        querystring: describeInviteQuerySchema,
        response: { 200: inviteDescriptionSchema, ...publicErrors },
      },
    },
    async (request) => {
      await throttle.check(request, 'invite');
      return describeInvite(db, request.query.token);
    },
  );

  app.post(
    `${BASE}/accept`,
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary:
          'Accept an invite: a new e-mail sends a name and password; an existing account sends its bearer token',
        body: acceptInviteSchema,
        response: {
          200: inviteAcceptedSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
          ...publicErrors,
        },
      },
    },
    async (request, reply) => {
      await throttle.check(request, 'invite');
      const { token, full_name, password } = request.body;
      const { invite } = await findPendingInvite(db, token);
      const header = request.headers.authorization;
      let acceptor: Acceptor;
      if (header) {
        const bearer = BEARER.exec(header)?.[1];
        if (!bearer) throw unauthorized('Malformed Authorization header: expected "Bearer <token>"');
        const claims = await verifyToken(bearer);
        const user = await findUserById(db, claims.sub).catch(() => null);
        if (user?.email.toLowerCase() !== invite.email.toLowerCase()) {
          throw forbidden(
            `This invitation was sent to ${invite.email}: sign in with that e-mail to accept it.`,
          );
        }
        acceptor = { userId: user.id };
      } else {
        if (await findUserByEmail(db, invite.email)) {
          throw new AppError(
            401,
            `An account for ${invite.email} already exists: sign in to accept the invitation.`,
          );
        }
        if (!password) throw badRequest('Choose a password', { password: 'Choose a password' });
        acceptor = { fullName: full_name ?? '', passwordHash: await hashPassword(password) };
      }
      const accepted = await acceptInvite(db, token, acceptor);
      // A new account: the sign-in page that follows says "Account created".
      if (!('userId' in acceptor)) {
        reply.header('set-cookie', accountCreatedCookie(request.protocol === 'https'));
      }
      return accepted;
    },
  );
};

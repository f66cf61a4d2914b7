import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { unauthorized } from '../../errors.ts';
import type { TokenVerifier } from '../token-verifier.ts';
import { findUserById, listUserOrganizations } from '../users.ts';
import { addFormBodyParser } from './form-request.ts';
import { accountRepresentation, profileClaims } from './token-claims.ts';

export interface AccountRoutesOptions {
  database: Database;
  verifyToken: TokenVerifier;
  realm: string;
}

/**
 * The bearer-token endpoints answered by us, not oidc-provider (whose /userinfo refuses JWT access
 * tokens): userinfo, Keycloak's /account, and /orgs (the user's organizations, spec §7).
 */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, options) => {
  const { database, verifyToken, realm } = options;
  addFormBodyParser(app);

  /** The signed-in user of a valid access token (ID and refresh tokens are refused). */
  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    reply.header('www-authenticate', `Bearer realm="${realm}"`);
    const token = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized('Missing bearer token: send "Authorization: Bearer <access token>"');
    const claims = await verifyToken(token);
    if (claims.typ !== 'Bearer') throw unauthorized('Not an access token');
    const user = await findUserById(database.db, claims.sub).catch(() => null);
    if (!user) throw unauthorized('Your account no longer exists');
    reply.removeHeader('www-authenticate');
    return user;
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/protocol/openid-connect/userinfo',
    handler: async (request, reply) => profileClaims(await authenticate(request, reply)),
  });

  app.get('/account', async (request, reply) => accountRepresentation(await authenticate(request, reply)));

  app.get('/orgs', async (request, reply) => {
    const user = await authenticate(request, reply);
    const organizations = await listUserOrganizations(database.db, user.id);
    return organizations.map(({ id, name, attributes }) => ({ id, name, attributes }));
  });
};

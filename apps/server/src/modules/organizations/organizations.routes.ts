import { currentUserSchema, errorResponseSchema, organizationProfileSchema } from '@counterpart/contracts';
import { rolesFromToken } from '@counterpart/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { requireAuth, requireOrganization } from '../../http/auth-context.ts';
import { findUserById, listUserOrganizations } from '../../identity/users.ts';
import { getOrganizationProfile } from './organizations.service.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** What the app shell needs: who is signed in, and the current organization's profile and theme. */
export const organizationsRoutes: FastifyPluginAsyncZod<{ config: Config; database: Database }> = async (
  app,
  { config, database },
) => {
  app.get(
    '/api/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user with their organizations and roles in each',
        security: [{ bearer: [] }],
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (config.oidc.external) return externalUser(auth.claims, config);
      // The auth hook already read the user and their organizations (through the auth cache).
      const user = auth.caller?.user ?? (await findUserById(database.db, auth.userId));
      if (!user) throw notFound('User not found');
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        full_name: user.fullName,
        avatar_url: user.avatarUrl,
        organizations: auth.caller?.organizations ?? (await listUserOrganizations(database.db, user.id)),
      };
    },
  );

  app.get(
    '/api/users/organization/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'The current organization (Organization header): name and theme attributes',
        security: [{ bearer: [] }],
        response: { 200: organizationProfileSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireOrganization(request);
      return getOrganizationProfile(database.db, auth.organizationId);
    },
  );
};

/** With a company Keycloak, the token is the source of truth for the user and their organizations. */
function externalUser(claims: ReturnType<typeof requireAuth>['claims'], config: Config) {
  return {
    id: claims.sub,
    username: claims.preferred_username ?? claims.sub,
    email: claims.email ?? '',
    full_name: claims.name ?? '',
    avatar_url: null,
    organizations: Object.entries(claims.organization ?? {}).map(([id, org]) => ({
      id,
      name: org.name ?? id,
      attributes: org.attributes ?? {},
      roles: rolesFromToken(claims, id, config.clients),
    })),
  };
}

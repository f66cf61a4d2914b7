import {
  catalogRolesSchema,
  errorResponseSchema,
  groupNameSchema,
  groupRolesChangeSchema,
  groupRolesQuerySchema,
  groupsResponseSchema,
  realmQuerySchema,
  roleClientsSchema,
  teamChangeResultSchema,
  teamGroupSchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantRoles, listCatalog, listGroupRoles, revokeRoles } from './group-roles.service.ts';
import { createGroup, deleteGroup, listGroups, renameGroup } from './groups.service.ts';
import { type TeamRoutesOptions, teamScope } from './team-request.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const base = { tags: ['team'], security: [{ bearer: [] }] };
const groupParams = z.object({ groupId: z.string() });
const teams = (action: 'read' | 'create' | 'update' | 'delete') => ({ action, resource: 'teams' });
const teamRoles = (action: 'read' | 'create' | 'delete') => ({ action, resource: 'team-roles' });

/** Groups (teams-*), the role catalog and the grants of each group (team-roles-*). */
export const groupsRoutes: FastifyPluginAsyncZod<TeamRoutesOptions> = async (app, options) => {
  app.get(
    '/api/users/groups',
    {
      schema: {
        ...base,
        summary: 'The organization’s groups with member counts and granted roles (data.page_data)',
        querystring: realmQuerySchema,
        response: { 200: groupsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = teamScope(request, options, teams('read'), request.query);
      return { data: { page_data: await listGroups(scope.db, scope.organizationId) } };
    },
  );

  app.post(
    '/api/users/groups',
    {
      schema: {
        ...base,
        summary: 'Create a group (name unique in the organization)',
        body: groupNameSchema,
        response: { 201: teamGroupSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = teamScope(request, options, teams('create'));
      return reply.code(201).send(await createGroup(scope, request.body.name));
    },
  );

  app.put(
    '/api/users/groups/:groupId',
    {
      schema: {
        ...base,
        summary: 'Rename a group',
        params: groupParams,
        body: groupNameSchema,
        response: { 200: teamGroupSchema, ...errors },
      },
    },
    async (request) => {
      const scope = teamScope(request, options, teams('update'));
      return renameGroup(scope, request.params.groupId, request.body.name);
    },
  );

  app.delete(
    '/api/users/groups/:groupId',
    {
      schema: {
        ...base,
        summary: 'Delete a group with its grants and memberships (never the last admin group)',
        params: groupParams,
        response: { 200: teamChangeResultSchema, ...errors },
      },
    },
    async (request) => {
      const scope = teamScope(request, options, teams('delete'));
      await deleteGroup(scope, request.params.groupId);
      return { message: 'Group deleted' };
    },
  );

  app.get(
    '/api/users/client_roles',
    {
      schema: {
        ...base,
        summary: 'The role catalog: every grantable role with its client and "{resource}:{action}"',
        response: { 200: catalogRolesSchema, ...errors },
      },
    },
    async (request) => {
      teamScope(request, options, teamRoles('read'));
      return { data: listCatalog(options.config.productKey) };
    },
  );

  app.get(
    '/api/users/clients',
    {
      schema: {
        ...base,
        summary: 'The OIDC clients roles belong to, with the scope each carries',
        response: { 200: roleClientsSchema, ...errors },
      },
    },
    async (request) => {
      teamScope(request, options, teamRoles('read'));
      const { clients } = options.config;
      return {
        data: [
          { id: clients.management, scope: 'management' as const },
          { id: clients.recon, scope: 'recon' as const },
        ],
      };
    },
  );

  app.get(
    '/api/users/group_roles',
    {
      schema: {
        ...base,
        summary: 'The roles granted to a group',
        querystring: groupRolesQuerySchema,
        response: { 200: catalogRolesSchema, ...errors },
      },
    },
    async (request) => {
      const scope = teamScope(request, options, teamRoles('read'));
      return {
        data: await listGroupRoles(scope.db, scope.organizationId, request.query.group_id, scope.productKey),
      };
    },
  );

  app.post(
    '/api/users/group_roles',
    {
      schema: {
        ...base,
        summary: 'Grant catalog roles to a group; answers the group’s grants',
        body: groupRolesChangeSchema,
        response: { 200: catalogRolesSchema, ...errors },
      },
    },
    async (request) => {
      const scope = teamScope(request, options, teamRoles('create'));
      return { data: await grantRoles(scope, request.body) };
    },
  );

  app.delete(
    '/api/users/group_roles',
    {
      schema: {
        ...base,
        summary: 'Revoke roles from a group (never the last admin’s organization-admin); answers its grants',
        body: groupRolesChangeSchema,
        response: { 200: catalogRolesSchema, ...errors },
      },
    },
    async (request) => {
      const scope = teamScope(request, options, teamRoles('delete'));
      return { data: await revokeRoles(scope, request.body) };
    },
  );
};

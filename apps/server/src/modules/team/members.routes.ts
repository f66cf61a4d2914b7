import {
  errorResponseSchema,
  groupMemberBodySchema,
  groupMembersQuerySchema,
  membersQuerySchema,
  teamChangeResultSchema,
  teamMembersPageSchema,
  teamUserDetailSchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors.ts';
import { findGroupByName } from './groups.service.ts';
import {
  addGroupMember,
  getMemberDetail,
  listMembers,
  removeGroupMember,
  removeMember,
} from './members.service.ts';
import { type TeamRoutesOptions, teamScope } from './team-request.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const base = { tags: ['team'], security: [{ bearer: [] }] };
const teams = (action: 'read' | 'create' | 'delete') => ({ action, resource: 'teams' });
const teamUsers = (action: 'read' | 'delete') => ({ action, resource: 'team-users' });
const userParams = z.object({ userId: z.string() });
const partialMember = groupMemberBodySchema.partial();

/** Members and group membership (teams-*), organization users (team-users-*). */
export const membersRoutes: FastifyPluginAsyncZod<TeamRoutesOptions> = async (app, options) => {
  app.get(
    '/api/users/members',
    {
      schema: {
        ...base,
        summary: 'The organization’s members with their groups; search in e-mail and name',
        querystring: membersQuerySchema,
        response: { 200: teamMembersPageSchema, ...errors },
      },
    },
    async (request) => {
      const { page_no, page_size, search, realm } = request.query;
      const scope = teamScope(request, options, teams('read'), { realm });
      return listMembers(scope.db, scope.organizationId, { pageNo: page_no, pageSize: page_size, search });
    },
  );

  // The spec names both paths for a group's members (§7: group_members, and the /group_users base).
  for (const path of ['/api/users/group_members', '/api/users/group_users']) {
    app.get(
      path,
      {
        schema: {
          ...base,
          summary: 'The members of one group, by group_name',
          querystring: groupMembersQuerySchema,
          response: { 200: teamMembersPageSchema, ...errors },
        },
      },
      async (request) => {
        const { page_no, page_size, realm, group_name } = request.query;
        const scope = teamScope(request, options, teams('read'), { realm });
        const group = await findGroupByName(scope.db, scope.organizationId, group_name);
        return listMembers(scope.db, scope.organizationId, {
          pageNo: page_no,
          pageSize: page_size,
          groupId: group.id,
        });
      },
    );
  }

  app.post(
    '/api/users/group_members',
    {
      schema: {
        ...base,
        summary: 'Put a member (username = e-mail) in a group',
        body: groupMemberBodySchema,
        response: { 200: teamChangeResultSchema, ...errors },
      },
    },
    async (request) => {
      const { realm, username, group_name } = request.body;
      const scope = teamScope(request, options, teams('create'), { realm });
      await addGroupMember(scope, username, group_name);
      return { message: `${username} is in ${group_name}` };
    },
  );

  app.delete(
    '/api/users/group_members',
    {
      schema: {
        ...base,
        summary: 'Take a member out of a group (realm, username, group_name in the query or the body)',
        querystring: partialMember,
        body: partialMember.nullish(),
        response: { 200: teamChangeResultSchema, ...errors },
      },
    },
    async (request) => {
      const named = { ...request.query, ...(request.body ?? {}) };
      const scope = teamScope(request, options, teams('delete'), { realm: named.realm });
      if (!named.username || !named.group_name) throw badRequest('Send username and group_name');
      await removeGroupMember(scope, named.username, named.group_name);
      return { message: `${named.username} is no longer in ${named.group_name}` };
    },
  );

  app.get(
    '/api/users/organization/users',
    {
      schema: {
        ...base,
        summary: 'The organization’s users with their groups; search in e-mail and name',
        querystring: membersQuerySchema,
        response: { 200: teamMembersPageSchema, ...errors },
      },
    },
    async (request) => {
      const { page_no, page_size, search, realm } = request.query;
      const scope = teamScope(request, options, teamUsers('read'), { realm });
      return listMembers(scope.db, scope.organizationId, { pageNo: page_no, pageSize: page_size, search });
    },
  );

  app.get(
    '/api/users/organization/users/:userId',
    {
      schema: {
        ...base,
        summary: 'One user of the organization: profile, groups and effective roles',
        params: userParams,
        response: { 200: teamUserDetailSchema, ...errors },
      },
    },
    async (request) => {
      const scope = teamScope(request, options, teamUsers('read'));
      return getMemberDetail(scope.db, scope.organizationId, request.params.userId);
    },
  );

  app.delete(
    '/api/users/organization/users/:userId',
    {
      schema: {
        ...base,
        summary: 'Remove a user from the organization and its groups (never the last admin)',
        params: userParams,
        response: { 200: teamChangeResultSchema, ...errors },
      },
    },
    async (request) => {
      const scope = teamScope(request, options, teamUsers('delete'));
      await removeMember(scope, request.params.userId);
      return { message: 'User removed from the organization' };
    },
  );
};

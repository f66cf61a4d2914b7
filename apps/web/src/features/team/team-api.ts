import {
  type CreateInvite,
  catalogRolesSchema,
  groupsResponseSchema,
  inviteCreatedSchema,
  pendingInvitesPageSchema,
  type RoleClientName,
  teamGroupSchema,
  teamMembersPageSchema,
  teamUserDetailSchema,
} from '@counterpart/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/session/http-client.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';

/** Every team query starts with this key (with the organization), so one invalidation refreshes them all. */
export function useTeamKey(): readonly unknown[] {
  const organizationId = useSessionStore((state) => state.organizationId);
  return ['team', organizationId];
}

const REALM = 'production';
export const MEMBERS_PAGE_SIZE = 20;

/** GET /api/users/groups: the organization's groups with member counts and grants (data.page_data). */
export function useGroups() {
  const key = useTeamKey();
  const organizationId = useSessionStore((state) => state.organizationId);
  return useQuery({
    queryKey: [...key, 'groups'],
    queryFn: ({ signal }) =>
      http
        .get('/api/users/groups', {
          query: { realm: REALM, organization_object_id: organizationId ?? undefined },
          schema: groupsResponseSchema,
          signal,
        })
        .then((answer) => answer.data.page_data),
  });
}

/** GET /api/users/members: one page of members, searched in e-mail and name. */
export function useMembers(search: string, pageNo: number) {
  const key = useTeamKey();
  return useQuery({
    queryKey: [...key, 'members', search, pageNo],
    queryFn: ({ signal }) =>
      http.get('/api/users/members', {
        query: { realm: REALM, search: search || undefined, page_no: pageNo, page_size: MEMBERS_PAGE_SIZE },
        schema: teamMembersPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/users/organization/users/:userId: profile, groups and effective roles. */
export function useTeamUser(userId: string) {
  const key = useTeamKey();
  return useQuery({
    queryKey: [...key, 'user', userId],
    queryFn: ({ signal }) =>
      http.get(`/api/users/organization/users/${encodeURIComponent(userId)}`, {
        schema: teamUserDetailSchema,
        signal,
      }),
  });
}

/** GET /api/users/client_roles: every role the product defines. */
export function useRoleCatalog() {
  const key = useTeamKey();
  return useQuery({
    queryKey: [...key, 'catalog'],
    queryFn: ({ signal }) =>
      http
        .get('/api/users/client_roles', { schema: catalogRolesSchema, signal })
        .then((answer) => answer.data),
    staleTime: 10 * 60_000,
  });
}

/** GET /api/users/group_roles?group_id=: the roles a group grants. */
export function useGroupRoles(groupId: string) {
  const key = useTeamKey();
  return useQuery({
    queryKey: [...key, 'group-roles', groupId],
    queryFn: ({ signal }) =>
      http
        .get('/api/users/group_roles', { query: { group_id: groupId }, schema: catalogRolesSchema, signal })
        .then((answer) => answer.data),
  });
}

/** GET /api/users/organization/users/invite: the pending invitations. */
export function useInvites(enabled: boolean) {
  const key = useTeamKey();
  return useQuery({
    queryKey: [...key, 'invites'],
    queryFn: ({ signal }) =>
      http.get('/api/users/organization/users/invite', { schema: pendingInvitesPageSchema, signal }),
    enabled,
  });
}

/** A team change that refreshes every team query once it succeeds. */
function useTeamMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  const key = useTeamKey();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useCreateGroup = () =>
  useTeamMutation((name: string) => http.post('/api/users/groups', { name }, { schema: teamGroupSchema }));

export const useRenameGroup = () =>
  useTeamMutation(({ groupId, name }: { groupId: string; name: string }) =>
    http.put(`/api/users/groups/${encodeURIComponent(groupId)}`, { name }, { schema: teamGroupSchema }),
  );

export const useDeleteGroup = () =>
  useTeamMutation((groupId: string) => http.delete(`/api/users/groups/${encodeURIComponent(groupId)}`));

export const useAddGroupMember = () =>
  useTeamMutation(({ username, groupName }: { username: string; groupName: string }) =>
    http.post('/api/users/group_members', { realm: REALM, username, group_name: groupName }),
  );

export const useRemoveGroupMember = () =>
  useTeamMutation(({ username, groupName }: { username: string; groupName: string }) =>
    http.delete('/api/users/group_members', { query: { realm: REALM, username, group_name: groupName } }),
  );

export const useRemoveUser = () =>
  useTeamMutation((userId: string) =>
    http.delete(`/api/users/organization/users/${encodeURIComponent(userId)}`),
  );

export const useCreateInvite = () =>
  useTeamMutation((invite: CreateInvite) =>
    http.post('/api/users/organization/users/invite', invite, { schema: inviteCreatedSchema }),
  );

export const useRevokeInvite = () =>
  useTeamMutation((inviteId: string) =>
    http.delete(`/api/users/organization/users/invite/${encodeURIComponent(inviteId)}`),
  );

export interface RoleChanges {
  groupId: string;
  grant: Array<{ client: RoleClientName; role: string }>;
  revoke: Array<{ client: RoleClientName; role: string }>;
}

/** Grants then revokes (POST / DELETE /api/users/group_roles); either list may be empty. */
export const useSaveGroupRoles = () =>
  useTeamMutation(async ({ groupId, grant, revoke }: RoleChanges) => {
    if (grant.length > 0) await http.post('/api/users/group_roles', { group_id: groupId, roles: grant });
    if (revoke.length > 0) {
      await http.delete('/api/users/group_roles', { body: { group_id: groupId, roles: revoke } });
    }
  });

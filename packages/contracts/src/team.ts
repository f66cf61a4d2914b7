import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common.ts';
import { clientRolesSchema } from './organizations.ts';

/**
 * Team API (spec §7 user-management service, under /api/users). The organization is always the
 * one of the Organization header; `realm` and `organization_object_id` are accepted where the spec
 * names them, and naming another organization is refused.
 */
export const realmQuerySchema = z.object({
  realm: z.string().optional(),
  organization_object_id: z.string().optional(),
});

export const roleClientSchema = z.enum(['management', 'recon']);
export type RoleClientName = z.infer<typeof roleClientSchema>;

/** A group with its member count and granted role names (sorted). */
export const teamGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  member_count: z.number().int(),
  roles: z.array(z.string()),
});
export type TeamGroup = z.infer<typeof teamGroupSchema>;

/** GET /api/users/groups: the spec reads data.page_data. */
export const groupsResponseSchema = z.object({ data: z.object({ page_data: z.array(teamGroupSchema) }) });
export type GroupsResponse = z.infer<typeof groupsResponseSchema>;

/** POST /api/users/groups and PUT /api/users/groups/:groupId. */
export const groupNameSchema = z.object({ name: z.string().trim().min(1).max(100) });
export type GroupNameInput = z.infer<typeof groupNameSchema>;

export const groupRefSchema = z.object({ id: z.string(), name: z.string() });

/** A member of the organization with their groups there (username is the e-mail). */
export const teamMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  joined_at: z.string(),
  groups: z.array(groupRefSchema),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMembersPageSchema = pageOf(teamMemberSchema);
export type TeamMembersPage = z.infer<typeof teamMembersPageSchema>;

/** GET /api/users/members and GET /api/users/organization/users: search in e-mail and name. */
export const membersQuerySchema = pageQuerySchema.extend({
  realm: z.string().optional(),
  search: z.string().trim().max(200).optional(),
});

/** GET /api/users/group_members?group_name= */
export const groupMembersQuerySchema = pageQuerySchema.extend({
  realm: z.string().optional(),
  group_name: z.string().min(1),
});

/** POST and DELETE /api/users/group_members (DELETE: in the query or the body). */
export const groupMemberBodySchema = z.object({
  realm: z.string().optional(),
  username: z.string().trim().min(1),
  group_name: z.string().min(1),
});
export type GroupMemberInput = z.infer<typeof groupMemberBodySchema>;

/** GET /api/users/organization/users/:userId: profile, groups and effective roles. */
export const teamUserDetailSchema = teamMemberSchema.extend({
  avatar_url: z.string().nullable(),
  roles: clientRolesSchema,
  /** Effective roles as shown, "{resource}:{name}", organization:admin first then sorted. */
  display_roles: z.array(z.string()),
});
export type TeamUserDetail = z.infer<typeof teamUserDetailSchema>;

/** One role of the catalog, or one grant of a group. */
export const catalogRoleSchema = z.object({
  client: roleClientSchema,
  role: z.string(),
  /** "{resource}:{action}" (domain displayRole). */
  display: z.string(),
  /** The prefix before the colon of `display`, to group roles by resource. */
  resource: z.string(),
});
export type CatalogRole = z.infer<typeof catalogRoleSchema>;
export const catalogRolesSchema = z.object({ data: z.array(catalogRoleSchema) });
export type CatalogRoles = z.infer<typeof catalogRolesSchema>;

/** GET /api/users/clients: the two OIDC clients and the scope each carries. */
export const roleClientsSchema = z.object({
  data: z.array(z.object({ id: z.string(), scope: roleClientSchema })),
});
export type RoleClients = z.infer<typeof roleClientsSchema>;

/** GET /api/users/group_roles?group_id= */
export const groupRolesQuerySchema = z.object({ group_id: z.string().min(1) });

/** POST (grant) and DELETE (revoke) /api/users/group_roles. */
export const groupRolesChangeSchema = z.object({
  group_id: z.string().min(1),
  roles: z
    .array(z.object({ client: roleClientSchema, role: z.string().min(1) }))
    .min(1)
    .max(200),
});
export type GroupRolesChange = z.infer<typeof groupRolesChangeSchema>;

/** One row of the audit log: who did what, when. */
export const auditEntrySchema = z.object({
  id: z.string(),
  actor_user_id: z.string().nullable(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPageView = z.infer<typeof auditPageSchema>;

/** What every change answers: a short confirmation. */
export const teamChangeResultSchema = z.object({ message: z.string() });

import { z } from 'zod';

/**
 * Organization attributes as Keycloak keeps them: each a list whose first item is used (spec §3).
 * logo_text_url, logo_mark_url, primary_color (hex), authenticator.
 */
export const organizationAttributesSchema = z.record(z.string(), z.array(z.string()));
export type OrganizationAttributes = z.infer<typeof organizationAttributesSchema>;

/** Roles of one organization, per client: the management scope and the recon scope (spec §6). */
export const clientRolesSchema = z.object({
  management: z.array(z.string()),
  recon: z.array(z.string()),
});
export type ClientRoles = z.infer<typeof clientRolesSchema>;

export const userOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  attributes: organizationAttributesSchema,
  roles: clientRolesSchema,
});
export type UserOrganization = z.infer<typeof userOrganizationSchema>;

/** GET /api/users/me: the signed-in user with the organizations they belong to. */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  avatar_url: z.string().nullable(),
  organizations: z.array(userOrganizationSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/users/organization/profile: the current organization (named by the Organization header). */
export const organizationProfileSchema = z.object({
  company_id: z.string(),
  name: z.string(),
  attributes: organizationAttributesSchema,
  created_at: z.string(),
  member_count: z.number().int(),
});
export type OrganizationProfile = z.infer<typeof organizationProfileSchema>;

/** GET /realms/production/orgs: the signed-in user's organizations (spec §7 General). */
export const realmOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  attributes: organizationAttributesSchema,
});
export type RealmOrganization = z.infer<typeof realmOrganizationSchema>;

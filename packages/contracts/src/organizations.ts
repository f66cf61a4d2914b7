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

/** Theme attributes an admin sets (spec §3); each is stored as a one-item list, first item used. */
export const THEME_ATTRIBUTES = ['primary_color', 'authenticator', 'logo_text_url', 'logo_mark_url'] as const;
export type ThemeAttribute = (typeof THEME_ATTRIBUTES)[number];

/** The path of a logo uploaded through POST /api/users/organization/logo, served publicly. */
export const UPLOADED_LOGO_PATH = /^\/files\/logos\/[0-9a-f]{64}\.(?:png|jpg|svg)$/;

const httpsUrlSchema = z.url({ protocol: /^https$/ });

/** An absolute https URL with a host and no user name or password in it. */
function isHttpsUrl(value: string): boolean {
  return /^https:\/\/[^/?#@\s\\]+(?:[/?#]|$)/i.test(value) && httpsUrlSchema.safeParse(value).success;
}

/** An https URL or the path of an uploaded logo; `null` clears the attribute. */
const logoUrlSchema = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine((value) => UPLOADED_LOGO_PATH.test(value) || isHttpsUrl(value), {
    message: 'must be an https:// URL or an uploaded logo',
  })
  .nullable()
  .optional();

/**
 * PUT /api/users/organization/profile: only the fields sent change; `null` clears a theme
 * attribute (the theme then uses its default). primary_color must be a hex colour (`#rgb` or
 * `#rrggbb`, checked by the server with the domain's isHexColor).
 */
export const updateOrganizationProfileSchema = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
  primary_color: z.string().trim().max(7, 'must be a hex colour like #40ba58').nullable().optional(),
  authenticator: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(60, 'must be at most 60 characters')
    .nullable()
    .optional(),
  logo_text_url: logoUrlSchema,
  logo_mark_url: logoUrlSchema,
});
export type UpdateOrganizationProfile = z.infer<typeof updateOrganizationProfileSchema>;

/** POST /api/users/organization/logo?kind=text|mark: which logo the uploaded file becomes. */
export const logoUploadQuerySchema = z.object({
  kind: z.enum(['text', 'mark']),
});
export type LogoKind = z.infer<typeof logoUploadQuerySchema>['kind'];

/** The largest logo accepted, in bytes (larger → 413). */
export const LOGO_MAX_BYTES = 512 * 1024;

/** The uploaded logo's public URL, already set as logo_text_url or logo_mark_url. */
export const logoUploadedSchema = z.object({ url: z.string() });
export type LogoUploaded = z.infer<typeof logoUploadedSchema>;

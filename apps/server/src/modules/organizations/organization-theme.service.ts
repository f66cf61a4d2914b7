import {
  type LogoKind,
  type OrganizationProfile,
  THEME_ATTRIBUTES,
  type ThemeAttribute,
  type UpdateOrganizationProfile,
} from '@counterpart/contracts';
import { isHexColor } from '@counterpart/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { organizations } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { findUserById } from '../../identity/users.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { getOrganizationProfile } from './organizations.service.ts';

/** A change of the organization's name and theme attributes: a value sets, `null` clears. */
type ProfileChange = { name?: string } & Partial<Record<ThemeAttribute, string | null>>;

/**
 * Updates the organization's name and theme (spec §3: each attribute a one-item list, first item
 * used; `null` removes it so the theme falls back to its default), audited, and answers the
 * profile as GET /api/users/organization/profile does. Fields not sent are left as they are.
 */
export async function updateOrganizationProfile(
  db: Db,
  organizationId: string,
  actor: AuditActor,
  input: UpdateOrganizationProfile,
): Promise<OrganizationProfile> {
  const color = input.primary_color;
  if (color !== undefined && color !== null && !isHexColor(color)) {
    const details = { primary_color: 'must be a hex colour like #40ba58' };
    throw badRequest(`Invalid request: primary_color: ${details.primary_color}`, details);
  }
  const change: ProfileChange = {};
  if (input.name !== undefined) change.name = input.name;
  for (const key of THEME_ATTRIBUTES) {
    const value = input[key];
    if (value !== undefined) change[key] = key === 'primary_color' && value ? value.toLowerCase() : value;
  }
  await applyChange(db, organizationId, actor, 'organization.profile_updated', change);
  return getOrganizationProfile(db, organizationId);
}

/** Makes an uploaded logo (already stored, `url` its public path) the organization's text or mark logo. */
export async function setOrganizationLogo(
  db: Db,
  organizationId: string,
  actor: AuditActor,
  kind: LogoKind,
  url: string,
): Promise<void> {
  const key: ThemeAttribute = kind === 'text' ? 'logo_text_url' : 'logo_mark_url';
  await applyChange(db, organizationId, actor, 'organization.logo_uploaded', { [key]: url });
}

/** Who is acting, for the audit log: the token's e-mail, or the account's when the token has none. */
export async function auditActor(db: Db, userId: string, email: string | undefined): Promise<AuditActor> {
  if (email) return { userId, email };
  const user = await findUserById(db, userId);
  return { userId, email: user?.email ?? '' };
}

/**
 * One UPDATE merges the change into the attributes (so concurrent changes of other attributes
 * are kept) and the audit row is written in the same transaction.
 */
async function applyChange(
  db: Db,
  organizationId: string,
  actor: AuditActor,
  action: string,
  change: ProfileChange,
): Promise<void> {
  const { name, ...attributes } = change;
  const entries = Object.entries(attributes) as [ThemeAttribute, string | null][];
  if (name === undefined && entries.length === 0) return;
  const set = Object.fromEntries(entries.filter(([, v]) => v !== null).map(([k, v]) => [k, [v]]));
  let merged: SQL = sql`${organizations.attributes}`;
  for (const [key, value] of entries) if (value === null) merged = sql`(${merged} - ${key}::text)`;
  merged = sql`(${merged} || ${JSON.stringify(set)}::jsonb)`;

  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(organizations)
      .set({ ...(name === undefined ? {} : { name }), attributes: merged })
      .where(eq(organizations.id, organizationId))
      .returning({ id: organizations.id });
    if (!updated) throw notFound('Organization not found');
    await recordAudit(tx, {
      organizationId,
      actor,
      action,
      targetType: 'organization',
      targetId: organizationId,
      details: { changes: Object.fromEntries([...(name === undefined ? [] : [['name', name]]), ...entries]) },
    });
  });
}

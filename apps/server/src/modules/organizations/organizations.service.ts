import type { ClientRoles, OrganizationProfile, UserOrganization } from '@counterpart/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { groupMembers, groupRoles, groups, memberships, organizations, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

/** The organizations a user belongs to, each with that organization's roles from group grants. */
export async function listUserOrganizations(db: Db, userId: string): Promise<UserOrganization[]> {
  const orgs = await db
    .select({ id: organizations.id, name: organizations.name, attributes: organizations.attributes })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(organizations.name);
  if (orgs.length === 0) return [];
  const grants = await db
    .selectDistinct({
      organizationId: groups.organizationId,
      client: groupRoles.client,
      role: groupRoles.role,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(groupRoles, eq(groupRoles.groupId, groups.id))
    .where(
      and(
        eq(groupMembers.userId, userId),
        inArray(
          groups.organizationId,
          orgs.map((o) => o.id),
        ),
      ),
    );
  return orgs.map((org) => ({
    ...org,
    roles: toClientRoles(grants.filter((g) => g.organizationId === org.id)),
  }));
}

/**
 * The user's roles in one organization, read from the database at the time of the request,
 * so a revoked grant or membership takes effect at once. Null when the user is not a member.
 */
export async function rolesInOrganization(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<ClientRoles | null> {
  const member = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
    .limit(1);
  if (member.length === 0) return null;
  const grants = await db
    .selectDistinct({ client: groupRoles.client, role: groupRoles.role })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(groupRoles, eq(groupRoles.groupId, groups.id))
    .where(and(eq(groupMembers.userId, userId), eq(groups.organizationId, organizationId)));
  return toClientRoles(grants);
}

export async function getOrganizationProfile(db: Db, organizationId: string): Promise<OrganizationProfile> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!org) throw notFound('Organization not found');
  const [members] = await db
    .select({ n: count() })
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId));
  return {
    company_id: org.id,
    name: org.name,
    attributes: org.attributes,
    created_at: org.createdAt.toISOString(),
    member_count: Number(members?.n ?? 0),
  };
}

export async function findUserById(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user ?? null;
}

function toClientRoles(grants: { client: 'management' | 'recon'; role: string }[]): ClientRoles {
  const roles: ClientRoles = { management: [], recon: [] };
  for (const grant of grants) roles[grant.client].push(grant.role);
  roles.management.sort();
  roles.recon.sort();
  return roles;
}

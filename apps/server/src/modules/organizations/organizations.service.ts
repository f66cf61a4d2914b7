import type { OrganizationProfile } from '@counterpart/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { groupMembers, groups, memberships, organizations, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

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

/** A member of an organization as the team list (and its export) shows them. */
export interface OrganizationMember {
  email: string;
  fullName: string;
  /** Names of the organization's groups the member is in, sorted. */
  groups: string[];
  joinedAt: Date;
}

/** The organization's members with their groups there, by e-mail (one query). */
export async function listMembers(db: Db, organizationId: string): Promise<OrganizationMember[]> {
  const rows = await db
    .select({
      email: users.email,
      fullName: users.fullName,
      joinedAt: memberships.createdAt,
      groups: sql<string[]>`coalesce((
        select json_agg(g.name order by g.name)
        from ${groupMembers} gm
        join ${groups} g on g.id = gm.group_id
        where gm.user_id = ${users.id} and g.organization_id = ${memberships.organizationId}
      ), '[]'::json)`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(sql`lower(${users.email})`, users.id);
  return rows;
}

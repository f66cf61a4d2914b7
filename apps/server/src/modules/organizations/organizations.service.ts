import type { ClientRoles, OrganizationProfile, UserOrganization } from '@counterpart/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { groupMembers, groupRoles, groups, memberships, organizations, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

type GrantRow = { client: 'management' | 'recon'; role: string };

/** The organizations a user belongs to, each with that organization's roles from group grants (one query). */
export async function listUserOrganizations(db: Db, userId: string): Promise<UserOrganization[]> {
  type Row = { id: string; name: string; attributes: Record<string, string[]>; grants: GrantRow[] };
  const result = (await db.execute(sql`
    select o.id, o.name, o.attributes,
      coalesce((
        select json_agg(json_build_object('client', gr.client, 'role', gr.role))
        from ${groupMembers} gm
        join ${groups} g on g.id = gm.group_id
        join ${groupRoles} gr on gr.group_id = g.id
        where gm.user_id = m.user_id and g.organization_id = o.id
      ), '[]'::json) as grants
    from ${memberships} m
    join ${organizations} o on o.id = m.organization_id
    where m.user_id = ${userId}
    order by o.name, o.id`)) as unknown as { rows: Row[] };
  return result.rows.map(({ grants, ...org }) => ({ ...org, roles: toClientRoles(grants) }));
}

/**
 * Everything the API needs to know about a caller, in one round trip: does the user exist, is
 * the user a member of `organizationId` (when given), and which roles the group grants give there.
 */
export async function loadCaller(
  db: Db,
  userId: string,
  organizationId: string | null,
): Promise<{ exists: boolean; roles: ClientRoles | null }> {
  type Row = { member: boolean; grants: GrantRow[] };
  const result = (await db.execute(sql`
    select
      exists (
        select 1 from ${memberships}
        where ${memberships.userId} = ${users.id} and ${memberships.organizationId} = ${organizationId}
      ) as member,
      coalesce((
        select json_agg(json_build_object('client', gr.client, 'role', gr.role))
        from ${groupMembers} gm
        join ${groups} g on g.id = gm.group_id
        join ${groupRoles} gr on gr.group_id = g.id
        where gm.user_id = ${users.id} and g.organization_id = ${organizationId}
      ), '[]'::json) as grants
    from ${users} where ${users.id} = ${userId}`)) as unknown as { rows: Row[] };
  const [row] = result.rows;
  if (!row) return { exists: false, roles: null };
  if (organizationId === null || !row.member) return { exists: true, roles: null };
  return { exists: true, roles: toClientRoles(row.grants) };
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

/** Grants of several groups may repeat a role: each role once, sorted. */
function toClientRoles(grants: GrantRow[]): ClientRoles {
  const management = new Set<string>();
  const recon = new Set<string>();
  for (const grant of grants) (grant.client === 'management' ? management : recon).add(grant.role);
  return { management: [...management].sort(), recon: [...recon].sort() };
}

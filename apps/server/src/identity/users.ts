import type { ClientRoles, UserOrganization } from '@counterpart/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { groupMembers, groupRoles, groups, memberships, organizations, users } from '../db/schema.ts';

/**
 * Users as the platform knows them: who a caller is, which organizations they belong to and which
 * roles their groups grant there. The HTTP auth, the socket auth and the sign-in provider read them
 * here; the modules (organizations, onboarding, team) too.
 */

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

/** Grants of several groups may repeat a role: each role once, sorted. */
function toClientRoles(grants: GrantRow[]): ClientRoles {
  const management = new Set<string>();
  const recon = new Set<string>();
  for (const grant of grants) (grant.client === 'management' ? management : recon).add(grant.role);
  return { management: [...management].sort(), recon: [...recon].sort() };
}

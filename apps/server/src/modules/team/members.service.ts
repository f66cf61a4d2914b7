import type { TeamMember, TeamMembersPage, TeamUserDetail } from '@counterpart/contracts';
import { displayRole, ORGANIZATION_ADMIN } from '@counterpart/domain';
import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { groupMembers, groups, memberships, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { loadCaller } from '../../identity/users.ts';
import { findGroupByName } from './groups.service.ts';
import { runTeamChange, type TeamScope } from './team-change.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MembersFilter {
  pageNo: number;
  pageSize: number;
  search?: string | undefined;
  /** Only the members of this group. */
  groupId?: string;
}

const memberColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  full_name: users.fullName,
  avatar_url: users.avatarUrl,
  joinedAt: memberships.createdAt,
  groups: sql<{ id: string; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name)
    from ${groupMembers} gm join ${groups} g on g.id = gm.group_id
    where gm.user_id = ${users.id} and g.organization_id = ${memberships.organizationId}
  ), '[]'::json)`,
};

/** The organization's members (by e-mail) with their groups, optionally searched in e-mail and name. */
export async function listMembers(
  db: Db,
  organizationId: string,
  filter: MembersFilter,
): Promise<TeamMembersPage> {
  const conditions: (SQL | undefined)[] = [eq(memberships.organizationId, organizationId)];
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(sql`lower(${users.email}) like ${pattern}`, sql`lower(${users.fullName}) like ${pattern}`),
    );
  }
  if (filter.groupId) {
    conditions.push(
      inArray(
        users.id,
        db
          .select({ id: groupMembers.userId })
          .from(groupMembers)
          .where(eq(groupMembers.groupId, filter.groupId)),
      ),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(sql`lower(${users.email})`, users.id)
    .limit(filter.pageSize)
    .offset((filter.pageNo - 1) * filter.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where);
  return {
    data: rows.map(toMember),
    page_no: filter.pageNo,
    page_size: filter.pageSize,
    total: Number(total?.n ?? 0),
  };
}

function toMember(row: {
  id: string;
  username: string;
  email: string;
  full_name: string;
  joinedAt: Date;
  groups: { id: string; name: string }[];
}): TeamMember {
  const { id, username, email, full_name, groups: memberGroups } = row;
  return {
    id,
    username,
    email,
    full_name,
    joined_at: new Date(row.joinedAt).toISOString(),
    groups: memberGroups,
  };
}

/** A member of the organization by user id; 404 for anyone else (unknown, or another organization's). */
async function findMemberRow(db: Db, organizationId: string, userId: string) {
  const [row] = UUID.test(userId)
    ? await db
        .select(memberColumns)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.organizationId, organizationId), eq(users.id, userId)))
        .limit(1)
    : [];
  if (!row) throw notFound('User not found in this organization');
  return row;
}

/** A member by username or e-mail (case-insensitive); 404 when no such member of the organization. */
async function findMemberByUsername(db: Db, organizationId: string, username: string) {
  const name = username.trim().toLowerCase();
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        or(sql`lower(${users.email}) = ${name}`, sql`lower(${users.username}) = ${name}`),
      ),
    )
    .limit(1);
  if (!row) throw notFound(`No member "${username}" in this organization`);
  return row;
}

/** Profile, groups and effective roles of one member. */
export async function getMemberDetail(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<TeamUserDetail> {
  const row = await findMemberRow(db, organizationId, userId);
  const { roles } = await loadCaller(db, row.id, organizationId);
  const effective = roles ?? { management: [], recon: [] };
  const shown = [...new Set([...effective.management, ...effective.recon])]
    .sort((a, b) => Number(b === ORGANIZATION_ADMIN) - Number(a === ORGANIZATION_ADMIN) || a.localeCompare(b))
    .map(displayRole);
  return { ...toMember(row), avatar_url: row.avatar_url, roles: effective, display_roles: shown };
}

/** Puts a member in a group by name; already there is a no-op (nothing audited or told). */
export async function addGroupMember(scope: TeamScope, username: string, groupName: string): Promise<void> {
  await runTeamChange(scope, async (tx) => {
    const member = await findMemberByUsername(tx, scope.organizationId, username);
    const group = await findGroupByName(tx, scope.organizationId, groupName);
    const added = await tx
      .insert(groupMembers)
      .values({ groupId: group.id, userId: member.id })
      .onConflictDoNothing()
      .returning();
    return {
      result: undefined,
      audit:
        added.length === 0
          ? null
          : {
              action: 'group_member.added',
              targetType: 'group',
              targetId: group.id,
              details: { group_name: group.name, user_id: member.id, email: member.email },
            },
      affectedUserIds: added.length > 0 ? [member.id] : [],
    };
  });
}

/** Takes a member out of a group; 404 when not in it; refused when it removes the last admin. */
export async function removeGroupMember(
  scope: TeamScope,
  username: string,
  groupName: string,
): Promise<void> {
  await runTeamChange(scope, async (tx) => {
    const member = await findMemberByUsername(tx, scope.organizationId, username);
    const group = await findGroupByName(tx, scope.organizationId, groupName);
    const removed = await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, member.id)))
      .returning();
    if (removed.length === 0) throw notFound(`${member.email} is not in the group "${group.name}"`);
    return {
      result: undefined,
      audit: {
        action: 'group_member.removed',
        targetType: 'group',
        targetId: group.id,
        details: { group_name: group.name, user_id: member.id, email: member.email },
      },
      affectedUserIds: [member.id],
    };
  });
}

/** Removes a member from the organization and all its groups; refused when it removes the last admin. */
export async function removeMember(scope: TeamScope, userId: string): Promise<void> {
  await runTeamChange(scope, async (tx) => {
    const member = await findMemberRow(tx, scope.organizationId, userId);
    const orgGroups = tx
      .select({ id: groups.id })
      .from(groups)
      .where(eq(groups.organizationId, scope.organizationId));
    await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.userId, member.id), inArray(groupMembers.groupId, orgGroups)));
    await tx
      .delete(memberships)
      .where(and(eq(memberships.organizationId, scope.organizationId), eq(memberships.userId, member.id)));
    return {
      result: undefined,
      audit: {
        action: 'member.removed',
        targetType: 'user',
        targetId: member.id,
        details: { email: member.email, groups: member.groups.map((g) => g.name) },
      },
      affectedUserIds: [member.id],
    };
  });
}

import type { TeamGroup } from '@counterpart/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { groupMembers, groupRoles, groups } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { runTeamChange, type TeamScope } from './team-change.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type GroupRow = typeof groups.$inferSelect;

/** The organization's groups by name, each with its member count and granted role names. */
export async function listGroups(db: Db, organizationId: string): Promise<TeamGroup[]> {
  const rows = await db
    .select({
      id: groups.id,
      name: groups.name,
      member_count: sql<number>`(select count(*)::int from ${groupMembers} gm where gm.group_id = ${groups.id})`,
      roles: sql<string[]>`coalesce((
        select json_agg(distinct gr.role) from ${groupRoles} gr where gr.group_id = ${groups.id}
      ), '[]'::json)`,
    })
    .from(groups)
    .where(eq(groups.organizationId, organizationId))
    .orderBy(groups.name, groups.id);
  return rows.map((row) => ({
    ...row,
    member_count: Number(row.member_count),
    roles: [...row.roles].sort(),
  }));
}

/** A group of this organization by id; 404 for an unknown id or another organization's group. */
export async function findGroup(db: Db, organizationId: string, groupId: string): Promise<GroupRow> {
  const [group] = UUID.test(groupId)
    ? await db
        .select()
        .from(groups)
        .where(and(eq(groups.id, groupId), eq(groups.organizationId, organizationId)))
        .limit(1)
    : [];
  if (!group) throw notFound('Group not found in this organization');
  return group;
}

/** A group of this organization by its exact name; 404 otherwise. */
export async function findGroupByName(db: Db, organizationId: string, name: string): Promise<GroupRow> {
  const [group] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.name, name), eq(groups.organizationId, organizationId)))
    .limit(1);
  if (!group) throw notFound(`No group named "${name}" in this organization`);
  return group;
}

export async function groupMemberIds(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return rows.map((row) => row.userId);
}

/** Group names are unique per organization, whatever their case. */
async function assertNameFree(db: Db, organizationId: string, name: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.organizationId, organizationId),
        sql`lower(${groups.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(groups.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError(409, `A group named "${name}" already exists in this organization`);
}

export async function createGroup(scope: TeamScope, name: string): Promise<TeamGroup> {
  return runTeamChange(scope, async (tx) => {
    await assertNameFree(tx, scope.organizationId, name);
    const [group] = await tx
      .insert(groups)
      .values({ organizationId: scope.organizationId, name })
      .returning();
    if (!group) throw new Error('The group was not created');
    return {
      result: { id: group.id, name: group.name, member_count: 0, roles: [] },
      audit: { action: 'group.created', targetType: 'group', targetId: group.id, details: { name } },
      affectedUserIds: [],
    };
  });
}

export async function renameGroup(scope: TeamScope, groupId: string, name: string): Promise<TeamGroup> {
  await runTeamChange(scope, async (tx) => {
    const group = await findGroup(tx, scope.organizationId, groupId);
    await assertNameFree(tx, scope.organizationId, name, group.id);
    await tx.update(groups).set({ name }).where(eq(groups.id, group.id));
    return {
      result: null,
      audit: {
        action: 'group.renamed',
        targetType: 'group',
        targetId: group.id,
        details: { from: group.name, to: name },
      },
      affectedUserIds: [],
    };
  });
  const renamed = (await listGroups(scope.db, scope.organizationId)).find((g) => g.id === groupId);
  if (!renamed) throw notFound('Group not found in this organization');
  return renamed;
}

/** Deletes a group with its grants and memberships; refused when it would leave no organization admin. */
export async function deleteGroup(scope: TeamScope, groupId: string): Promise<void> {
  await runTeamChange(scope, async (tx) => {
    const group = await findGroup(tx, scope.organizationId, groupId);
    const members = await groupMemberIds(tx, group.id);
    await tx.delete(groups).where(eq(groups.id, group.id));
    return {
      result: undefined,
      audit: {
        action: 'group.deleted',
        targetType: 'group',
        targetId: group.id,
        details: { name: group.name, member_count: members.length },
      },
      affectedUserIds: members,
    };
  });
}

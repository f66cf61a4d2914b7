import type { CatalogRole, GroupRolesChange, RoleClientName } from '@counterpart/contracts';
import { displayRole, roleCatalog } from '@counterpart/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { groupRoles } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { findGroup, groupMemberIds } from './groups.service.ts';
import { runTeamChange, type TeamScope } from './team-change.ts';

type Grant = { client: RoleClientName; role: string };

/** A role as the catalog and the grants show it: `{resource}:{action}` and its resource. */
export function describeRole(grant: Grant): CatalogRole {
  const display = displayRole(grant.role);
  const colon = display.indexOf(':');
  return { ...grant, display, resource: colon === -1 ? display : display.slice(0, colon) };
}

/** Every role of the product, organization-admin first, then by resource in the catalog's order. */
export function listCatalog(productKey: string): CatalogRole[] {
  return roleCatalog(productKey).map(describeRole);
}

const grantKey = (grant: Grant) => `${grant.client}:${grant.role}`;

/** A group's grants, in the catalog's order (grants outside the catalog last, by name). */
export async function listGroupRoles(
  db: Db,
  organizationId: string,
  groupId: string,
  productKey: string,
): Promise<CatalogRole[]> {
  const group = await findGroup(db, organizationId, groupId);
  const rows = await db
    .select({ client: groupRoles.client, role: groupRoles.role })
    .from(groupRoles)
    .where(eq(groupRoles.groupId, group.id));
  const order = new Map(roleCatalog(productKey).map((grant, index) => [grantKey(grant), index]));
  const rank = (grant: Grant) => order.get(grantKey(grant)) ?? Number.MAX_SAFE_INTEGER;
  return rows.sort((a, b) => rank(a) - rank(b) || grantKey(a).localeCompare(grantKey(b))).map(describeRole);
}

/** Grants catalog roles to a group (already granted ones are kept); 400 names any unknown role. */
export async function grantRoles(scope: TeamScope, change: GroupRolesChange): Promise<CatalogRole[]> {
  const known = new Set(roleCatalog(scope.productKey).map(grantKey));
  const unknown = change.roles.filter((grant) => !known.has(grantKey(grant)));
  if (unknown.length > 0) {
    throw badRequest(`Unknown role: ${unknown.map(grantKey).join(', ')}`);
  }
  await runTeamChange(scope, async (tx) => {
    const group = await findGroup(tx, scope.organizationId, change.group_id);
    const added = await tx
      .insert(groupRoles)
      .values(change.roles.map((grant) => ({ groupId: group.id, ...grant })))
      .onConflictDoNothing()
      .returning({ client: groupRoles.client, role: groupRoles.role });
    return {
      result: null,
      audit:
        added.length === 0
          ? null
          : {
              action: 'group_roles.granted',
              targetType: 'group',
              targetId: group.id,
              details: { group_name: group.name, roles: added.map(grantKey) },
            },
      affectedUserIds: added.length > 0 ? await groupMemberIds(tx, group.id) : [],
    };
  });
  return listGroupRoles(scope.db, scope.organizationId, change.group_id, scope.productKey);
}

/** Revokes grants from a group (roles it does not hold are ignored); refused for the last admin. */
export async function revokeRoles(scope: TeamScope, change: GroupRolesChange): Promise<CatalogRole[]> {
  await runTeamChange(scope, async (tx) => {
    const group = await findGroup(tx, scope.organizationId, change.group_id);
    const removed: Grant[] = [];
    for (const grant of change.roles) {
      const rows = await tx
        .delete(groupRoles)
        .where(
          and(
            eq(groupRoles.groupId, group.id),
            eq(groupRoles.client, grant.client),
            eq(groupRoles.role, grant.role),
          ),
        )
        .returning({ client: groupRoles.client, role: groupRoles.role });
      removed.push(...rows);
    }
    return {
      result: null,
      audit:
        removed.length === 0
          ? null
          : {
              action: 'group_roles.revoked',
              targetType: 'group',
              targetId: group.id,
              details: { group_name: group.name, roles: removed.map(grantKey) },
            },
      affectedUserIds: removed.length > 0 ? await groupMemberIds(tx, group.id) : [],
    };
  });
  return listGroupRoles(scope.db, scope.organizationId, change.group_id, scope.productKey);
}

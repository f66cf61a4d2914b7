import type { CatalogRole, RoleClientName } from '@counterpart/contracts';
import { displayRole, groupRolesByResource } from '@counterpart/domain';

export interface RoleRef {
  client: RoleClientName;
  role: string;
}

/** `management/organization-admin`: one key per role of a client. */
export function roleKey({ client, role }: RoleRef): string {
  return `${client}/${role}`;
}

/** What to grant and revoke to go from the saved roles to the selected ones (catalog order). */
export function diffRoles(
  catalog: CatalogRole[],
  saved: ReadonlySet<string>,
  selected: ReadonlySet<string>,
): { grant: RoleRef[]; revoke: RoleRef[] } {
  const grant: RoleRef[] = [];
  const revoke: RoleRef[] = [];
  for (const { client, role } of catalog) {
    const key = roleKey({ client, role });
    if (selected.has(key) && !saved.has(key)) grant.push({ client, role });
    if (!selected.has(key) && saved.has(key)) revoke.push({ client, role });
  }
  return { grant, revoke };
}

/** The catalog grouped by resource prefix of its displayed name (`teams:read` → teams), in catalog order. */
export function catalogByResource(catalog: CatalogRole[]): Array<{ resource: string; roles: CatalogRole[] }> {
  const byDisplay = new Map(catalog.map((role) => [displayRole(role.role), role]));
  return groupRolesByResource([...byDisplay.keys()]).map(({ resource, roles }) => ({
    resource,
    roles: roles.flatMap((display) => byDisplay.get(display) ?? []),
  }));
}

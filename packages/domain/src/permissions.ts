/**
 * Permissions (spec §6): `can(action, resource)` is true if the user has the role organization-admin in the
 * management scope, or has "{resource}-{action}" in the management scope or the recon scope.
 */
import type { ClientRoles } from '@counterpart/contracts';

export const ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export const ORGANIZATION_ADMIN = 'organization-admin';

export interface Permission {
  resource: string;
  actions: Action[];
}

export type RoleClient = 'management' | 'recon';

const RESOURCE_CLIENTS: ReadonlyArray<{ resource: string; client: RoleClient }> = [
  { resource: 'models', client: 'recon' },
  { resource: 'teams', client: 'management' },
  { resource: 'team-roles', client: 'management' },
  { resource: 'team-users', client: 'management' },
  { resource: 'workflow', client: 'recon' },
  { resource: '{product}_table', client: 'recon' },
  { resource: '{product}_documents', client: 'recon' },
  { resource: 'integrations', client: 'management' },
  { resource: 'reports', client: 'recon' },
  { resource: 'settings', client: 'management' },
];

function productResource(resource: string, productKey: string): string {
  return resource.replace('{product}', productKey);
}

function isAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}

/** The 10 route resources, `{product}` replaced by the product key (`counterpart_table`, …). */
export function resourcesFor(productKey: string): string[] {
  return RESOURCE_CLIENTS.map(({ resource }) => productResource(resource, productKey));
}

/** `roleName('teams', 'read')` → `'teams-read'`. */
export function roleName(resource: string, action: Action): string {
  return `${resource}-${action}`;
}

export function can(roles: ClientRoles, action: Action, resource: string): boolean {
  if (roles.management.includes(ORGANIZATION_ADMIN)) return true;
  const role = roleName(resource, action);
  return roles.management.includes(role) || roles.recon.includes(role);
}

/** True when every action of every permission passes; an empty list passes. */
export function canAll(roles: ClientRoles, permissions: Permission[]): boolean {
  return permissions.every(({ resource, actions }) =>
    actions.every((action) => can(roles, action, resource)),
  );
}

/** Every role the product defines, with the client (scope) it belongs to; organization-admin first. */
export function roleCatalog(productKey: string): Array<{ client: RoleClient; role: string }> {
  const catalog: Array<{ client: RoleClient; role: string }> = [
    { client: 'management', role: ORGANIZATION_ADMIN },
  ];
  for (const { resource, client } of RESOURCE_CLIENTS) {
    for (const action of ACTIONS) {
      catalog.push({ client, role: roleName(productResource(resource, productKey), action) });
    }
  }
  return catalog;
}

/**
 * Role as shown to users, "{resource}:{name}": `'team-roles-read'` → `'team-roles:read'`,
 * `'organization-admin'` → `'organization:admin'`; a role not ending in `-{action}` is returned unchanged.
 */
export function displayRole(role: string): string {
  if (role === ORGANIZATION_ADMIN) return 'organization:admin';
  const cut = role.lastIndexOf('-');
  if (cut <= 0) return role;
  const action = role.slice(cut + 1);
  return isAction(action) ? `${role.slice(0, cut)}:${action}` : role;
}

/** What each resource is called on screen; `{product}` resources by their suffix (`counterpart_table` → Tables). */
const RESOURCE_WORDS: ReadonlyArray<{ resource: string; words: string }> = [
  { resource: 'organization', words: 'Organization' },
  { resource: 'models', words: 'Data extraction' },
  { resource: 'teams', words: 'Teams' },
  { resource: 'team-roles', words: 'Group permissions' },
  { resource: 'team-users', words: 'Team members' },
  { resource: 'workflow', words: 'Workflows' },
  { resource: '{product}_table', words: 'Tables' },
  { resource: '{product}_documents', words: 'Documents' },
  { resource: 'integrations', words: 'Integrations' },
  { resource: 'reports', words: 'Reports' },
  { resource: 'settings', words: 'Settings' },
];

/**
 * A resource as finance users read it: `'counterpart_table'` → `'Tables'`, `'team-roles'` → `'Group permissions'`;
 * an unknown resource is returned unchanged.
 */
export function resourceWords(resource: string): string {
  for (const entry of RESOURCE_WORDS) {
    const product = entry.resource.startsWith('{product}') ? entry.resource.slice('{product}'.length) : null;
    const matches =
      product === null
        ? resource === entry.resource
        : resource.endsWith(product) && resource.length > product.length;
    if (matches) return entry.words;
  }
  return resource;
}

/**
 * A displayed role ("{resource}:{name}", see displayRole) as finance users read it:
 * `'counterpart_table:read'` → `'Tables: read'`, `'organization:admin'` → `'Organization: admin'`;
 * a role without a colon is returned unchanged.
 */
export function roleWords(display: string): string {
  const colon = display.indexOf(':');
  if (colon <= 0) return display;
  return `${resourceWords(display.slice(0, colon))}: ${display.slice(colon + 1)}`;
}

/**
 * Groups "{resource}:{name}" roles by the prefix before the (first) colon, groups in first-seen order and
 * roles in input order; a role without a colon forms a group named after itself.
 */
export function groupRolesByResource(roles: string[]): Array<{ resource: string; roles: string[] }> {
  const groups = new Map<string, string[]>();
  for (const role of roles) {
    const colon = role.indexOf(':');
    const resource = colon === -1 ? role : role.slice(0, colon);
    const group = groups.get(resource);
    if (group) group.push(role);
    else groups.set(resource, [role]);
  }
  return [...groups].map(([resource, grouped]) => ({ resource, roles: grouped }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function claimRoles(claim: unknown): string[] {
  return isRecord(claim) ? stringList(claim.roles) : [];
}

/**
 * Roles of the current organization from a decoded access-token payload. Uses
 * `organization[organizationId].roles` (`{ [clientId]: string[] }`) when present; otherwise Keycloak's
 * global roles: `resource_access[management].roles` plus `realm_access.roles` for management and
 * `resource_access[recon].roles` for recon. Malformed input never throws; it yields empty lists.
 */
export function rolesFromToken(
  token: unknown,
  organizationId: string | null,
  clients: { management: string; recon: string },
): ClientRoles {
  if (!isRecord(token)) return { management: [], recon: [] };
  const organizations = token.organization;
  if (organizationId !== null && isRecord(organizations)) {
    const membership = organizations[organizationId];
    if (isRecord(membership) && isRecord(membership.roles)) {
      return {
        management: stringList(membership.roles[clients.management]),
        recon: stringList(membership.roles[clients.recon]),
      };
    }
  }
  const resourceAccess = isRecord(token.resource_access) ? token.resource_access : {};
  const management = [...claimRoles(resourceAccess[clients.management]), ...claimRoles(token.realm_access)];
  return {
    management: [...new Set(management)],
    recon: claimRoles(resourceAccess[clients.recon]),
  };
}

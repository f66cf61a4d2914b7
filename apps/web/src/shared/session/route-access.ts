import type { ClientRoles } from '@counterpart/contracts';
import { canAll, type Permission } from '@counterpart/domain';

/**
 * Who may open a route (spec §2 table):
 * - public: anyone (the not-found page);
 * - guest: signed-out users only (landing, sign-up, password pages);
 * - organization-choice: signed in, no organization or permission needed (select-organization);
 * - signed-in: signed in with an organization settled (dashboard, unauthorized);
 * - permission: signed in and every listed permission passes for the current organization.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'guest' }
  | { kind: 'organization-choice' }
  | { kind: 'signed-in' }
  | { kind: 'permission'; permissions: Permission[] };

/** chosen: an organization is current; select: several and none chosen; none: the user has none. */
export type OrganizationStatus = 'chosen' | 'select' | 'none';

export interface AccessSession {
  authenticated: boolean;
  organization: OrganizationStatus;
  roles: ClientRoles;
}

export type AccessOutcome = 'allow' | 'login' | 'dashboard' | 'select-organization' | 'unauthorized';

/** Guard rules of spec §2 and the organization rule of spec §6, as one decision. */
export function decideAccess(access: RouteAccess, session: AccessSession): AccessOutcome {
  if (access.kind === 'public') return 'allow';
  if (access.kind === 'guest') return session.authenticated ? 'dashboard' : 'allow';
  if (!session.authenticated) return 'login';
  if (access.kind === 'organization-choice') return 'allow';
  if (session.organization === 'select') return 'select-organization';
  if (access.kind === 'signed-in') return 'allow';
  return canAll(session.roles, access.permissions) ? 'allow' : 'unauthorized';
}

/** Shorthand for a permission route: `requires('workflow', 'read')`. */
export function requires(resource: string, ...actions: Permission['actions']): RouteAccess {
  return { kind: 'permission', permissions: [{ resource, actions }] };
}

/** Replaces the `{product}` placeholder of resource names (`{product}_table` → `counterpart_table`). */
export function withProductKey(access: RouteAccess, productKey: string): RouteAccess {
  if (access.kind !== 'permission') return access;
  return {
    kind: 'permission',
    permissions: access.permissions.map(({ resource, actions }) => ({
      resource: resource.replace('{product}', productKey),
      actions,
    })),
  };
}

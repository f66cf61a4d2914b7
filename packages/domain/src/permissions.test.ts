import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  can,
  canAll,
  displayRole,
  groupRolesByResource,
  ORGANIZATION_ADMIN,
  resourcesFor,
  resourceWords,
  roleCatalog,
  roleName,
  rolesFromToken,
  roleWords,
} from './permissions.ts';

const clients = { management: 'counterpart_management', recon: 'counterpart_recon' };
const noRoles = { management: [], recon: [] };

describe('resourcesFor and roleName', () => {
  it('lists the 10 route resources for a product', () => {
    expect(resourcesFor('counterpart')).toEqual([
      'models',
      'teams',
      'team-roles',
      'team-users',
      'workflow',
      'counterpart_table',
      'counterpart_documents',
      'integrations',
      'reports',
      'settings',
    ]);
    expect(resourcesFor('acme')).toContain('acme_table');
  });

  it('names a role "{resource}-{action}"', () => {
    expect(roleName('team-roles', 'read')).toBe('team-roles-read');
  });
});

describe('can', () => {
  it('allows everything to organization-admin in the management scope', () => {
    const roles = { management: [ORGANIZATION_ADMIN], recon: [] };
    expect(can(roles, 'delete', 'counterpart_table')).toBe(true);
  });

  it('does not honour organization-admin in the recon scope', () => {
    expect(can({ management: [], recon: [ORGANIZATION_ADMIN] }, 'read', 'teams')).toBe(false);
  });

  it('allows a "{resource}-{action}" role from either scope', () => {
    expect(can({ management: ['teams-read'], recon: [] }, 'read', 'teams')).toBe(true);
    expect(can({ management: [], recon: ['models-create'] }, 'create', 'models')).toBe(true);
  });

  it('refuses other actions and resources', () => {
    const roles = { management: ['teams-read'], recon: [] };
    expect(can(roles, 'update', 'teams')).toBe(false);
    expect(can(roles, 'read', 'team-roles')).toBe(false);
    expect(can(noRoles, 'read', 'teams')).toBe(false);
  });
});

describe('canAll', () => {
  const roles = { management: ['teams-read'], recon: ['models-read', 'models-create'] };

  it('passes an empty permission list', () => {
    expect(canAll(noRoles, [])).toBe(true);
  });

  it('requires every action of every permission', () => {
    expect(canAll(roles, [{ resource: 'models', actions: ['read', 'create'] }])).toBe(true);
    expect(
      canAll(roles, [
        { resource: 'models', actions: ['read'] },
        { resource: 'teams', actions: ['read', 'update'] },
      ]),
    ).toBe(false);
  });
});

describe('roleCatalog', () => {
  const catalog = roleCatalog('counterpart');

  it('holds organization-admin plus every action of every resource', () => {
    expect(catalog).toHaveLength(1 + 10 * ACTIONS.length);
    expect(catalog[0]).toEqual({ client: 'management', role: 'organization-admin' });
    expect(new Set(catalog.map(({ role }) => role)).size).toBe(catalog.length);
  });

  it('puts each resource in its client', () => {
    const clientOf = (role: string) => catalog.find((entry) => entry.role === role)?.client;
    for (const resource of ['teams', 'team-roles', 'team-users', 'settings', 'integrations']) {
      expect(clientOf(`${resource}-read`)).toBe('management');
    }
    for (const resource of ['models', 'workflow', 'counterpart_table', 'counterpart_documents', 'reports']) {
      expect(clientOf(`${resource}-delete`)).toBe('recon');
    }
  });
});

describe('displayRole', () => {
  it.each([
    ['team-roles-read', 'team-roles:read'],
    ['counterpart_table-create', 'counterpart_table:create'],
    ['team-users-delete', 'team-users:delete'],
    ['organization-admin', 'organization:admin'],
    ['offline-access', 'offline-access'],
    ['uma_authorization', 'uma_authorization'],
    ['-read', '-read'],
  ])('shows %s as %s', (role, expected) => {
    expect(displayRole(role)).toBe(expected);
  });
});

describe('roleWords and resourceWords', () => {
  it.each([
    ['counterpart_table:read', 'Tables: read'],
    ['acme_documents:create', 'Documents: create'],
    ['team-roles:update', 'Group permissions: update'],
    ['team-users:delete', 'Team members: delete'],
    ['workflow:read', 'Workflows: read'],
    ['models:read', 'Data extraction: read'],
    ['organization:admin', 'Organization: admin'],
    ['offline-access', 'offline-access'],
    ['mystery:read', 'mystery: read'],
  ])('shows %s as %s', (display, expected) => {
    expect(roleWords(display)).toBe(expected);
  });

  it('names every resource of the catalog in words, none left as a key', () => {
    for (const resource of resourcesFor('counterpart')) {
      expect(resourceWords(resource)).toMatch(/^[A-Z][a-z]+( [a-z]+)?$/);
    }
    expect(resourceWords('_table')).toBe('_table');
  });
});

describe('groupRolesByResource', () => {
  it('groups by the prefix before the colon in first-seen order', () => {
    expect(
      groupRolesByResource(['teams:read', 'models:create', 'teams:update', 'solo', 'models:read']),
    ).toEqual([
      { resource: 'teams', roles: ['teams:read', 'teams:update'] },
      { resource: 'models', roles: ['models:create', 'models:read'] },
      { resource: 'solo', roles: ['solo'] },
    ]);
  });

  it('returns no groups for no roles', () => {
    expect(groupRolesByResource([])).toEqual([]);
  });
});

describe('rolesFromToken', () => {
  const token = {
    organization: {
      'org-1': { roles: { counterpart_management: ['teams-read'], counterpart_recon: ['models-read', 7] } },
    },
    resource_access: {
      counterpart_management: { roles: ['settings-read', 'offline_access'] },
      counterpart_recon: { roles: ['reports-read'] },
    },
    realm_access: { roles: ['offline_access', 'organization-admin'] },
  };

  it('uses the roles of the current organization when the token carries them', () => {
    expect(rolesFromToken(token, 'org-1', clients)).toEqual({
      management: ['teams-read'],
      recon: ['models-read'],
    });
  });

  it('falls back to resource_access and realm_access for an unknown or absent organization', () => {
    const global = {
      management: ['settings-read', 'offline_access', 'organization-admin'],
      recon: ['reports-read'],
    };
    expect(rolesFromToken(token, 'org-2', clients)).toEqual(global);
    expect(rolesFromToken(token, null, clients)).toEqual(global);
  });

  it('returns empty lists for malformed tokens without throwing', () => {
    for (const bad of [undefined, null, 'token', 42, [], { organization: 'x', resource_access: [] }]) {
      expect(rolesFromToken(bad, 'org-1', clients)).toEqual(noRoles);
    }
    expect(
      rolesFromToken(
        { organization: { 'org-1': { roles: ['x'] } }, realm_access: { roles: 'x' } },
        'org-1',
        clients,
      ),
    ).toEqual(noRoles);
  });
});

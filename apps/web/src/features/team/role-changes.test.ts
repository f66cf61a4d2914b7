import type { CatalogRole } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { catalogByResource, diffRoles, roleKey } from './role-changes.ts';

const catalog: CatalogRole[] = [
  {
    client: 'management',
    role: 'organization-admin',
    display: 'organization:admin',
    resource: 'organization',
  },
  { client: 'management', role: 'teams-read', display: 'teams:read', resource: 'teams' },
  { client: 'management', role: 'teams-create', display: 'teams:create', resource: 'teams' },
  { client: 'recon', role: 'workflow-read', display: 'workflow:read', resource: 'workflow' },
];

describe('diffRoles', () => {
  it('grants the newly selected roles and revokes the unselected saved ones, in catalog order', () => {
    const saved = new Set(['management/teams-read', 'recon/workflow-read']);
    const selected = new Set([
      'recon/workflow-read',
      'management/teams-create',
      'management/organization-admin',
    ]);
    expect(diffRoles(catalog, saved, selected)).toEqual({
      grant: [
        { client: 'management', role: 'organization-admin' },
        { client: 'management', role: 'teams-create' },
      ],
      revoke: [{ client: 'management', role: 'teams-read' }],
    });
  });

  it('changes nothing when the selection equals what is saved', () => {
    const saved = new Set(['management/teams-read']);
    expect(diffRoles(catalog, saved, new Set(saved))).toEqual({ grant: [], revoke: [] });
  });

  it('tells a role of one client from the same name in the other', () => {
    expect(roleKey({ client: 'recon', role: 'teams-read' })).not.toBe(
      roleKey({ client: 'management', role: 'teams-read' }),
    );
  });
});

describe('catalogByResource', () => {
  it('groups roles by their resource prefix in catalog order', () => {
    expect(catalogByResource(catalog).map(({ resource, roles }) => [resource, roles.length])).toEqual([
      ['organization', 1],
      ['teams', 2],
      ['workflow', 1],
    ]);
  });
});

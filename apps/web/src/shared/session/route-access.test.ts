import { describe, expect, it } from 'vitest';
import { type AccessSession, decideAccess, requires, withProductKey } from './route-access.ts';

const signedOut: AccessSession = {
  authenticated: false,
  organization: 'none',
  roles: { management: [], recon: [] },
};
const reader: AccessSession = {
  authenticated: true,
  organization: 'chosen',
  roles: { management: [], recon: ['workflow-read'] },
};
const admin: AccessSession = {
  authenticated: true,
  organization: 'chosen',
  roles: { management: ['organization-admin'], recon: [] },
};
const choosing: AccessSession = { ...admin, organization: 'select' };

describe('decideAccess', () => {
  it('lets guests open guest-only routes and sends signed-in users to the dashboard', () => {
    expect(decideAccess({ kind: 'guest' }, signedOut)).toBe('allow');
    expect(decideAccess({ kind: 'guest' }, reader)).toBe('dashboard');
  });

  it('sends signed-out users on sign-in routes to the identity provider login', () => {
    expect(decideAccess({ kind: 'signed-in' }, signedOut)).toBe('login');
    expect(decideAccess({ kind: 'organization-choice' }, signedOut)).toBe('login');
    expect(decideAccess(requires('workflow', 'read'), signedOut)).toBe('login');
  });

  it('allows sign-in-only routes to any signed-in user', () => {
    expect(decideAccess({ kind: 'signed-in' }, { ...reader, roles: { management: [], recon: [] } })).toBe(
      'allow',
    );
  });

  it('allows a permission route when every action passes', () => {
    expect(decideAccess(requires('workflow', 'read'), reader)).toBe('allow');
  });

  it('redirects to unauthorized when a permission is missing', () => {
    expect(decideAccess(requires('workflow', 'create'), reader)).toBe('unauthorized');
    expect(decideAccess(requires('reports', 'read'), reader)).toBe('unauthorized');
  });

  it('requires all actions of all permissions', () => {
    const access = {
      kind: 'permission' as const,
      permissions: [
        { resource: 'workflow', actions: ['read' as const] },
        { resource: 'models', actions: ['read' as const] },
      ],
    };
    expect(decideAccess(access, reader)).toBe('unauthorized');
    expect(decideAccess(access, admin)).toBe('allow');
  });

  it('lets organization-admin open any permission route', () => {
    expect(decideAccess(requires('settings', 'read'), admin)).toBe('allow');
    expect(decideAccess(requires('counterpart_table', 'create'), admin)).toBe('allow');
  });

  it('sends users with several organizations and none chosen to select-organization', () => {
    expect(decideAccess({ kind: 'signed-in' }, choosing)).toBe('select-organization');
    expect(decideAccess(requires('workflow', 'read'), choosing)).toBe('select-organization');
  });

  it('keeps the select-organization page open while an organization is being chosen', () => {
    expect(decideAccess({ kind: 'organization-choice' }, choosing)).toBe('allow');
  });

  it('lets a user without any organization reach sign-in-only pages but no permission page', () => {
    const orphan: AccessSession = {
      authenticated: true,
      organization: 'none',
      roles: { management: [], recon: [] },
    };
    expect(decideAccess({ kind: 'signed-in' }, orphan)).toBe('allow');
    expect(decideAccess(requires('workflow', 'read'), orphan)).toBe('unauthorized');
  });

  it('opens public routes to everyone', () => {
    expect(decideAccess({ kind: 'public' }, signedOut)).toBe('allow');
    expect(decideAccess({ kind: 'public' }, reader)).toBe('allow');
  });
});

describe('withProductKey', () => {
  it('names product resources after the product key', () => {
    const access = withProductKey(requires('{product}_table', 'create'), 'acme');
    expect(access).toEqual({
      kind: 'permission',
      permissions: [{ resource: 'acme_table', actions: ['create'] }],
    });
    expect(decideAccess(access, { ...reader, roles: { management: [], recon: ['acme_table-create'] } })).toBe(
      'allow',
    );
  });

  it('leaves other access rules alone', () => {
    expect(withProductKey({ kind: 'guest' }, 'acme')).toEqual({ kind: 'guest' });
  });
});

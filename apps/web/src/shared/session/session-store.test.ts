import { describe, expect, it } from 'vitest';
import { organizationStateFor, sameRoles, userFromToken } from './session-store.ts';

const token = {
  name: 'Ada Lovelace',
  email: 'ada@demo.test',
  preferred_username: 'ada',
  organization: {
    'org-1': {
      name: 'Demo Company',
      roles: { counterpart_management: ['teams-read'], counterpart_recon: ['workflow-read'] },
    },
    'org-2': { name: 'Second Branch', roles: { counterpart_management: ['organization-admin'] } },
  },
};

describe('organizationStateFor', () => {
  it('takes the roles of the stored organization from the token', () => {
    expect(organizationStateFor(token, 'org-1', 'counterpart')).toMatchObject({
      organizationId: 'org-1',
      organizationStatus: 'chosen',
      roles: { management: ['teams-read'], recon: ['workflow-read'] },
    });
  });

  it('grants no roles while several organizations wait for a choice', () => {
    expect(organizationStateFor(token, null, 'counterpart')).toMatchObject({
      organizationId: null,
      organizationStatus: 'select',
      roles: { management: [], recon: [] },
    });
  });

  it('reads the roles of the clients named after the product key', () => {
    const acme = { organization: { 'org-1': { name: 'A', roles: { acme_recon: ['models-read'] } } } };
    expect(organizationStateFor(acme, null, 'acme').roles).toEqual({
      management: [],
      recon: ['models-read'],
    });
  });
});

describe('userFromToken', () => {
  it('uses the full name, its first word as first name, and the e-mail', () => {
    expect(userFromToken(token)).toEqual({
      fullName: 'Ada Lovelace',
      firstName: 'Ada',
      email: 'ada@demo.test',
      username: 'ada',
    });
  });

  it('prefers given_name and falls back to the username', () => {
    expect(userFromToken({ given_name: 'Grace', family_name: 'Hopper' }).fullName).toBe('Grace Hopper');
    expect(userFromToken({ preferred_username: 'ops' }).firstName).toBe('ops');
  });
});

describe('sameRoles', () => {
  it('ignores order but sees any added or removed role', () => {
    const roles = { management: ['a', 'b'], recon: ['c'] };
    expect(sameRoles(roles, { management: ['b', 'a'], recon: ['c'] })).toBe(true);
    expect(sameRoles(roles, { management: ['a'], recon: ['c'] })).toBe(false);
    expect(sameRoles(roles, { management: ['a', 'b'], recon: ['c', 'd'] })).toBe(false);
  });
});

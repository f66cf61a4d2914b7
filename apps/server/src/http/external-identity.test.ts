import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { accessTokenFor, organizationIds } from '../../test/tokens.ts';

/**
 * With OIDC_URL set, the server trusts a company Keycloak: here a second server plays that
 * Keycloak, and the API under test must verify its tokens through its JWKS over HTTP.
 */
let keycloak: TestServer;
let api: TestServer;

beforeAll(async () => {
  keycloak = await startTestServer();
  api = await startTestServer({ OIDC_URL: keycloak.url, OIDC_REALM: 'production', SEED_DEMO: 'false' });
});
afterAll(async () => {
  await api.close();
  await keycloak.close();
});

describe('with a company Keycloak', () => {
  it('tells the browser to sign in there', async () => {
    const res = await fetch(`${api.url}/app-config.json`);
    expect(await res.json()).toEqual({
      productKey: 'counterpart',
      oidc: { url: keycloak.url, realm: 'production', clientId: 'counterpart_recon' },
      builtInIdentity: false,
    });
  });

  it('does not serve its own identity provider', async () => {
    const res = await fetch(`${api.url}/realms/production/.well-known/openid-configuration`);
    expect(res.status).toBe(404);
  });

  it('accepts that Keycloak’s tokens and reads the user and roles from them', async () => {
    const token = await accessTokenFor(keycloak, 'admin@demo.test');
    const orgs = await organizationIds(keycloak);
    const res = await fetch(`${api.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const me = (await res.json()) as {
      email: string;
      organizations: { id: string; roles: { management: string[] } }[];
    };
    expect(me.email).toBe('admin@demo.test');
    const demo = me.organizations.find((o) => o.id === orgs['Demo Company']);
    expect(demo?.roles.management).toContain('organization-admin');
  });

  it('refuses a token signed by anyone else', async () => {
    const stranger = await startTestServer();
    try {
      const token = await accessTokenFor(stranger, 'admin@demo.test');
      const res = await fetch(`${api.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
    } finally {
      await stranger.close();
    }
  });
});

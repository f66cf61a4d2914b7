import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { expectLocation, redirectParams, type TestBrowser } from './oidc-test-browser.ts';
import { CLIENT, createSignInFlows } from './oidc-test-flows.ts';
import { DEMO_USERS } from './seed.ts';

let server: TestServer;
let realm: string;
let flows: ReturnType<typeof createSignInFlows>;

beforeAll(async () => {
  server = await startTestServer();
  flows = createSignInFlows(server.url);
  realm = flows.realm;
});
afterAll(() => server?.close());

const newBrowser = () => flows.newBrowser();
const startSignIn = (browser: TestBrowser, overrides: Record<string, string> = {}) =>
  flows.startSignIn(browser, overrides);
const signInWithTokens = (email?: string) => flows.signInWithTokens(email);

describe('identity provider endpoints', () => {
  it('publishes the discovery document with Keycloak endpoint paths', async () => {
    const response = await fetch(`${realm}/.well-known/openid-configuration`);
    const discovery = await response.json();
    const openid = `${realm}/protocol/openid-connect`;
    expect(discovery).toMatchObject({
      issuer: realm,
      authorization_endpoint: `${openid}/auth`,
      token_endpoint: `${openid}/token`,
      userinfo_endpoint: `${openid}/userinfo`,
      end_session_endpoint: `${openid}/logout`,
      jwks_uri: `${openid}/certs`,
      revocation_endpoint: `${openid}/revoke`,
      introspection_endpoint: `${openid}/token/introspect`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('answers userinfo, account and orgs for a bearer access token, and 401 without one', async () => {
    const { tokens } = await signInWithTokens();
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    const userinfo = await fetch(`${realm}/protocol/openid-connect/userinfo`, { headers: bearer });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({
      email: DEMO_USERS.admin,
      preferred_username: DEMO_USERS.admin,
    });

    const account = await fetch(`${realm}/account`, { headers: { ...bearer, accept: 'application/json' } });
    expect(await account.json()).toMatchObject({
      username: DEMO_USERS.admin,
      email: DEMO_USERS.admin,
      firstName: 'Amina',
      lastName: 'Otieno',
    });

    const orgs = await fetch(`${realm}/orgs`, { headers: bearer });
    const list = (await orgs.json()) as Array<{
      id: string;
      name: string;
      attributes: Record<string, string[]>;
    }>;
    expect(list.map((o) => o.name).sort()).toEqual(['Demo Company', 'Second Branch']);
    expect(list[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      attributes: expect.any(Object),
    });

    for (const path of ['/protocol/openid-connect/userinfo', '/account', '/orgs']) {
      expect((await fetch(`${realm}${path}`)).status).toBe(401);
      const withIdToken = await fetch(`${realm}${path}`, {
        headers: { authorization: `Bearer ${tokens.id_token}` },
      });
      expect(withIdToken.status).toBe(401);
    }
  });

  it('serves the public signing keys at certs, which verify the access tokens', async () => {
    const { tokens } = await signInWithTokens();
    const certs = (await (await fetch(`${realm}/protocol/openid-connect/certs`)).json()) as JSONWebKeySet;
    expect(certs.keys.length).toBeGreaterThan(0);
    expect(JSON.stringify(certs)).not.toMatch(/"d":/);
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, createLocalJWKSet(certs), {
      issuer: realm,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.aud).toBe('urn:counterpart:api');
  });

  it('refuses PKCE with the plain method, and an authorization request without PKCE', async () => {
    const browser = newBrowser();
    const plain = await startSignIn(browser, {
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'plain',
    });
    expect(redirectParams(expectLocation(plain.response)).get('error')).toBe('invalid_request');
    const none = await startSignIn(browser, { code_challenge: '', code_challenge_method: '' });
    expect(redirectParams(expectLocation(none.response)).get('error')).toBe('invalid_request');
  });

  it('redirects to any page of the app, never to another origin', async () => {
    const browser = newBrowser();
    const page = await startSignIn(browser, { redirect_uri: `${server.url}/reports/monthly?tab=2` });
    expect(expectLocation(page.response)).toContain('/realms/production/login-actions/');
    const elsewhere = await startSignIn(browser, { redirect_uri: 'https://attacker.example/dashboard' });
    expect(elsewhere.response.status).toBe(400);
    expect(elsewhere.response.headers.get('location')).toBeNull();
  });

  it('serves the session status iframe with its init check, and the third-party cookie check', async () => {
    const iframe = await fetch(`${realm}/protocol/openid-connect/login-status-iframe.html`);
    expect(await iframe.text()).toContain(
      '<script src="/realms/production/assets/login-status-iframe.js"></script>',
    );
    const init = (clientId: string, origin: string) =>
      fetch(
        `${realm}/protocol/openid-connect/login-status-iframe.html/init?${new URLSearchParams({ client_id: clientId, origin })}`,
      );
    expect((await init(CLIENT, server.url)).status).toBe(204);
    expect((await init(CLIENT, 'https://attacker.example')).status).toBe(403);
    expect((await init('someone_else', server.url)).status).toBe(403);
    expect((await fetch(`${realm}/assets/login-status-iframe.js`)).status).toBe(200);

    const browser = newBrowser();
    const step1 = await browser.fetch(`${realm}/protocol/openid-connect/3p-cookies/step1.html`);
    expect(expectLocation(step1)).toBe('step2.html');
    expect(browser.cookie('KEYCLOAK_3P_COOKIE')).toBe('supported');
    const step2 = await browser.fetch(`${realm}/protocol/openid-connect/3p-cookies/step2.html`);
    expect(await step2.text()).toContain('/realms/production/assets/3p-cookies-step2.js');
  });
});

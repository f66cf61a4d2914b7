import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { organizationIds } from '../../test/tokens.ts';
import {
  decodeJwt,
  expectLocation,
  formAction,
  redirectParams,
  type TestBrowser,
} from './oidc-test-browser.ts';
import { CLIENT, createSignInFlows, type TokenResponse } from './oidc-test-flows.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed.ts';

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
const openLoginPage = (browser: TestBrowser) => flows.openLoginPage(browser);
const tokenRequest = (browser: TestBrowser, form: Record<string, string>) =>
  flows.tokenRequest(browser, form);
const signInWithTokens = (email?: string) => flows.signInWithTokens(email);

describe('signing in with the built-in identity provider', () => {
  it('signs in with the authorization code flow and PKCE, issuing Keycloak-shaped tokens', async () => {
    const browser = newBrowser();
    const login = await openLoginPage(browser);
    expect(login.page.status).toBe(200);
    expect(login.html).toContain('<label for="email">Email</label>');
    expect(login.html).toContain('<label for="password">Password</label>');
    expect(login.html).toContain('Sign in</button>');
    expect(login.html).toContain('href="/auth/forgot-password">Forgot password?</a>');
    expect(login.html).toContain('href="/auth/signup">Create an account</a>');
    expect(login.html).toContain('<script src="/theme-init.js"></script>');
    expect(login.html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);

    const wrong = await browser.postForm(login.action, {
      email: DEMO_USERS.admin,
      password: 'not-the-password',
    });
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('Invalid email or password.');
    expect(wrongHtml).toContain(`value="${DEMO_USERS.admin}"`);

    const submitted = await browser.postForm(login.action, {
      email: DEMO_USERS.admin,
      password: DEMO_PASSWORD,
    });
    const location = expectLocation(await browser.fetch(expectLocation(submitted)));
    expect(location.startsWith(`${server.url}/dashboard#`)).toBe(true);
    const callback = redirectParams(location);
    expect(callback.get('state')).toBe(login.params.state);

    const response = await tokenRequest(browser, {
      grant_type: 'authorization_code',
      code: callback.get('code') ?? '',
      redirect_uri: login.params.redirect_uri,
      code_verifier: login.pkce.verifier,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = (await response.json()) as TokenResponse;
    const ids = await organizationIds(server);
    const demo = ids['Demo Company'] ?? '';
    const branch = ids['Second Branch'] ?? '';

    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({
      iss: realm,
      preferred_username: DEMO_USERS.admin,
      email: DEMO_USERS.admin,
      name: 'Amina Otieno',
      azp: CLIENT,
      realm_access: { roles: expect.any(Array) },
    });
    expect(access.sid).toEqual(expect.any(String));
    expect(access.session_state).toBe(access.sid);
    expect(access.exp as number).toBe((access.iat as number) + 300);
    const organization = access.organization as Record<
      string,
      { name: string; roles: Record<string, string[]> }
    >;
    expect(Object.keys(organization).sort()).toEqual([demo, branch].sort());
    expect(organization[demo]?.name).toBe('Demo Company');
    expect(organization[demo]?.roles.counterpart_management).toContain('organization-admin');
    expect(organization[branch]?.roles.counterpart_recon?.length).toBeGreaterThan(0);
    const resourceAccess = access.resource_access as Record<string, { roles: string[] }>;
    expect(resourceAccess.counterpart_management?.roles).toContain('organization-admin');

    const refresh = decodeJwt(tokens.refresh_token);
    expect(refresh).toMatchObject({ typ: 'Refresh', sub: access.sub, sid: access.sid });
    // The session's length (10 hours): keycloak-js reads exp from it.
    expect((refresh.exp as number) - (refresh.iat as number)).toBeGreaterThan(9 * 3600);
    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({
      aud: CLIENT,
      nonce: login.params.nonce,
      name: 'Amina Otieno',
      email: DEMO_USERS.admin,
      preferred_username: DEMO_USERS.admin,
    });
    expect(browser.cookie('KEYCLOAK_SESSION')).toBe(`production/${access.sub}/${access.sid}`);
  });

  it('gives a viewer the roles of their one organization', async () => {
    const { tokens } = await signInWithTokens(DEMO_USERS.viewer);
    const access = decodeJwt(tokens.access_token);
    const organization = access.organization as Record<string, { roles: Record<string, string[]> }>;
    const [only] = Object.values(organization);
    expect(Object.keys(organization)).toHaveLength(1);
    expect(only?.roles.counterpart_management).not.toContain('organization-admin');
    expect((access.resource_access as Record<string, { roles: string[] }>).counterpart_recon?.roles).toEqual(
      only?.roles.counterpart_recon,
    );
  });

  it('refreshes with the JWT-shaped refresh token, and refuses a forged or reused one', async () => {
    const { browser, tokens } = await signInWithTokens();
    const forged = tokens.refresh_token.replace(/\.[^.]+$/, '.c2lnbmF0dXJl');
    const refused = await tokenRequest(browser, { grant_type: 'refresh_token', refresh_token: forged });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as TokenResponse).error).toBe('invalid_grant');

    const refreshed = await tokenRequest(browser, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as TokenResponse;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(next.refresh_token).typ).toBe('Refresh');
    // Rotation keeps the first token's end: a session is not prolonged by refreshing.
    expect(decodeJwt(next.refresh_token).exp as number).toBeLessThanOrEqual(
      (decodeJwt(tokens.refresh_token).exp as number) + 1,
    );
    expect(decodeJwt(next.access_token).sid).toBe(decodeJwt(tokens.access_token).sid);
    expect(decodeJwt(next.id_token).email).toBe(DEMO_USERS.admin);

    const reused = await tokenRequest(browser, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(reused.status).toBe(400);
    // Reuse detection revokes the whole grant: the newer token is gone too.
    const revoked = await tokenRequest(browser, {
      grant_type: 'refresh_token',
      refresh_token: next.refresh_token,
    });
    expect(revoked.status).toBe(400);
  });

  it('signs out with id_token_hint, without a confirmation page, back to post_logout_redirect_uri', async () => {
    const { browser, tokens } = await signInWithTokens();
    const params = new URLSearchParams({
      client_id: CLIENT,
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${server.url}/`,
    });
    const page = await browser.fetch(`${realm}/protocol/openid-connect/logout?${params}`);
    const html = await page.text();
    expect(html).toContain('/realms/production/assets/auto-submit.js');
    expect(html).toContain('name="logout" value="yes"');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirmed = await browser.postForm(formAction(html), { xsrf, logout: 'yes' });
    expect(expectLocation(confirmed)).toBe(`${server.url}/`);
    expect(browser.cookie('KEYCLOAK_SESSION')).toBeUndefined();

    const refresh = await tokenRequest(browser, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.status).toBe(400);
  });
});

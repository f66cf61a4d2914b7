import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket } from '../../test/socket-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { accessTokenFor, organizationIds } from '../../test/tokens.ts';
import { expectLocation, formAction, type TestBrowser } from './oidc-test-browser.ts';
import { CLIENT, createSignInFlows, type TokenResponse } from './oidc-test-flows.ts';
import { DEMO_USERS } from './seed.ts';

/**
 * Access tokens are JWTs that live ACCESS_TOKEN_TTL; signing out must still stop them at once, and
 * a token the realm signed for another client must not open the API.
 */
let server: TestServer;
let flows: ReturnType<typeof createSignInFlows>;
let demo: string;

beforeAll(async () => {
  server = await startTestServer();
  flows = createSignInFlows(server.url);
  demo = (await organizationIds(server))['Demo Company']!;
});
afterAll(() => server?.close());

const me = (token: string, organization?: string) =>
  fetch(`${server.url}/api/users/organization/profile`, {
    headers: { authorization: `Bearer ${token}`, organization: organization ?? demo },
  });

/** The browser's sign-out: the end-session page, then its auto-submitted confirmation. */
async function signOut(browser: TestBrowser, tokens: TokenResponse) {
  const params = new URLSearchParams({
    client_id: CLIENT,
    id_token_hint: tokens.id_token,
    post_logout_redirect_uri: `${server.url}/`,
  });
  const page = await browser.fetch(`${flows.realm}/protocol/openid-connect/logout?${params}`);
  const html = await page.text();
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const confirmed = await browser.postForm(formAction(html), { xsrf, logout: 'yes' });
  expect(expectLocation(confirmed)).toBe(`${server.url}/`);
}

describe('signing out', () => {
  it('refuses the access token of a signed-out session on the very next request', async () => {
    const { browser, tokens } = await flows.signInWithTokens();
    // Twice: the second answer comes from the warm cache of sessions and callers.
    expect((await me(tokens.access_token)).status).toBe(200);
    expect((await me(tokens.access_token)).status).toBe(200);

    await signOut(browser, tokens);
    const res = await me(tokens.access_token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Your session has ended: sign in again' });
  });

  it('refuses a socket opened with the token of a signed-out session', async () => {
    const { browser, tokens } = await flows.signInWithTokens();
    const before = await openSocket(server.url, demo, tokens.access_token);
    await before.subscribed();
    await before.close();

    await signOut(browser, tokens);
    const after = await openSocket(server.url, demo, tokens.access_token);
    expect(await after.closed).toEqual({ code: 1008, reason: 'Your session has ended: sign in again' });
  });

  it('closes a socket the signed-out session holds open, and only that session’s', async () => {
    const { browser, tokens } = await flows.signInWithTokens();
    const other = await flows.signInWithTokens();
    const open = await openSocket(server.url, demo, tokens.access_token);
    const kept = await openSocket(server.url, demo, other.tokens.access_token);
    await Promise.all([open.subscribed(), kept.subscribed()]);

    await signOut(browser, tokens);
    expect(await open.closed).toEqual({ code: 1008, reason: 'Your session has ended: sign in again' });
    kept.ws.send('ping');
    await kept.waitForText('pong');
    await kept.close();
  });

  it('keeps the other sessions of the same user working', async () => {
    const first = await flows.signInWithTokens();
    const second = await flows.signInWithTokens();
    await signOut(first.browser, first.tokens);
    expect((await me(first.tokens.access_token)).status).toBe(401);
    expect((await me(second.tokens.access_token)).status).toBe(200);
  });

  it('refuses a token with no session, or with a session that never existed', async () => {
    const invented = await accessTokenFor(server, DEMO_USERS.admin, { sid: 'no-such-session' });
    expect((await me(invented)).status).toBe(401);
  });
});

describe('the token audience', () => {
  it('refuses a token the realm signed for another client', async () => {
    const token = await accessTokenFor(server, DEMO_USERS.admin, { azp: 'payroll', aud: 'payroll' });
    const res = await me(token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Token was issued for another client' });
    const noAudience = await accessTokenFor(server, DEMO_USERS.admin, { azp: 'payroll', aud: [] });
    expect((await me(noAudience)).status).toBe(401);
  });

  it('accepts the product’s clients as Keycloak names them (azp the client, aud "account")', async () => {
    const management = server.config.clients.management;
    const keycloakShaped = await accessTokenFor(server, DEMO_USERS.admin, {
      azp: management,
      aud: 'account',
    });
    expect((await me(keycloakShaped)).status).toBe(200);
    const byAudience = await accessTokenFor(server, DEMO_USERS.admin, {
      azp: 'payroll',
      aud: ['account', CLIENT],
    });
    expect((await me(byAudience)).status).toBe(200);
  });

  it('accepts the tokens of the real sign-in (aud = the API resource, azp = the app)', async () => {
    const { tokens } = await flows.signInWithTokens();
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.aud).toBe(`urn:${server.config.productKey}:api`);
    expect(claims.azp).toBe(CLIENT);
    expect((await me(tokens.access_token)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { accessTokenFor, organizationIds } from '../../test/tokens.ts';
import { memberships, users } from '../db/schema.ts';
import { expectLocation, formAction } from '../identity/oidc-test-browser.ts';
import { createSignInFlows } from '../identity/oidc-test-flows.ts';

/**
 * Each process keeps verified tokens, sessions and callers in memory. A change made through one
 * process (removing a member, signing out) must reach the caches of the others through the event
 * bus (LISTEN/NOTIFY): two servers on one PostgreSQL database, as behind a load balancer.
 */
describe.runIf(process.env.DATABASE_URL)('the auth cache across processes (PostgreSQL)', () => {
  let a: TestServer;
  let b: TestServer;
  let demo: string;
  let adminToken: string;

  beforeAll(async () => {
    a = await startTestServer();
    // Same issuer as `a` (one public address behind a load balancer), same keys (in the database).
    b = await startTestServer({ PUBLIC_URL: a.url });
    demo = (await organizationIds(a))['Demo Company']!;
    adminToken = await accessTokenFor(a, 'admin@demo.test');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const profile = (server: TestServer, token: string) =>
    fetch(`${server.url}/api/users/organization/profile`, {
      headers: { authorization: `Bearer ${token}`, organization: demo },
    }).then((res) => res.status);

  it('refuses in one process a member removed through another, though its cache was warm', async () => {
    const email = `moved-on-${Date.now()}@demo.test`;
    const [user] = await a.database.db.insert(users).values({ email, username: email }).returning();
    await a.database.db.insert(memberships).values({ organizationId: demo, userId: user!.id });
    const token = await accessTokenFor(a, email);
    expect(await profile(b, token)).toBe(200);
    expect(await profile(b, token)).toBe(200);

    const removal = await fetch(`${a.url}/api/users/organization/users/${user!.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adminToken}`, organization: demo },
    });
    expect(removal.status).toBe(200);
    // NOTIFY is delivered after the commit: milliseconds, not the cache's 30 s.
    await expect.poll(() => profile(b, token), { timeout: 2_000, interval: 20 }).toBe(403);
  });

  it('refuses in one process the tokens of a session signed out through another', async () => {
    const flows = createSignInFlows(a.url);
    const { browser, tokens } = await flows.signInWithTokens();
    expect(await profile(b, tokens.access_token)).toBe(200);
    expect(await profile(b, tokens.access_token)).toBe(200);

    const params = new URLSearchParams({
      client_id: 'counterpart_recon',
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${a.url}/`,
    });
    const page = await browser.fetch(`${flows.realm}/protocol/openid-connect/logout?${params}`);
    const html = await page.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expectLocation(await browser.postForm(formAction(html), { xsrf, logout: 'yes' }));

    expect(await profile(a, tokens.access_token)).toBe(401);
    await expect.poll(() => profile(b, tokens.access_token), { timeout: 2_000, interval: 20 }).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { users } from '../db/schema.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../db/seed.ts';
import { expectLocation, formAction, pkcePair, TestBrowser } from './oidc-test-browser.ts';
import { hashPassword } from './passwords.ts';

let server: TestServer;
let max: number;
/** A user of this file alone: locking the demo viewer would lock the other test files out (they share PostgreSQL in CI). */
const lockable = `lockable-${randomUUID()}@demo.test`;
/** Client addresses of this run only, for the same reason. */
const net = `10.${20 + Math.floor(Math.random() * 230)}`;

beforeAll(async () => {
  server = await startTestServer();
  max = server.config.loginMaxFailures;
  await server.database.db
    .insert(users)
    .values({ email: lockable, username: lockable, passwordHash: await hashPassword(DEMO_PASSWORD) });
});
afterAll(() => server?.close());

/** A browser on the sign-in page of a new authorization request. */
async function loginPage() {
  const browser = new TestBrowser(server.url);
  const params = new URLSearchParams({
    client_id: 'counterpart_recon',
    redirect_uri: `${server.url}/`,
    response_type: 'code',
    scope: 'openid',
    state: randomUUID(),
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
  });
  const start = await browser.fetch(`${server.url}/realms/production/protocol/openid-connect/auth?${params}`);
  const page = await browser.fetch(expectLocation(start));
  const action = formAction(await page.text());
  const attempt = (email: string, password: string, address: string) =>
    browser.postForm(action, { email, password }, { 'x-forwarded-for': address });
  return { attempt };
}

describe('sign-in rate limiting', () => {
  it('locks an e-mail after the allowed failures, from any address, even with the right password', async () => {
    const { attempt } = await loginPage();
    for (let i = 0; i < max; i++) {
      const failed = await attempt(lockable, 'wrong-password', `${net}.10.${i}`);
      expect(await failed.text()).toContain('Invalid email or password.');
    }
    const locked = await attempt(lockable, DEMO_PASSWORD, `${net}.11.1`);
    expect(locked.status).toBe(429);
    const html = await locked.text();
    expect(html).toContain('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(html).toContain(`value="${lockable}"`);
  });

  it('locks a client address after the allowed failures, whatever the e-mail', async () => {
    const { attempt } = await loginPage();
    for (let i = 0; i < max; i++) {
      const failed = await attempt(`nobody-${i}-${randomUUID()}@demo.test`, 'wrong-password', `${net}.20.1`);
      expect(failed.status).toBe(200);
    }
    const locked = await attempt(DEMO_USERS.admin, DEMO_PASSWORD, `${net}.20.1`);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Too many failed sign-in attempts\. Try again in \d+ minutes\./);
    const elsewhere = await attempt(DEMO_USERS.admin, DEMO_PASSWORD, `${net}.20.2`);
    expect(elsewhere.status).toBe(303);
  });

  it('resets the count after a successful sign-in', async () => {
    for (let round = 0; round < 2; round++) {
      const { attempt } = await loginPage();
      for (let i = 0; i < max - 1; i++) await attempt(DEMO_USERS.admin, 'wrong-password', `${net}.30.1`);
      const success = await attempt(DEMO_USERS.admin, DEMO_PASSWORD, `${net}.30.1`);
      expect(success.status).toBe(303);
    }
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const { attempt } = await loginPage();
    const unknown = await (await attempt('nobody@demo.test', DEMO_PASSWORD, `${net}.40.1`)).text();
    const wrong = await (await attempt(DEMO_USERS.admin, 'wrong-password', `${net}.40.1`)).text();
    const withoutEmail = (html: string) => html.replace(/value="[^"]*"/, '');
    expect(withoutEmail(unknown)).toBe(withoutEmail(wrong));
    expect(unknown).toContain('Invalid email or password.');
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { signInLockouts, users } from '../db/schema.ts';
import { expectLocation, formAction, pkcePair, TestBrowser } from './oidc-test-browser.ts';
import { hashPassword } from './passwords.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed.ts';

let server: TestServer;
let max: number;
let addressMax: number;
/**
 * Small brute-force settings so a pause ends within the test: 3 failures per account, waits of
 * 1.5 s growing by 1.5 s, 6 failures per address. Quick Login Check off here (the loops below fail
 * at machine speed on purpose); account-lockout.test.ts covers it.
 */
const LIMITS = {
  LOGIN_MAX_FAILURES: '3',
  LOGIN_WAIT_INCREMENT_SECONDS: '1.5',
  LOGIN_QUICK_CHECK_MS: '0',
  LOGIN_ADDRESS_MAX_FAILURES: '6',
};
const INCREMENT_MS = 1500;
/** A user of this file alone: locking the demo viewer would lock the other test files out (they share PostgreSQL in CI). */
const lockable = `lockable-${randomUUID()}@demo.test`;
const backedOff = `backed-off-${randomUUID()}@demo.test`;
/** Client addresses of this run only, for the same reason. */
const net = `10.${20 + Math.floor(Math.random() * 230)}`;

beforeAll(async () => {
  server = await startTestServer(LIMITS);
  max = server.config.loginMaxFailures;
  addressMax = server.config.bruteForce.addressMaxFailures;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const email of [lockable, backedOff]) {
    await server.database.db.insert(users).values({ email, username: email, passwordHash });
  }
});
afterAll(() => server?.close());

/** A browser on the sign-in page of a new authorization request. */
async function loginPage(target: TestServer = server) {
  const browser = new TestBrowser(target.url);
  const params = new URLSearchParams({
    client_id: 'counterpart_recon',
    redirect_uri: `${target.url}/`,
    response_type: 'code',
    scope: 'openid',
    state: randomUUID(),
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
  });
  const start = await browser.fetch(`${target.url}/realms/production/protocol/openid-connect/auth?${params}`);
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
    expect(html).toMatch(/Too many failed sign-in attempts\. Try again in [12] seconds?\./);
    expect(html).toContain(`value="${lockable}"`);
  });

  it('locks a client address after the allowed failures, whatever the e-mail', async () => {
    const { attempt } = await loginPage();
    for (let i = 0; i < addressMax; i++) {
      const failed = await attempt(`nobody-${i}-${randomUUID()}@demo.test`, 'wrong-password', `${net}.20.1`);
      expect(failed.status).toBe(200);
    }
    const locked = await attempt(DEMO_USERS.admin, DEMO_PASSWORD, `${net}.20.1`);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain('Too many failed sign-in attempts. Try again in 15 minutes.');
    const elsewhere = await attempt(DEMO_USERS.admin, DEMO_PASSWORD, `${net}.20.2`);
    expect(elsewhere.status).toBe(303);
  });

  it("keeps counting an address's failures when another account signs in from it", async () => {
    const { attempt } = await loginPage();
    const address = `${net}.50.1`;
    for (let i = 0; i < addressMax - 1; i++) {
      await attempt(`guess-${i}-${randomUUID()}@demo.test`, 'wrong-password', address);
    }
    expect((await attempt(DEMO_USERS.admin, DEMO_PASSWORD, address)).status).toBe(303);
    const again = await loginPage();
    await again.attempt(`guess-last-${randomUUID()}@demo.test`, 'wrong-password', address);
    expect((await again.attempt(DEMO_USERS.admin, DEMO_PASSWORD, address)).status).toBe(429);
  });

  it('unlocks an account once its wait is over, and the waits grow while the failures go on', async () => {
    const { attempt } = await loginPage();
    const waitOf = async () => {
      const [row] = await server.database.db
        .select()
        .from(signInLockouts)
        .where(eq(signInLockouts.email, backedOff));
      return row?.lockedUntil ? row.lockedUntil.getTime() - row.lastFailureAt.getTime() : 0;
    };
    const untilUnlocked = async () => {
      const [row] = await server.database.db
        .select()
        .from(signInLockouts)
        .where(eq(signInLockouts.email, backedOff));
      const left = (row?.lockedUntil?.getTime() ?? 0) - Date.now();
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left + 50));
    };
    const waits: number[] = [];
    for (let i = 0; i < 2 * max; i++) {
      await untilUnlocked();
      const failed = await attempt(backedOff, 'wrong-password', `${net}.60.${i}`);
      expect(await failed.text()).toContain('Invalid email or password.');
      waits.push(await waitOf());
    }
    // Keycloak: Wait Increment × ⌊failures ÷ Max Login Failures⌋.
    expect(waits).toEqual([0, 0, INCREMENT_MS, INCREMENT_MS, INCREMENT_MS, 2 * INCREMENT_MS]);
    const paused = await attempt(backedOff, DEMO_PASSWORD, `${net}.61.1`);
    expect(paused.status).toBe(429);
    expect(await paused.text()).toMatch(/Try again in [1-3] seconds?\./);
    await untilUnlocked();
    expect((await attempt(backedOff, DEMO_PASSWORD, `${net}.61.1`)).status).toBe(303);
    expect(await waitOf()).toBe(0);
  }, 60_000);

  describe('without TRUST_PROXY (the default)', () => {
    let direct: TestServer;
    /** Every attempt counts against this machine's own address: start it afresh (CI shares PostgreSQL). */
    const clear = () => direct.database.query("delete from login_failures where key like 'ip:%127.0.0.1'");
    beforeAll(async () => {
      direct = await startTestServer({ ...LIMITS, TRUST_PROXY: '' });
      await clear();
    });
    afterAll(async () => {
      await clear();
      await direct?.close();
    });

    it('believes no X-Forwarded-For: a new header per attempt does not get past the limit', async () => {
      const { attempt } = await loginPage(direct);
      for (let i = 0; i < addressMax; i++) {
        const failed = await attempt(
          `spoof-${i}-${randomUUID()}@demo.test`,
          'wrong-password',
          `${net}.70.${i}`,
        );
        expect(failed.status).toBe(200);
      }
      const locked = await attempt(DEMO_USERS.admin, DEMO_PASSWORD, `${net}.71.1`);
      expect(locked.status).toBe(429);
    }, 60_000);
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

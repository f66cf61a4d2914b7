import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '@counterpart/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestMember, createTestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { passwordResets, users } from '../../db/schema.ts';
import { expectLocation } from '../../identity/oidc-test-browser.ts';
import { createSignInFlows } from '../../identity/oidc-test-flows.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { countEmails, createPublicCall, uniqueEmail, waitForEmail } from './onboarding-test-support.ts';

let server: TestServer;
let guest: ReturnType<typeof createPublicCall>;
const OLD_PASSWORD = 'Old-Password-1';
const NEW_PASSWORD = 'New-Password-2';

beforeAll(async () => {
  server = await startTestServer();
  guest = createPublicCall(server);
});
afterAll(() => server?.close());

/** A user of this test alone, with OLD_PASSWORD. */
async function createUser() {
  const org = await createTestOrganization(server, 'Reset');
  const member = await addTestMember(server, org);
  await server.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(OLD_PASSWORD) })
    .where(eq(users.id, member.id));
  return member;
}

/** Asks for a reset link for `email` and returns the link's token from the e-mail. */
async function requestLink(email: string) {
  const seen = await countEmails(server, email);
  const answer = await guest('POST', '/api/users/onboarding/forgot-password', { email });
  expect(answer).toEqual({ status: 202, body: { message: FORGOT_PASSWORD_ANSWER } });
  return (await waitForEmail(server, email, 'Reset your Counterpart password', seen)).token;
}

/** True when the sign-in page accepts the password (it redirects back to the app). */
async function signsIn(email: string, password: string) {
  const flows = createSignInFlows(server.url);
  const browser = flows.newBrowser();
  const login = await flows.openLoginPage(browser);
  const submitted = await browser.postForm(login.action, { email, password });
  if (submitted.status !== 302 && submitted.status !== 303) return false;
  const next = await browser.fetch(expectLocation(submitted));
  return expectLocation(next).startsWith(`${server.url}/dashboard`);
}

describe('forgot and reset password', () => {
  it('e-mails a link whose new password works, and the old one no longer does', async () => {
    const user = await createUser();
    const token = await requestLink(user.email);
    const reset = await guest('POST', '/api/users/onboarding/reset-password', {
      token,
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect(await signsIn(user.email, NEW_PASSWORD)).toBe(true);
    expect(await signsIn(user.email, OLD_PASSWORD)).toBe(false);
  });

  it('ends the sessions signed in with the old password, and lifts a sign-in lock-out', async () => {
    const user = await createUser();
    const flows = createSignInFlows(server.url);
    const { browser, tokens } = await flows.signInWithTokens(user.email, OLD_PASSWORD);
    const refresh = (refreshToken: string) =>
      flows.tokenRequest(browser, { grant_type: 'refresh_token', refresh_token: refreshToken });
    const renewed = await refresh(tokens.refresh_token);
    expect(renewed.status).toBe(200);
    const { refresh_token } = (await renewed.json()) as { refresh_token: string };
    for (let i = 0; i < server.config.loginMaxFailures; i++) await signsIn(user.email, 'Wrong-Password-9');

    const token = await requestLink(user.email);
    expect(
      (await guest('POST', '/api/users/onboarding/reset-password', { token, password: NEW_PASSWORD })).status,
    ).toBe(200);
    expect((await refresh(refresh_token)).status).toBe(400);
    expect(await signsIn(user.email, NEW_PASSWORD)).toBe(true);
  });

  it('answers the same for an unknown e-mail, and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const answer = await guest('POST', '/api/users/onboarding/forgot-password', { email: unknown });
    expect(answer).toEqual({ status: 202, body: { message: FORGOT_PASSWORD_ANSWER } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await countEmails(server, unknown)).toBe(0);
  });

  it('refuses a reused link', async () => {
    const user = await createUser();
    const token = await requestLink(user.email);
    const body = { token, password: NEW_PASSWORD };
    expect((await guest('POST', '/api/users/onboarding/reset-password', body)).status).toBe(200);
    const again = await guest('POST', '/api/users/onboarding/reset-password', {
      token,
      password: 'Third-Password-3',
    });
    expect(again).toEqual({ status: 400, body: { message: RESET_LINK_INVALID } });
    expect(await signsIn(user.email, NEW_PASSWORD)).toBe(true);
  });

  it('refuses an expired link and keeps the old password', async () => {
    const user = await createUser();
    const token = await requestLink(user.email);
    await server.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const late = await guest('POST', '/api/users/onboarding/reset-password', {
      token,
      password: NEW_PASSWORD,
    });
    expect(late).toEqual({ status: 400, body: { message: RESET_LINK_INVALID } });
    expect(await signsIn(user.email, OLD_PASSWORD)).toBe(true);
  });

  it("using one link kills the user's other links", async () => {
    const user = await createUser();
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect(second).not.toBe(first);
    expect(
      (await guest('POST', '/api/users/onboarding/reset-password', { token: second, password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
    const older = await guest('POST', '/api/users/onboarding/reset-password', {
      token: first,
      password: OLD_PASSWORD,
    });
    expect(older.status).toBe(400);
  });

  it('checks the new password like sign-up does', async () => {
    const weak = await guest('POST', '/api/users/onboarding/reset-password', {
      token: 'abc',
      password: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.details.password).toBe('Use at least 10 characters');
  });

  it('limits requests for one e-mail, from any address', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await guest('POST', '/api/users/onboarding/forgot-password', { email })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

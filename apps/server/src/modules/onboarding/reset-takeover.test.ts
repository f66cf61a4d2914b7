import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { createSignInFlows } from '../../identity/oidc-test-flows.ts';
import { createPublicCall, uniqueEmail, waitForEmail } from './onboarding-test-support.ts';

/**
 * The cross-organization takeover of issue 16, played through the real routes with no SMTP_URL:
 * an attacker signs a company up, invites a user of another organization, asks for that user's
 * password reset and looks for the link in their own outbox. It must not be there.
 */
let server: TestServer;
let guest: ReturnType<typeof createPublicCall>;
let call: ReturnType<typeof createApiCall>;
const VICTIM_PASSWORD = 'Victim-Own-Password-1';
const ATTACKER_PASSWORD = 'Attacker-Password-1';

beforeAll(async () => {
  server = await startTestServer();
  guest = createPublicCall(server);
  call = createApiCall(server);
});
afterAll(() => server?.close());

/** Signs a company up through the public route and signs its founder in (the real OIDC flow). */
async function founder(label: string, password: string) {
  const email = uniqueEmail(label.toLowerCase());
  const created = await guest('POST', '/api/users/onboarding/signup', {
    organization_name: `${label} Ltd`,
    full_name: label,
    email,
    password,
  });
  expect(created.status).toBe(202);
  const { tokens } = await createSignInFlows(server.url).signInWithTokens(email, password);
  const me = await call('GET', '/api/users/me', tokens.access_token, null);
  const organizationId = me.body.organizations[0].id as string;
  return { email, organizationId, token: tokens.access_token };
}

const resetLinks = (page: Json, to: string) =>
  (page.data as { to_address: string; text_body: string }[]).filter(
    (m) => m.to_address === to && m.text_body.includes('/auth/reset-password'),
  );

describe('a reset link is never readable by an admin of another of the user’s organizations', () => {
  it('an attacker who invites a user into their organization cannot take the account over', async () => {
    const victim = await founder('Victim', VICTIM_PASSWORD);
    const attacker = await founder('Attacker', ATTACKER_PASSWORD);

    // The attacker invites the victim, who accepts while signed in (their own e-mail's link).
    const invited = await call(
      'POST',
      '/api/users/organization/users/invite',
      attacker.token,
      attacker.organizationId,
      { email: victim.email, group_ids: [] },
    );
    expect(invited.status).toBe(201);
    const invite = await waitForEmail(server, victim.email, 'You are invited');
    const accepted = await guest(
      'POST',
      '/api/users/organization/users/invite/accept',
      { token: invite.token },
      { authorization: `Bearer ${victim.token}` },
    );
    expect(accepted.status).toBe(200);

    // The attacker asks for the victim's reset and reads their own outbox.
    const asked = await guest('POST', '/api/users/onboarding/forgot-password', { email: victim.email });
    expect(asked.status).toBe(202);
    const reset = await waitForEmail(server, victim.email, 'Reset your Counterpart password');
    const outbox = await call(
      'GET',
      '/api/users/organization/outbox?page_size=100',
      attacker.token,
      attacker.organizationId,
    );
    expect(outbox.status).toBe(200);
    expect(resetLinks(outbox.body, victim.email)).toEqual([]);
    expect(JSON.stringify(outbox.body)).not.toContain(reset.token);

    // Nor does the victim's own organization's admin (the victim) see it there: the link is the
    // operator's (`npm run outbox`) until SMTP delivers it to its owner.
    const own = await call(
      'GET',
      '/api/users/organization/outbox?page_size=100',
      victim.token,
      victim.organizationId,
    );
    expect(resetLinks(own.body, victim.email)).toEqual([]);

    // The victim's password still works.
    const { tokens } = await createSignInFlows(server.url).signInWithTokens(victim.email, VICTIM_PASSWORD);
    expect(tokens.access_token).toBeTruthy();
  });

  it('an admin still reads the reset link of a member who belongs to their organization only', async () => {
    const admin = await founder('Solo', ATTACKER_PASSWORD);
    const asked = await guest('POST', '/api/users/onboarding/forgot-password', { email: admin.email });
    expect(asked.status).toBe(202);
    await waitForEmail(server, admin.email, 'Reset your Counterpart password');
    const outbox = await call('GET', '/api/users/organization/outbox', admin.token, admin.organizationId);
    expect(resetLinks(outbox.body, admin.email)).toHaveLength(1);
  });
});

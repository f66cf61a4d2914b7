import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall } from '../../../test/api-call.ts';
import { addTestMember, createTestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { createPublicCall, uniqueEmail, waitForEmail } from '../onboarding/onboarding-test-support.ts';

const OUTBOX = '/api/users/organization/outbox';
let server: TestServer;
let call: ReturnType<typeof createApiCall>;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
});
afterAll(() => server?.close());

/** An organization with an admin, and an invite e-mail written for it. */
async function organizationWithInvite(target: TestServer = server) {
  const org = await createTestOrganization(target, 'Outbox');
  const admin = await addTestMember(target, org, { group: 'Administrators' });
  const token = await admin.token();
  const email = uniqueEmail('invitee');
  const api = createApiCall(target);
  const invited = await api('POST', '/api/users/organization/users/invite', token, org.id, {
    email,
    group_ids: [],
  });
  expect(invited.status).toBe(201);
  return { org, admin, token, email };
}

describe('GET /api/users/organization/outbox', () => {
  it("shows the organization's e-mails, newest first, with their bodies; not another organization's", async () => {
    const mine = await organizationWithInvite();
    const theirs = await organizationWithInvite();
    const page = await call('GET', `${OUTBOX}?page_size=50`, mine.token, mine.org.id);
    expect(page.status).toBe(200);
    expect(page.body.smtp_configured).toBe(false);
    expect(page.body.total).toBe(1);
    expect(page.body.data[0]).toMatchObject({ to_address: mine.email, sent_at: null, error: null });
    expect(page.body.data[0].text_body).toContain('/auth/accept-invite?token=');
    expect(JSON.stringify(page.body)).not.toContain(theirs.email);
  });

  it('needs settings-update: its bodies hold working links', async () => {
    const { org } = await organizationWithInvite();
    const viewer = await addTestMember(server, org, { group: 'Viewers' });
    const refused = await call('GET', OUTBOX, await viewer.token(), org.id);
    expect(refused.status).toBe(403);
  });

  it("without SMTP shows reset e-mails to the organization's members only", async () => {
    const { org, token } = await organizationWithInvite();
    const member = await addTestMember(server, org);
    const outsider = uniqueEmail('outsider');
    const stranger = await addTestMember(server, await createTestOrganization(server, 'Elsewhere'), {
      email: outsider,
    });
    const guest = createPublicCall(server);
    for (const email of [member.email, stranger.email]) {
      await guest('POST', '/api/users/onboarding/forgot-password', { email });
      await waitForEmail(server, email, 'Reset your Counterpart password');
    }
    const page = await call('GET', `${OUTBOX}?page_size=50`, token, org.id);
    const recipients = page.body.data.map((m: { to_address: string }) => m.to_address);
    expect(recipients).toContain(member.email);
    expect(recipients).not.toContain(outsider);
  });
});

describe('the outbox with SMTP_URL set', () => {
  let smtpServer: TestServer;
  beforeAll(async () => {
    // Nothing listens there: sending fails, and the outbox says why.
    smtpServer = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => smtpServer?.close());

  it('records delivery failures and hides reset e-mails (they go to the person only)', async () => {
    const { org, token, email } = await organizationWithInvite(smtpServer);
    const member = await addTestMember(smtpServer, org);
    await createPublicCall(smtpServer)('POST', '/api/users/onboarding/forgot-password', {
      email: member.email,
    });
    await waitForEmail(smtpServer, member.email, 'Reset your Counterpart password');
    const api = createApiCall(smtpServer);
    let page = await api('GET', OUTBOX, token, org.id);
    for (let i = 0; i < 50 && !page.body.data[0]?.error; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = await api('GET', OUTBOX, token, org.id);
    }
    expect(page.body.smtp_configured).toBe(true);
    expect(page.body.data.map((m: { to_address: string }) => m.to_address)).toEqual([email]);
    expect(page.body.data[0].error).toMatch(/ECONNREFUSED|connect/i);
  });
});

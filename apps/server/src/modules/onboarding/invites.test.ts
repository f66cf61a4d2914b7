import { INVITE_INVALID } from '@counterpart/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall } from '../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { auditLog, groupMembers, invites } from '../../db/schema.ts';
import { ACCOUNT_CREATED_COOKIE, hasAccountCreatedNotice } from '../../identity/account-notice.ts';
import { createSignInFlows } from '../../identity/oidc-test-flows.ts';
import { renderLoginPage } from '../../identity/provider/login-page.ts';
import { hashLinkToken } from './link-tokens.ts';
import { countEmails, createPublicCall, uniqueEmail, waitForEmail } from './onboarding-test-support.ts';

let server: TestServer;
let guest: ReturnType<typeof createPublicCall>;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let adminToken: string;
const INVITES = '/api/users/organization/users/invite';
const PASSWORD = 'Baobab-Shade-77';

beforeAll(async () => {
  server = await startTestServer();
  guest = createPublicCall(server);
  call = createApiCall(server);
  org = await createTestOrganization(server, 'Invites');
  adminToken = await (await addTestMember(server, org, { group: 'Administrators' })).token();
});
afterAll(() => server?.close());

/** Invites a new unique e-mail into `groupIds`; returns it with its link's token. */
async function invite(groupIds: string[] = [org.groups.Viewers], email = uniqueEmail('invitee')) {
  const seen = await countEmails(server, email);
  const created = await call('POST', INVITES, adminToken, org.id, { email, group_ids: groupIds });
  expect(created.status).toBe(201);
  const mail = await waitForEmail(server, email, 'You are invited', seen);
  return { id: created.body.id as string, email, token: mail.token, mail };
}

function accept(body: Record<string, unknown>, token?: string) {
  return guest('POST', `${INVITES}/accept`, body, token ? { authorization: `Bearer ${token}` } : {});
}

describe('creating, listing and revoking invites', () => {
  it('e-mails a single-use link to the invitee, lists it as pending and audits it', async () => {
    const { id, email, mail } = await invite();
    expect(mail.organizationId).toBe(org.id);
    expect(mail.textBody).toContain(`${server.url}/auth/accept-invite?token=`);
    expect(mail.textBody).toContain(org.name);
    expect(mail.textBody).toContain('7 days');
    const list = await call('GET', `${INVITES}?realm=production`, adminToken, org.id);
    expect(list.status).toBe(200);
    const listed = list.body.data.find((i: { id: string }) => i.id === id);
    expect(listed).toMatchObject({ email, groups: [{ id: org.groups.Viewers, name: 'Viewers' }] });
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action)).toEqual(['invite.created']);
    const [stored] = await server.database.db.select().from(invites).where(eq(invites.id, id));
    expect(stored?.tokenHash).toBe(hashLinkToken(mail.token));
  });

  it('refuses callers without team-users permission', async () => {
    const viewer = await addTestMember(server, org, { group: 'Viewers' });
    const token = await viewer.token();
    const created = await call('POST', INVITES, token, org.id, { email: uniqueEmail('x'), group_ids: [] });
    expect(created.status).toBe(403);
    expect((await call('GET', INVITES, token, org.id)).status).toBe(200);
    const { id } = await invite();
    expect((await call('DELETE', `${INVITES}/${id}`, token, org.id)).status).toBe(403);
  });

  it("refuses another organization's group, and lets nothing be sent", async () => {
    const other = await createTestOrganization(server, 'Foreign');
    const email = uniqueEmail('foreign');
    const created = await call('POST', INVITES, adminToken, org.id, {
      email,
      group_ids: [other.groups.Administrators],
    });
    expect(created.status).toBe(400);
    expect(created.body.details.group_ids).toBe('Unknown group');
    const { rows } = await server.database.query('select id from invites where email = $1', [email]);
    expect(rows).toEqual([]);
  });

  it('refuses to invite someone who is already a member', async () => {
    const member = await addTestMember(server, org);
    const again = await call('POST', INVITES, adminToken, org.id, {
      email: member.email.toUpperCase(),
      group_ids: [],
    });
    expect(again.status).toBe(409);
  });

  it("revokes: the link stops working; another organization's invite cannot be revoked", async () => {
    const { id, token } = await invite();
    const other = await createTestOrganization(server, 'Other');
    const otherAdmin = await (await addTestMember(server, other, { group: 'Administrators' })).token();
    expect((await call('DELETE', `${INVITES}/${id}`, otherAdmin, other.id)).status).toBe(404);
    expect((await call('DELETE', `${INVITES}/${id}`, adminToken, org.id)).status).toBe(204);
    const described = await guest('GET', `${INVITES}/describe?token=${token}`);
    expect(described).toEqual({ status: 404, body: { message: INVITE_INVALID } });
    expect((await accept({ token, full_name: 'Late', password: PASSWORD })).status).toBe(404);
    expect((await call('DELETE', `${INVITES}/${id}`, adminToken, org.id)).status).toBe(404);
  });
});

describe('accepting an invite', () => {
  it('leaves the sign-in page an "Account created" note when it made a new account (a cookie read once)', async () => {
    const { email, token } = await invite();
    const response = await fetch(`${server.url}${INVITES}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, full_name: 'Amani Wekesa', password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${ACCOUNT_CREATED_COOKIE}=1`);
    expect(cookie).toContain('HttpOnly');
    expect(hasAccountCreatedNotice(`other=2; ${cookie.split(';')[0]}`)).toBe(true);
    expect(hasAccountCreatedNotice('other=2')).toBe(false);
    const page = renderLoginPage({
      action: '/login-actions/x',
      email,
      error: null,
      appPath: '',
      assetsPath: '/assets',
      notice: 'Account created. Sign in with your new password.',
    });
    expect(page).toContain(
      '<p class="notice" role="status">Account created. Sign in with your new password.</p>',
    );
    expect(page).toContain(`value="${email}"`);
  });

  it('creates the account of a new e-mail, in the invited groups; the new user signs in', async () => {
    const { email, token } = await invite([org.groups.Reconcilers]);
    const described = await guest('GET', `${INVITES}/describe?token=${token}`);
    expect(described.body).toEqual({ organization_name: org.name, email, account_exists: false });
    const accepted = await accept({ token, full_name: 'Neema Achieng', password: PASSWORD });
    expect(accepted).toEqual({ status: 200, body: { organization_id: org.id, email } });

    const { tokens } = await createSignInFlows(server.url).signInWithTokens(email, PASSWORD);
    const me = await call('GET', '/api/users/me', tokens.access_token, null);
    const joined = me.body.organizations.find((o: { id: string }) => o.id === org.id);
    expect(joined.roles.recon).toContain('workflow-create');
    expect(joined.roles.management).not.toContain('organization-admin');
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.organizationId, org.id));
    expect(audit.some((a) => a.action === 'invite.accepted' && a.actorEmail === email)).toBe(true);
  });

  it('is single use: a second accept, even at the same time, is refused', async () => {
    const first = await invite();
    expect((await accept({ token: first.token, password: PASSWORD })).status).toBe(200);
    expect((await accept({ token: first.token, password: PASSWORD })).status).toBe(404);
    expect((await guest('GET', `${INVITES}/describe?token=${first.token}`)).status).toBe(404);

    const raced = await invite();
    const results = await Promise.all([
      accept({ token: raced.token, password: PASSWORD }),
      accept({ token: raced.token, password: PASSWORD }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
  });

  it('expires', async () => {
    const { id, token } = await invite();
    await server.database.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, id));
    expect((await guest('GET', `${INVITES}/describe?token=${token}`)).status).toBe(404);
    const late = await accept({ token, password: PASSWORD });
    expect(late).toEqual({ status: 404, body: { message: INVITE_INVALID } });
  });

  it('binds to its e-mail: an existing account must sign in as that e-mail, no one else can use it', async () => {
    const outside = await createTestOrganization(server, 'Home');
    const invitee = await addTestMember(server, outside);
    const stranger = await addTestMember(server, outside);
    const { token } = await invite([org.groups.Viewers], invitee.email);
    const described = await guest('GET', `${INVITES}/describe?token=${token}`);
    expect(described.body.account_exists).toBe(true);

    const withPassword = await accept({ token, password: PASSWORD });
    expect(withPassword.status).toBe(401);
    const asStranger = await accept({ token }, await stranger.token());
    expect(asStranger.status).toBe(403);
    expect(asStranger.body.message).toContain(invitee.email);

    const asInvitee = await accept({ token }, await invitee.token());
    expect(asInvitee).toEqual({ status: 200, body: { organization_id: org.id, email: invitee.email } });
    const rows = await server.database.db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.userId, invitee.id));
    expect(rows.map((r) => r.groupId)).toEqual([org.groups.Viewers]);
    const profile = await call('GET', '/api/users/organization/profile', await invitee.token(), org.id);
    expect(profile.status).toBe(200);
  });

  it('asks a new e-mail for a password, and refuses unknown tokens with the one message', async () => {
    const { token } = await invite();
    const noPassword = await accept({ token, full_name: 'No Password' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.details.password).toBe('Choose a password');
    const unknown = await accept({ token: 'x'.repeat(43), password: PASSWORD });
    expect(unknown).toEqual({ status: 404, body: { message: INVITE_INVALID } });
  });

  it('replaces a pending invite to the same e-mail: only the newest link works', async () => {
    const first = await invite();
    const second = await invite([org.groups.Viewers], first.email);
    expect((await guest('GET', `${INVITES}/describe?token=${first.token}`)).status).toBe(404);
    expect((await guest('GET', `${INVITES}/describe?token=${second.token}`)).status).toBe(200);
  });
});

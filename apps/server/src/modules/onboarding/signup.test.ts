import { SIGNUP_ANSWER } from '@counterpart/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall } from '../../../test/api-call.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { auditLog, groups } from '../../db/schema.ts';
import { createSignInFlows } from '../../identity/oidc-test-flows.ts';
import { createPublicCall, randomAddress, uniqueEmail, waitForMail } from './onboarding-test-support.ts';

let server: TestServer;
let guest: ReturnType<typeof createPublicCall>;
let call: ReturnType<typeof createApiCall>;
const PASSWORD = 'Mango-Tree-2026';

beforeAll(async () => {
  server = await startTestServer();
  guest = createPublicCall(server);
  call = createApiCall(server);
});
afterAll(() => server?.close());

function signup(overrides: Record<string, unknown> = {}) {
  return guest('POST', '/api/users/onboarding/signup', {
    organization_name: 'Acacia Traders',
    full_name: 'Wanjiru Kamau',
    email: uniqueEmail('founder'),
    password: PASSWORD,
    ...overrides,
  });
}

describe('POST /api/users/onboarding/signup', () => {
  it('makes a working organization: its admin signs in through the real flow and runs it', async () => {
    const email = uniqueEmail('founder');
    const created = await signup({ email, organization_name: 'Acacia Traders' });
    expect(created).toEqual({ status: 202, body: { message: SIGNUP_ANSWER } });

    const { tokens } = await createSignInFlows(server.url).signInWithTokens(email, PASSWORD);
    const me = await call('GET', '/api/users/me', tokens.access_token, null);
    expect(me.status).toBe(200);
    expect(me.body.full_name).toBe('Wanjiru Kamau');
    expect(me.body.organizations).toHaveLength(1);
    const [org] = me.body.organizations;
    const orgId = org.id as string;
    expect(org.name).toBe('Acacia Traders');
    expect(org.roles.management).toContain('organization-admin');

    const profile = await call('GET', '/api/users/organization/profile', tokens.access_token, orgId);
    expect(profile.status).toBe(200);
    expect(profile.body.member_count).toBe(1);
    const names = await server.database.db.select().from(groups).where(eq(groups.organizationId, orgId));
    expect(names.map((g) => g.name).sort()).toEqual(['Administrators', 'Reconcilers', 'Viewers']);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.organizationId, orgId));
    expect(audit).toEqual([expect.objectContaining({ action: 'organization.created', actorEmail: email })]);
  });

  it('answers a taken e-mail exactly like a new one, e-mails that account and creates nothing', async () => {
    const email = uniqueEmail('twice');
    const first = await signup({ email });
    const again = await signup({ email: email.toUpperCase(), organization_name: 'Second Try Ltd' });
    expect(again).toEqual(first);
    expect(again).toEqual({ status: 202, body: { message: SIGNUP_ANSWER } });

    const notice = await waitForMail(server, email, 'Someone tried to sign up');
    expect(notice.organizationId).toBeNull();
    expect(notice.textBody).toContain(`${server.url}/auth/forgot-password`);
    expect(notice.textBody).toContain('Nothing was created or changed.');
    const { rows } = await server.database.query(
      "select id from organizations where name = 'Second Try Ltd'",
      [],
    );
    expect(rows).toEqual([]);
    const accounts = await server.database.query('select id from users where lower(email) = $1', [email]);
    expect(accounts.rows).toHaveLength(1);
    // The account keeps its password: the second sign-up's is not the one that works.
    const { tokens } = await createSignInFlows(server.url).signInWithTokens(email, PASSWORD);
    expect(tokens.access_token).toBeTruthy();
  });

  it('explains each bad field: short or one-kind passwords, a missing name, a bad e-mail', async () => {
    const short = await signup({ password: 'Ab1' });
    expect(short.status).toBe(400);
    expect(short.body.details.password).toBe('Use at least 10 characters');
    const oneKind = await signup({ password: 'onlylowercaseletters' });
    expect(oneKind.body.details.password).toMatch(/Mix at least two kinds/);
    const noName = await signup({ organization_name: '  ', email: 'not-an-email' });
    expect(noName.body.details.organization_name).toBe('Enter the name of your company');
    expect(noName.body.details.email).toBe('Enter a valid e-mail address');
  });

  it('is rate limited per client address', async () => {
    const address = { 'x-forwarded-for': randomAddress() };
    const attempt = () =>
      guest(
        'POST',
        '/api/users/onboarding/signup',
        { organization_name: 'Spam Co', full_name: 'S', email: uniqueEmail('spam'), password: PASSWORD },
        address,
      );
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await attempt()).status);
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('is not offered with a company Keycloak: it owns the accounts', async () => {
    const external = await startTestServer({ OIDC_URL: server.url, SEED_DEMO: 'false' });
    try {
      const refused = await createPublicCall(external)('POST', '/api/users/onboarding/signup', {
        organization_name: 'Elsewhere Ltd',
        full_name: 'E',
        email: uniqueEmail('external'),
        password: PASSWORD,
      });
      // No such route there: the API asks for a token, as for any unknown path.
      expect(refused.status).toBe(401);
      const { rows } = await external.database.query(
        "select id from organizations where name = 'Elsewhere Ltd'",
        [],
      );
      expect(rows).toEqual([]);
    } finally {
      await external.close();
    }
  });
});

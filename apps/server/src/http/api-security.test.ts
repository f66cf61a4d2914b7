import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { accessTokenFor, organizationIds } from '../../test/tokens.ts';
import { memberships, users } from '../db/schema.ts';

let server: TestServer;
let orgs: Record<string, string>;
let adminToken: string;
let viewerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  orgs = await organizationIds(server);
  adminToken = await accessTokenFor(server, 'admin@demo.test');
  viewerToken = await accessTokenFor(server, 'viewer@demo.test');
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field below
type Json = any;
const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, { headers });
  const text = await res.text();
  const body: Json = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
  return { status: res.status, headers: res.headers, body };
};
const bearer = (token: string, organization?: string) => ({
  authorization: `Bearer ${token}`,
  ...(organization ? { organization } : {}),
});

describe('health', () => {
  it('answers liveness without a token', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('reports readiness with the database it reached', async () => {
    const res = await get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: server.database.kind });
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the contracts', async () => {
    const res = await get('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/users/me', '/api/users/organization/profile', '/realms/production/orgs']),
    );
    expect(Object.keys(doc.paths).filter((p) => p.includes('{*}') || p.includes('login-actions'))).toEqual(
      [],
    );
  });

  it('serves a readable reference page', async () => {
    const res = await get('/api/docs/', { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.body).toContain('swagger');
  });
});

describe('bearer tokens', () => {
  it('refuses a request without a token with a JSON message', async () => {
    const res = await get('/api/users/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.stringContaining('Missing Authorization header') });
  });

  it('refuses a malformed Authorization header', async () => {
    const res = await get('/api/users/me', { authorization: 'Basic abc' });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/Malformed Authorization header/);
  });

  it('refuses a token that is not signed by the provider', async () => {
    const [head, body] = adminToken.split('.');
    const res = await get('/api/users/me', bearer(`${head}.${body}.${'A'.repeat(342)}`));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid token');
  });

  it('refuses an expired token', async () => {
    const expired = await accessTokenFor(server, 'admin@demo.test', {
      expiresIn: Math.floor(Date.now() / 1000) - 60,
    });
    const res = await get('/api/users/me', bearer(expired));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Token expired');
  });

  it('returns the signed-in user with each organization and its roles', async () => {
    const res = await get('/api/users/me', bearer(adminToken));
    expect(res.status).toBe(200);
    const me = res.body;
    expect(me.email).toBe('admin@demo.test');
    expect(me.organizations.map((o: { name: string }) => o.name)).toEqual(['Demo Company', 'Second Branch']);
    expect(me.organizations[0].roles.management).toContain('organization-admin');
  });
});

describe('organizations', () => {
  it('returns the current organization profile with its theme attributes', async () => {
    const res = await get('/api/users/organization/profile', bearer(viewerToken, orgs['Demo Company']));
    expect(res.status).toBe(200);
    const profile = res.body;
    expect(profile).toMatchObject({
      company_id: orgs['Demo Company'],
      name: 'Demo Company',
      member_count: 2,
    });
    expect(profile.attributes.primary_color).toEqual(['#40ba58']);
  });

  it('asks for the Organization header on organization routes', async () => {
    const res = await get('/api/users/organization/profile', bearer(viewerToken));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Organization header/);
  });

  it('refuses an Organization header that the token does not hold', async () => {
    const res = await get('/api/users/organization/profile', bearer(viewerToken, orgs['Second Branch']));
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/do not belong/);
  });

  it('keeps another organization invisible even to a token that claims it', async () => {
    const branch = orgs['Second Branch']!;
    const forged = await accessTokenFor(server, 'viewer@demo.test', {
      organization: { [branch]: { name: 'Second Branch', attributes: {}, roles: {} } },
    });
    const res = await get('/api/users/organization/profile', bearer(forged, branch));
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/no longer a member/);
  });

  it('refuses a removed member at once, even with a token issued before the removal', async () => {
    const email = `leaver-${Date.now()}@demo.test`;
    const demo = orgs['Demo Company']!;
    const [user] = await server.database.db.insert(users).values({ email, username: email }).returning();
    await server.database.db.insert(memberships).values({ organizationId: demo, userId: user!.id });
    const token = await accessTokenFor(server, email);
    // Twice: the second answer comes from the warm auth cache.
    expect((await get('/api/users/organization/profile', bearer(token, demo))).status).toBe(200);
    expect((await get('/api/users/organization/profile', bearer(token, demo))).status).toBe(200);

    // Removed the way an administrator does it (a team change, which tells every process's cache).
    const removal = await fetch(`${server.url}/api/users/organization/users/${user!.id}`, {
      method: 'DELETE',
      headers: bearer(adminToken, demo),
    });
    expect(removal.status).toBe(200);
    const res = await get('/api/users/organization/profile', bearer(token, demo));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You are no longer a member of this organization');

    await server.database.db.delete(users).where(eq(users.id, user!.id));
    const gone = await get('/api/users/me', bearer(token));
    expect(gone.status).toBe(401);
    expect(gone.body.message).toBe('Your account no longer exists');
  });

  it('refuses an unknown organization id', async () => {
    const res = await get(
      '/api/users/organization/profile',
      bearer(adminToken, '00000000-0000-4000-8000-000000000000'),
    );
    expect(res.status).toBe(403);
  });
});

describe('request bodies', () => {
  it('refuses a body over the limit with 413', async () => {
    const res = await fetch(`${server.url}/api/users/me`, {
      method: 'POST',
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(server.config.bodyLimit + 1) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Json).message).toBe('Request body is too large');
  });
});

describe('response headers', () => {
  it('sets a strict content security policy and no-sniff on every response', async () => {
    const res = await get('/healthz');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/nothing-here', bearer(adminToken));
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No route/);
  });
});

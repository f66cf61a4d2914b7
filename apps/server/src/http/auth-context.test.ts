import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { accessTokenFor, organizationIds } from '../../test/tokens.ts';
import { buildApp } from '../app.ts';
import { requirePermission } from './auth-context.ts';

/**
 * requirePermission is what every module route calls: the same can() as the web app, against the
 * roles the database grants in the organization named by the Organization header.
 */
let server: TestServer;
let app: FastifyInstance;
let orgs: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  orgs = await organizationIds(server);
  app = await buildApp(server.config, { database: server.database, serveWeb: false });
  app.post('/api/probe/workflows', async (request) => {
    requirePermission(request, 'create', 'workflow');
    return { created: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await server.close();
});

async function createWorkflowAs(email: string, organization: string | undefined) {
  const token = await accessTokenFor(server, email);
  const response = await app.inject({
    method: 'POST',
    url: '/api/probe/workflows',
    headers: { authorization: `Bearer ${token}`, ...(organization ? { organization } : {}) },
  });
  return { status: response.statusCode, body: response.json() as { message?: string; created?: boolean } };
}

describe('requirePermission', () => {
  it('lets an organization-admin create', async () => {
    expect(await createWorkflowAs('admin@demo.test', orgs['Demo Company'])).toEqual({
      status: 200,
      body: { created: true },
    });
  });

  it('refuses a viewer, naming the missing permission', async () => {
    const res = await createWorkflowAs('viewer@demo.test', orgs['Demo Company']);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You need the workflow-create permission in this organization');
  });

  it('needs an organization to check against', async () => {
    const res = await createWorkflowAs('admin@demo.test', undefined);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Missing Organization header/);
  });
});

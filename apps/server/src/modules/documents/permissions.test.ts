import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import {
  createPermissionCast,
  type PermissionCast,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { DROP_BOX, PARSER, upload, waitForDocument } from './documents-test-support.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let tokens: PermissionCast['tokens'];
let documentId: string;
const csv = `Reference,Amount\nPERM-${Date.now()},10\n`;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  ({ org, otherOrg, tokens } = await createPermissionCast(server, 'Documents permissions'));
  const res = await upload(server, tokens.admin, org.id, [{ name: 'payments.csv', bytes: csv }]);
  documentId = res.body.data[0].id;
  expect((await waitForDocument(server, tokens.admin, org.id, documentId)).status).toBe('processed');
});
afterAll(() => server.close());

const asAdmin = (method: string, path: string) => call(method, path, tokens.admin, org.id);

/** The document, its parsed rows, its file, the list and the organization's export notifications. */
async function snapshot(): Promise<Json> {
  const document = await asAdmin('GET', `${DROP_BOX}/${documentId}`);
  expect(document.status).toBe(200);
  const parsed = await asAdmin('GET', `${PARSER}/${documentId}`);
  expect(parsed.status).toBe(200);
  const original = await fetch(`${server.url}${DROP_BOX}/${documentId}/original`, {
    headers: { authorization: `Bearer ${tokens.admin}`, organization: org.id },
  });
  expect(original.status).toBe(200);
  const exports = await server.database.query<{ count: string }>(
    `select count(*)::text as count from notifications where organization_id = $1 and source = 'export_document'`,
    [org.id],
  );
  return {
    document: document.body,
    parsed: parsed.body,
    original: await original.text(),
    listed: (await asAdmin('GET', DROP_BOX)).body.total,
    exports: exports.rows[0]?.count,
  };
}

interface DocumentCall {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
}

const calls: Record<string, DocumentCall> = {
  read: { name: 'read a document', method: 'GET', path: () => `${DROP_BOX}/${documentId}` },
  original: {
    name: 'download its original',
    method: 'GET',
    path: () => `${DROP_BOX}/${documentId}/original`,
  },
  parsed: { name: 'read its parsed result', method: 'GET', path: () => `${PARSER}/${documentId}` },
  retry: { name: 'retry its processing', method: 'POST', path: () => `${DROP_BOX}/${documentId}/retry` },
  delete: { name: 'delete it', method: 'DELETE', path: () => `${DROP_BOX}/${documentId}` },
  export: {
    name: 'export it',
    method: 'POST',
    path: () => `${DROP_BOX}/export`,
    body: () => ({ ids: [documentId], as: 'csv' }),
  },
};

/** Each call with a member lacking the permission it needs (reads: a member with no roles). */
const refused = [
  { ...calls.read!, as: 'noRoles', permission: 'read' },
  { ...calls.original!, as: 'noRoles', permission: 'read' },
  { ...calls.parsed!, as: 'noRoles', permission: 'read' },
  { ...calls.retry!, as: 'viewer', permission: 'update' },
  { ...calls.delete!, as: 'viewer', permission: 'delete' },
  { ...calls.export!, as: 'noRoles', permission: 'read' },
] as const;

describe('documents: permission of each route', () => {
  it.each(refused)(
    'refuses to $name without counterpart_documents-$permission, changing nothing',
    async (c) => {
      const before = await snapshot();
      const res = await call(c.method, c.path(), tokens[c.as], org.id, c.body?.());
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        `You need the counterpart_documents-${c.permission} permission in this organization`,
      );
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(Object.values(calls))(
    "answers 404 to another organization's $name, changing nothing",
    async (c) => {
      const before = await snapshot();
      const res = await call(c.method, c.path(), tokens.stranger, otherOrg.id, c.body?.());
      expect(res.status).toBe(404);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('lets a viewer read, download and export it', async () => {
    for (const c of [calls.read!, calls.parsed!]) {
      expect((await call(c.method, c.path(), tokens.viewer, org.id)).status, c.name).toBe(200);
    }
    const original = await fetch(`${server.url}${DROP_BOX}/${documentId}/original`, {
      headers: { authorization: `Bearer ${tokens.viewer}`, organization: org.id },
    });
    expect(await original.text()).toBe(csv);
    const exported = await call('POST', `${DROP_BOX}/export`, tokens.viewer, org.id, calls.export!.body?.());
    expect(exported.status).toBe(202);
  });
});

import { createApiCall, type Json } from '../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestMemberOptions,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

/** Shared set-up of the team tests (groups, roles, members). */
export interface TeamTest {
  server: TestServer;
  call: ReturnType<typeof createApiCall>;
  org: TestOrganization;
  /** "<label> elsewhere": nobody of `org` belongs to it. */
  otherOrg: TestOrganization;
  /** An administrator and a viewer of `org`, and their tokens. */
  admin: TestMember;
  viewer: TestMember;
  adminToken: string;
  viewerToken: string;
  /** A JSON call as the administrator, in `org`. */
  asAdmin: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: Json }>;
}

/** A server, two organizations named after `label`, and an administrator and a viewer of the first. */
export async function startTeamTest(
  label: string,
  people: { admin?: Omit<TestMemberOptions, 'group'>; viewer?: Omit<TestMemberOptions, 'group'> } = {},
): Promise<TeamTest> {
  const server = await startTestServer();
  const call = createApiCall(server);
  const org = await createTestOrganization(server, label);
  const otherOrg = await createTestOrganization(server, `${label} elsewhere`);
  const admin = await addTestMember(server, org, { ...people.admin, group: 'Administrators' });
  const viewer = await addTestMember(server, org, { ...people.viewer, group: 'Viewers' });
  const adminToken = await admin.token();
  const viewerToken = await viewer.token();
  return {
    server,
    call,
    org,
    otherOrg,
    admin,
    viewer,
    adminToken,
    viewerToken,
    asAdmin: (method, path, body) => call(method, path, adminToken, org.id, body),
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApiCall, Json } from '../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { openSocket } from '../../../test/socket-client.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { startTeamTest, type TeamTest } from './team-test-support.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let admin: TestMember;
let viewer: TestMember;
let adminToken: string;
let viewerToken: string;
let noRolesToken: string;
let asAdmin: TeamTest['asAdmin'];

beforeAll(async () => {
  ({ server, call, org, otherOrg, admin, viewer, adminToken, viewerToken, asAdmin } =
    await startTeamTest('Team groups'));
  noRolesToken = await (await addTestMember(server, org)).token();
});
afterAll(() => server.close());

describe('groups', () => {
  it('lists the organization’s groups under data.page_data with member counts and roles', async () => {
    const res = await call(
      'GET',
      `/api/users/groups?realm=production&organization_object_id=${org.id}`,
      viewerToken,
      org.id,
    );
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.data.page_data.map((g: Json) => [g.name, g]));
    expect(Object.keys(byName).sort()).toEqual(['Administrators', 'Reconcilers', 'Viewers']);
    expect(byName.Administrators.member_count).toBe(1);
    expect(byName.Administrators.roles).toContain('organization-admin');
    expect(byName.Viewers.roles).toContain('teams-read');
    expect(byName.Viewers.roles).not.toContain('teams-create');
  });

  it('refuses a query naming another organization or realm', async () => {
    const foreign = await asAdmin('GET', `/api/users/groups?organization_object_id=${otherOrg.id}`);
    expect(foreign.status).toBe(403);
    expect((await asAdmin('GET', '/api/users/groups?realm=elsewhere')).status).toBe(400);
  });

  it('creates, renames and deletes a group, each written to the audit log', async () => {
    const created = await asAdmin('POST', '/api/users/groups', { name: 'Auditors' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Auditors', member_count: 0, roles: [] });
    const renamed = await asAdmin('PUT', `/api/users/groups/${created.body.id}`, {
      name: 'External auditors',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('External auditors');
    expect((await asAdmin('DELETE', `/api/users/groups/${created.body.id}`)).status).toBe(200);
    const names = (await asAdmin('GET', '/api/users/groups')).body.data.page_data.map((g: Json) => g.name);
    expect(names).not.toContain('External auditors');

    const audit = await asAdmin('GET', '/api/users/audit?page_size=3');
    expect(audit.status).toBe(200);
    expect(audit.body.data.map((e: Json) => e.action)).toEqual([
      'group.deleted',
      'group.renamed',
      'group.created',
    ]);
    expect(audit.body.data[1]).toMatchObject({
      actor_email: admin.email,
      actor_user_id: admin.id,
      target_type: 'group',
      target_id: created.body.id,
      details: { from: 'Auditors', to: 'External auditors' },
    });
  });

  it('refuses a duplicate name, whatever its case, with 409', async () => {
    const res = await asAdmin('POST', '/api/users/groups', { name: 'viewers' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A group named "viewers" already exists in this organization');
    const rename = await asAdmin('PUT', `/api/users/groups/${org.groups.Reconcilers}`, { name: 'Viewers' });
    expect(rename.status).toBe(409);
  });

  it('refuses changes without the teams permission', async () => {
    expect((await call('POST', '/api/users/groups', viewerToken, org.id, { name: 'Mine' })).status).toBe(403);
    const rename = await call('PUT', `/api/users/groups/${org.groups.Viewers}`, viewerToken, org.id, {
      name: 'X',
    });
    expect(rename.status).toBe(403);
    expect(
      (await call('DELETE', `/api/users/groups/${org.groups.Viewers}`, viewerToken, org.id)).status,
    ).toBe(403);
    expect((await call('GET', '/api/users/groups', noRolesToken, org.id)).status).toBe(403);
  });

  it('answers 404 for another organization’s group or an unknown id', async () => {
    expect(
      (await asAdmin('PUT', `/api/users/groups/${otherOrg.groups.Viewers}`, { name: 'Taken' })).status,
    ).toBe(404);
    expect((await asAdmin('DELETE', `/api/users/groups/${otherOrg.groups.Viewers}`)).status).toBe(404);
    expect((await asAdmin('DELETE', '/api/users/groups/not-a-uuid')).status).toBe(404);
  });

  it('refuses to delete the group of the last organization admin', async () => {
    const res = await asAdmin('DELETE', `/api/users/groups/${org.groups.Administrators}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/at least one organization admin/);
    const names = (await asAdmin('GET', '/api/users/groups')).body.data.page_data.map((g: Json) => g.name);
    expect(names).toContain('Administrators');
  });
});

describe('role catalog', () => {
  it('lists every role with its client and "{resource}:{action}", organization-admin first', async () => {
    const res = await call('GET', '/api/users/client_roles', viewerToken, org.id);
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({
      client: 'management',
      role: 'organization-admin',
      display: 'organization:admin',
      resource: 'organization',
    });
    expect(res.body.data).toContainEqual({
      client: 'recon',
      role: 'counterpart_table-read',
      display: 'counterpart_table:read',
      resource: 'counterpart_table',
    });
    expect(res.body.data).toHaveLength(41);
  });

  it('lists the two clients with their scopes', async () => {
    const res = await call('GET', '/api/users/clients', viewerToken, org.id);
    expect(res.body).toEqual({
      data: [
        { id: 'counterpart_management', scope: 'management' },
        { id: 'counterpart_recon', scope: 'recon' },
      ],
    });
    expect((await call('GET', '/api/users/clients', noRolesToken, org.id)).status).toBe(403);
  });
});

describe('group roles', () => {
  const workflowCreate = { client: 'recon', role: 'workflow-create' };

  it('grants a catalog role and tells the group’s members in their open tabs', async () => {
    const socket = await openSocket(server.url, org.id, viewerToken);
    await socket.subscribed();
    const res = await asAdmin('POST', '/api/users/group_roles', {
      group_id: org.groups.Viewers,
      roles: [workflowCreate],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({
      ...workflowCreate,
      display: 'workflow:create',
      resource: 'workflow',
    });
    const message = await socket.waitFor((m) => m.source === 'permissions');
    expect(message.info).toEqual({ status: 'changed', message: 'Your permissions have changed' });
    await socket.close();

    const me = await call('GET', `/api/users/organization/users/${viewer.id}`, adminToken, org.id);
    expect(me.body.roles.recon).toContain('workflow-create');
    const listed = await call(
      'GET',
      `/api/users/group_roles?group_id=${org.groups.Viewers}`,
      viewerToken,
      org.id,
    );
    expect(listed.body.data.map((g: Json) => g.role)).toContain('workflow-create');
  });

  it('revokes a role', async () => {
    const res = await asAdmin('DELETE', '/api/users/group_roles', {
      group_id: org.groups.Viewers,
      roles: [workflowCreate],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: Json) => g.role)).not.toContain('workflow-create');
    const audit = await asAdmin('GET', '/api/users/audit?page_size=1');
    expect(audit.body.data[0]).toMatchObject({
      action: 'group_roles.revoked',
      details: { group_name: 'Viewers', roles: ['recon:workflow-create'] },
    });
  });

  it('refuses a role outside the catalog or under the wrong client', async () => {
    const unknown = await asAdmin('POST', '/api/users/group_roles', {
      group_id: org.groups.Viewers,
      roles: [{ client: 'recon', role: 'root-everything' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown role: recon:root-everything');
    const wrongClient = await asAdmin('POST', '/api/users/group_roles', {
      group_id: org.groups.Viewers,
      roles: [{ client: 'recon', role: 'organization-admin' }],
    });
    expect(wrongClient.status).toBe(400);
  });

  it('refuses grants without the team-roles permission and on another organization’s group', async () => {
    const body = { group_id: org.groups.Viewers, roles: [workflowCreate] };
    expect((await call('POST', '/api/users/group_roles', viewerToken, org.id, body)).status).toBe(403);
    expect((await call('DELETE', '/api/users/group_roles', viewerToken, org.id, body)).status).toBe(403);
    const foreign = { group_id: otherOrg.groups.Viewers, roles: [workflowCreate] };
    expect((await asAdmin('POST', '/api/users/group_roles', foreign)).status).toBe(404);
    expect((await asAdmin('GET', `/api/users/group_roles?group_id=${otherOrg.groups.Viewers}`)).status).toBe(
      404,
    );
  });

  it('refuses to revoke organization-admin from the last admin’s group, then allows it once another admin exists', async () => {
    const adminGrant = { client: 'management', role: 'organization-admin' };
    const refused = await asAdmin('DELETE', '/api/users/group_roles', {
      group_id: org.groups.Administrators,
      roles: [adminGrant],
    });
    expect(refused.status).toBe(409);
    const still = await asAdmin('GET', `/api/users/group_roles?group_id=${org.groups.Administrators}`);
    expect(still.body.data.map((g: Json) => g.role)).toContain('organization-admin');

    const second = await createTestOrganization(server, 'Team two admins');
    const first = await addTestMember(server, second, { group: 'Administrators' });
    const other = await addTestMember(server, second, { group: 'Reconcilers' });
    const token = await first.token();
    await call('POST', '/api/users/group_roles', token, second.id, {
      group_id: second.groups.Reconcilers,
      roles: [adminGrant],
    });
    const revoked = await call('DELETE', '/api/users/group_roles', token, second.id, {
      group_id: second.groups.Administrators,
      roles: [adminGrant],
    });
    expect(revoked.status).toBe(200);
    const detail = await call('GET', `/api/users/organization/users/${other.id}`, token, second.id);
    expect(detail.body.display_roles[0]).toBe('organization:admin');
  });
});

describe('audit log', () => {
  it('needs settings-read and shows only the organization’s own entries', async () => {
    expect((await call('GET', '/api/users/audit', noRolesToken, org.id)).status).toBe(403);
    const otherAdmin = await addTestMember(server, otherOrg, { group: 'Administrators' });
    const res = await call('GET', '/api/users/audit?page_size=500', await otherAdmin.token(), otherOrg.id);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
    expect(res.body.data).toEqual([]);
  });
});

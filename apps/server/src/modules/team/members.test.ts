import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApiCall, Json } from '../../../test/api-call.ts';
import { addTestMember, type TestMember, type TestOrganization } from '../../../test/organization-fixture.ts';
import { openSocket } from '../../../test/socket-client.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { startTeamTest, type TeamTest } from './team-test-support.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let admin: TestMember;
let viewer: TestMember;
let outsider: TestMember;
let viewerToken: string;
let asAdmin: TeamTest['asAdmin'];

beforeAll(async () => {
  const tag = randomUUID().slice(0, 8);
  ({ server, call, org, otherOrg, admin, viewer, viewerToken, asAdmin } = await startTeamTest(
    'Team members',
    {
      admin: { email: `amina-${tag}@test.example` },
      viewer: { email: `victor-${tag}@test.example`, fullName: 'Victor Mwangi' },
    },
  ));
  outsider = await addTestMember(server, otherOrg, { group: 'Viewers' });
});
afterAll(() => server.close());

describe('members', () => {
  it('lists the organization’s members with their groups, and searches them', async () => {
    const res = await call('GET', '/api/users/members?realm=production', viewerToken, org.id);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((m: Json) => m.email).sort()).toEqual([admin.email, viewer.email].sort());
    const found = await call('GET', '/api/users/members?search=mwangi', viewerToken, org.id);
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0]).toMatchObject({
      id: viewer.id,
      username: viewer.email,
      full_name: 'Victor Mwangi',
      groups: [{ id: org.groups.Viewers, name: 'Viewers' }],
    });
    expect((await call('GET', '/api/users/members?search=%25', viewerToken, org.id)).body.total).toBe(0);
  });

  it('lists a group’s members by group_name; an unknown or foreign group is 404', async () => {
    const res = await call(
      'GET',
      '/api/users/group_members?realm=production&group_name=Viewers',
      viewerToken,
      org.id,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: Json) => m.id)).toEqual([viewer.id]);
    expect((await asAdmin('GET', '/api/users/group_members?group_name=Nobody')).status).toBe(404);
    const alias = await call('GET', '/api/users/group_users?group_name=Viewers', viewerToken, org.id);
    expect(alias.body.data.map((m: Json) => m.id)).toEqual([viewer.id]);
  });

  it('puts a member in a group and tells their open tabs', async () => {
    const socket = await openSocket(server.url, org.id, viewerToken);
    await socket.subscribed();
    const body = { realm: 'production', username: viewer.email, group_name: 'Reconcilers' };
    const res = await asAdmin('POST', '/api/users/group_members', body);
    expect(res.status).toBe(200);
    const message = await socket.waitFor((m) => m.source === 'permissions');
    expect(message.info.message).toBe('Your permissions have changed');
    await socket.close();
    const detail = await asAdmin('GET', `/api/users/organization/users/${viewer.id}`);
    expect(detail.body.groups.map((g: Json) => g.name)).toEqual(['Reconcilers', 'Viewers']);
    expect(detail.body.roles.recon).toContain('workflow-create');
    expect(detail.body.display_roles).toContain('workflow:create');
    const audit = await asAdmin('GET', '/api/users/audit?page_size=1');
    expect(audit.body.data[0]).toMatchObject({
      action: 'group_member.added',
      details: { group_name: 'Reconcilers', user_id: viewer.id },
    });
  });

  it('takes a member out of a group, named in the query or the body', async () => {
    const query = new URLSearchParams({
      realm: 'production',
      username: viewer.email,
      group_name: 'Reconcilers',
    });
    expect((await asAdmin('DELETE', `/api/users/group_members?${query}`)).status).toBe(200);
    expect((await asAdmin('DELETE', `/api/users/group_members?${query}`)).status).toBe(404);
    await asAdmin('POST', '/api/users/group_members', { username: viewer.email, group_name: 'Reconcilers' });
    const byBody = await asAdmin('DELETE', '/api/users/group_members', {
      username: viewer.email,
      group_name: 'Reconcilers',
    });
    expect(byBody.status).toBe(200);
    const detail = await asAdmin('GET', `/api/users/organization/users/${viewer.id}`);
    expect(detail.body.groups.map((g: Json) => g.name)).toEqual(['Viewers']);
  });

  it('refuses group membership changes without the teams permission', async () => {
    const body = { username: viewer.email, group_name: 'Administrators' };
    expect((await call('POST', '/api/users/group_members', viewerToken, org.id, body)).status).toBe(403);
    expect((await call('DELETE', '/api/users/group_members', viewerToken, org.id, body)).status).toBe(403);
  });

  it('refuses another organization’s user (404) and a foreign organization in the query (403)', async () => {
    const res = await asAdmin('POST', '/api/users/group_members', {
      username: outsider.email,
      group_name: 'Viewers',
    });
    expect(res.status).toBe(404);
    const foreign = await asAdmin('GET', `/api/users/groups?organization_object_id=${otherOrg.id}`);
    expect(foreign.status).toBe(403);
  });

  it('refuses to take the last organization admin out of the admin group', async () => {
    const res = await asAdmin('DELETE', '/api/users/group_members', {
      username: admin.email,
      group_name: 'Administrators',
    });
    expect(res.status).toBe(409);
    const still = await asAdmin('GET', '/api/users/group_members?group_name=Administrators');
    expect(still.body.data.map((m: Json) => m.id)).toEqual([admin.id]);
  });
});

describe('organization users', () => {
  it('lists the users and shows one with groups and effective roles', async () => {
    const list = await asAdmin('GET', '/api/users/organization/users?page_size=1');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page_no: 1, page_size: 1, total: 2 });
    expect(list.body.data).toHaveLength(1);
    const detail = await asAdmin('GET', `/api/users/organization/users/${admin.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: admin.id, email: admin.email, avatar_url: null });
    expect(detail.body.roles.management).toContain('organization-admin');
    expect(detail.body.display_roles[0]).toBe('organization:admin');
  });

  it('answers 404 for another organization’s user', async () => {
    expect((await asAdmin('GET', `/api/users/organization/users/${outsider.id}`)).status).toBe(404);
    expect((await asAdmin('DELETE', `/api/users/organization/users/${outsider.id}`)).status).toBe(404);
    expect((await asAdmin('GET', '/api/users/organization/users/nobody')).status).toBe(404);
  });

  it('refuses to list or remove users without the team-users permission', async () => {
    const noRoles = await addTestMember(server, org);
    const token = await noRoles.token();
    expect((await call('GET', '/api/users/organization/users', token, org.id)).status).toBe(403);
    const removal = await call('DELETE', `/api/users/organization/users/${viewer.id}`, viewerToken, org.id);
    expect(removal.status).toBe(403);
    expect((await asAdmin('DELETE', `/api/users/organization/users/${noRoles.id}`)).status).toBe(200);
  });

  it('refuses to remove the last organization admin, even themselves', async () => {
    const res = await asAdmin('DELETE', `/api/users/organization/users/${admin.id}`);
    expect(res.status).toBe(409);
    expect((await asAdmin('GET', '/api/users/members')).body.data.map((m: Json) => m.id)).toContain(admin.id);
  });

  it('removes a member, who is refused at once with a token issued before', async () => {
    const socket = await openSocket(server.url, org.id, viewerToken);
    await socket.subscribed();
    const res = await asAdmin('DELETE', `/api/users/organization/users/${viewer.id}`);
    expect(res.status).toBe(200);
    await socket.waitFor((m) => m.source === 'permissions');
    await socket.close();
    const refused = await call('GET', '/api/users/groups', viewerToken, org.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You are no longer a member of this organization');
    const groups = (await asAdmin('GET', '/api/users/groups')).body.data.page_data;
    expect(groups.find((g: Json) => g.name === 'Viewers').member_count).toBe(0);
    const audit = await asAdmin('GET', '/api/users/audit?page_size=1');
    expect(audit.body.data[0]).toMatchObject({
      action: 'member.removed',
      target_type: 'user',
      target_id: viewer.id,
      details: { email: viewer.email, groups: ['Viewers'] },
    });
  });
});

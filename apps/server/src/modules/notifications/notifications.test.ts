import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { createApiCall, Json } from '../../../test/api-call.ts';
import { addTestMember, type TestOrganization } from '../../../test/organization-fixture.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { messages, type NotificationsTest, startNotificationsTest } from './notifications-test-support.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let orgA: TestOrganization;
let orgB: TestOrganization;
let aliceToken: string;
let bobToken: string;
let notifyAlice: NotificationsTest['notifyAlice'];
let forgetAlice: NotificationsTest['forgetAlice'];

beforeAll(async () => {
  ({ server, call, orgA, orgB, aliceToken, notifyAlice, forgetAlice } =
    await startNotificationsTest('Inbox'));
  bobToken = await (await addTestMember(server, orgA, { group: 'Viewers' })).token();
});
afterAll(() => server.close());

beforeEach(() => forgetAlice());

describe('GET /api/notifications', () => {
  it('lists the caller’s notifications newest first, page by page, with the total', async () => {
    for (const m of ['one', 'two', 'three']) await notifyAlice(orgA, m);
    const first = await call('GET', '/api/notifications?page_size=2', aliceToken, orgA.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page_no: 1, page_size: 2, total: 3 });
    expect(messages(first.body)).toEqual(['three', 'two']);
    expect(first.body.data[0]).toEqual({
      id: expect.any(String),
      source: 'export_document',
      info: { status: 'completed', progress: 100, message: 'three' },
      read: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const second = await call('GET', '/api/notifications?page_size=2&page_no=2', aliceToken, orgA.id);
    expect(messages(second.body)).toEqual(['one']);
  });

  it('with since, returns only what was created after it (what a reconnecting tab missed)', async () => {
    for (const m of ['one', 'two', 'three']) await notifyAlice(orgA, m);
    const all = await call('GET', '/api/notifications', aliceToken, orgA.id);
    const two = all.body.data.find((n: Json) => n.info.message === 'two');
    const since = encodeURIComponent(two.created_at);
    const missed = await call('GET', `/api/notifications?since=${since}`, aliceToken, orgA.id);
    expect(messages(missed.body)).toEqual(['three']);
    expect(missed.body.total).toBe(1);
    const bad = await call('GET', '/api/notifications?since=yesterday', aliceToken, orgA.id);
    expect(bad.status).toBe(400);
  });

  it('never shows a notification to another user, nor in another organization', async () => {
    await notifyAlice(orgA, 'for alice in A');
    await notifyAlice(orgB, 'for alice in B');
    const bobs = await call('GET', '/api/notifications', bobToken, orgA.id);
    expect(bobs.body).toMatchObject({ data: [], total: 0 });
    const inB = await call('GET', '/api/notifications', aliceToken, orgB.id);
    expect(messages(inB.body)).toEqual(['for alice in B']);
    const inA = await call('GET', '/api/notifications', aliceToken, orgA.id);
    expect(messages(inA.body)).toEqual(['for alice in A']);
  });

  it('needs a token and the Organization header', async () => {
    const res = await fetch(`${server.url}/api/notifications`);
    expect(res.status).toBe(401);
    const noOrg = await call('GET', '/api/notifications', aliceToken, null);
    expect(noOrg.status).toBe(400);
    const foreign = await call('GET', '/api/notifications', bobToken, orgB.id);
    expect(foreign.status).toBe(403);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the given notifications read, then all the others', async () => {
    for (const m of ['one', 'two', 'three']) await notifyAlice(orgA, m);
    const list = await call('GET', '/api/notifications', aliceToken, orgA.id);
    const one = list.body.data.find((n: Json) => n.info.message === 'one');
    const some = await call('POST', '/api/notifications/read', aliceToken, orgA.id, {
      ids: [one.id, 'nope'],
    });
    expect(some).toEqual({ status: 200, body: { updated: 1 } });
    const after = await call('GET', '/api/notifications', aliceToken, orgA.id);
    expect(after.body.data.map((n: Json) => [n.info.message, n.read])).toEqual([
      ['three', false],
      ['two', false],
      ['one', true],
    ]);
    // No body at all means "all", as `{}` does.
    const rest = await call('POST', '/api/notifications/read', aliceToken, orgA.id);
    expect(rest).toEqual({ status: 200, body: { updated: 2 } });
    const again = await call('POST', '/api/notifications/read', aliceToken, orgA.id, {});
    expect(again.body).toEqual({ updated: 0 });
  });

  it('cannot mark another user’s notifications', async () => {
    await notifyAlice(orgA, 'private');
    const list = await call('GET', '/api/notifications', aliceToken, orgA.id);
    const ids = list.body.data.map((n: Json) => n.id);
    expect((await call('POST', '/api/notifications/read', bobToken, orgA.id, { ids })).body).toEqual({
      updated: 0,
    });
    expect((await call('POST', '/api/notifications/read', bobToken, orgA.id, {})).body).toEqual({
      updated: 0,
    });
    const still = await call('GET', '/api/notifications', aliceToken, orgA.id);
    expect(still.body.data[0].read).toBe(false);
  });
});

describe('DELETE /api/notifications (Clear)', () => {
  it('removes the caller’s notifications in this organization only', async () => {
    await notifyAlice(orgA, 'a1');
    await notifyAlice(orgA, 'a2');
    await notifyAlice(orgB, 'b1');
    expect((await call('DELETE', '/api/notifications', bobToken, orgA.id)).body).toEqual({ deleted: 0 });
    const cleared = await call('DELETE', '/api/notifications', aliceToken, orgA.id);
    expect(cleared).toEqual({ status: 200, body: { deleted: 2 } });
    expect((await call('GET', '/api/notifications', aliceToken, orgA.id)).body.total).toBe(0);
    expect(messages((await call('GET', '/api/notifications', aliceToken, orgB.id)).body)).toEqual(['b1']);
  });
});

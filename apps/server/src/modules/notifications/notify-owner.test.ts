import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { createApiCall } from '../../../test/api-call.ts';
import { addTestMember, type TestMember, type TestOrganization } from '../../../test/organization-fixture.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { notifications } from '../../db/schema.ts';
import { notifyOwner } from './notifications.service.ts';
import { messages, type NotificationsTest, startNotificationsTest } from './notifications-test-support.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let orgA: TestOrganization;
let orgB: TestOrganization;
let alice: TestMember;
let aliceToken: string;
let bus: NotificationsTest['bus'];
let notifyAlice: NotificationsTest['notifyAlice'];
let forgetAlice: NotificationsTest['forgetAlice'];

beforeAll(async () => {
  ({ server, call, orgA, orgB, alice, aliceToken, bus, notifyAlice, forgetAlice } =
    await startNotificationsTest('Notify'));
});
afterAll(() => server.close());

beforeEach(() => forgetAlice());

describe('notifyOwner', () => {
  it('stores the notification under the event and publishes it to the owner as a notification message', async () => {
    const info = {
      status: 'completed',
      progress: 100,
      message: 'Export ready: a.csv',
      url: '/api/exports/t/a.csv',
    };
    await notifyOwner(
      server.database.db,
      bus,
      { organizationId: orgA.id, userId: alice.id },
      'export_document',
      info,
    );
    const [row] = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, alice.id), eq(notifications.organizationId, orgA.id)));
    expect(row).toMatchObject({ source: 'export_document', info, readAt: null });
    expect(bus.published).toEqual([
      { organizationId: orgA.id, userId: alice.id, message: { id: row!.id, source: 'notification', info } },
    ]);
  });

  it('stores nothing for someone who is not a member of the organization', async () => {
    const outsider = await addTestMember(server, orgB);
    await notifyOwner(
      server.database.db,
      bus,
      { organizationId: orgA.id, userId: outsider.id },
      'export_document',
      { message: 'x' },
    );
    const rows = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, outsider.id));
    expect(rows).toEqual([]);
  });
});

describe('subscriptions', () => {
  const path = '/api/users/organization/settings/subscriptions';

  it('are all on until the user turns one off, per organization', async () => {
    const carol = await addTestMember(server, orgA);
    const token = await carol.token();
    const initial = await call('GET', path, token, orgA.id);
    expect(initial).toEqual({
      status: 200,
      body: {
        data: [
          { event: 'export_document', enabled: true },
          { event: 'workflow', enabled: true },
          { event: 'document processing', enabled: true },
          { event: 'dashboards', enabled: true },
        ],
      },
    });
    const saved = await call('PUT', path, token, orgA.id, {
      data: [
        { event: 'workflow', enabled: true },
        { event: 'export_document', enabled: true },
        { event: 'export_document', enabled: false },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toContainEqual({ event: 'export_document', enabled: false });
    expect(saved.body.data).toContainEqual({ event: 'workflow', enabled: true });
    expect((await call('GET', path, token, orgA.id)).body).toEqual(saved.body);
    const bad = await call('PUT', path, token, orgA.id, { data: [{ event: 'lunch', enabled: true }] });
    expect(bad.status).toBe(400);
  });

  it('are respected by notifyOwner: a turned-off event stores and sends nothing', async () => {
    const off = await call('PUT', path, aliceToken, orgA.id, {
      data: [{ event: 'export_document', enabled: false }],
    });
    expect(off.status).toBe(200);
    await notifyAlice(orgA, 'muted export', 'export_document');
    await notifyAlice(orgA, 'workflow done', 'workflow');
    await notifyAlice(orgB, 'export in B', 'export_document');
    expect(messages((await call('GET', '/api/notifications', aliceToken, orgA.id)).body)).toEqual([
      'workflow done',
    ]);
    expect(messages((await call('GET', '/api/notifications', aliceToken, orgB.id)).body)).toEqual([
      'export in B',
    ]);
    expect(bus.published.map((e) => e.message.info.message)).toEqual(['workflow done', 'export in B']);
    await call('PUT', path, aliceToken, orgA.id, { data: [{ event: 'export_document', enabled: true }] });
    await notifyAlice(orgA, 'heard again');
    expect(messages((await call('GET', '/api/notifications', aliceToken, orgA.id)).body)).toEqual([
      'heard again',
      'workflow done',
    ]);
  });
});

import type { RealtimeInfo } from '@counterpart/contracts';
import { eq } from 'drizzle-orm';
import { createApiCall, createRecordingBus, type Json } from '../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { notifications } from '../../db/schema.ts';
import { notifyOwner } from './notifications.service.ts';

/** Shared set-up of the notification tests (the inbox routes, notifyOwner and subscriptions). */
export interface NotificationsTest {
  server: TestServer;
  call: ReturnType<typeof createApiCall>;
  /** "<label> A" and "<label> B": alice is a viewer of both. */
  orgA: TestOrganization;
  orgB: TestOrganization;
  alice: TestMember;
  aliceToken: string;
  /** Records what notifyOwner publishes, as the socket hub would receive it. */
  bus: ReturnType<typeof createRecordingBus>;
  /** Notifies alice in an organization, a few ms apart so the order is the order of creation. */
  notifyAlice(organization: TestOrganization, message: string, event?: string): Promise<void>;
  /** Forgets what was published and deletes alice's notifications, so each test starts from none. */
  forgetAlice(): Promise<void>;
}

export async function startNotificationsTest(label: string): Promise<NotificationsTest> {
  const server = await startTestServer();
  const { db } = server.database;
  const orgA = await createTestOrganization(server, `${label} A`);
  const orgB = await createTestOrganization(server, `${label} B`);
  const alice = await addTestMember(server, orgA, { group: 'Viewers' });
  await addTestMember(server, orgB, { email: alice.email, group: 'Viewers' });
  const bus = createRecordingBus();
  return {
    server,
    call: createApiCall(server),
    orgA,
    orgB,
    alice,
    aliceToken: await alice.token(),
    bus,
    async notifyAlice(organization, message, event = 'export_document') {
      const info: RealtimeInfo = { status: 'completed', progress: 100, message };
      await notifyOwner(db, bus, { organizationId: organization.id, userId: alice.id }, event, info);
      await new Promise((resolve) => setTimeout(resolve, 3));
    },
    async forgetAlice() {
      bus.published.length = 0;
      await db.delete(notifications).where(eq(notifications.userId, alice.id));
    },
  };
}

/** The messages of a page of notifications, in its order. */
export const messages = (page: Json) => page.data.map((n: Json) => n.info.message);

import { randomUUID } from 'node:crypto';
import {
  type NotificationsPage,
  type RealtimeInfo,
  realtimeInfoSchema,
  type StoredNotification,
  SUBSCRIPTION_EVENTS,
  type Subscription,
} from '@counterpart/contracts';
import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { memberships, notificationSubscriptions, notifications } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { EventBus } from '../../realtime/realtime-event.ts';

/** Whose inbox: a user in one organization. A notification is only ever seen by its own user there. */
export interface Inbox {
  organizationId: string;
  userId: string;
}

type NotificationRow = typeof notifications.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);
/** Identities of a company Keycloak may not be rows of this database: nothing is stored for them. */
const isStoredInbox = (inbox: Inbox) => isUuid(inbox.organizationId) && isUuid(inbox.userId);

const ofInbox = (inbox: Inbox) =>
  and(eq(notifications.organizationId, inbox.organizationId), eq(notifications.userId, inbox.userId));

/**
 * Tells the owner of finished work: when their subscription to `event` is on (no row = on), stores
 * a notification in their inbox and publishes it on the bus as a `notification` message, personal
 * to them. Members only: a user removed from the organization meanwhile gets nothing stored.
 */
export async function notifyOwner(
  db: Db,
  bus: EventBus,
  owner: Inbox,
  event: string,
  info: RealtimeInfo,
): Promise<void> {
  if (!(await isSubscribed(db, owner, event))) return;
  const id = (await storeNotification(db, owner, event, info)) ?? randomUUID();
  await bus.publish({
    organizationId: owner.organizationId,
    userId: owner.userId,
    message: { id, source: 'notification', info },
  });
}

async function isSubscribed(db: Db, inbox: Inbox, event: string): Promise<boolean> {
  if (!isStoredInbox(inbox)) return true;
  const [row] = await db
    .select({ enabled: notificationSubscriptions.enabled })
    .from(notificationSubscriptions)
    .where(
      and(
        eq(notificationSubscriptions.organizationId, inbox.organizationId),
        eq(notificationSubscriptions.userId, inbox.userId),
        eq(notificationSubscriptions.event, event),
      ),
    )
    .limit(1);
  return row?.enabled ?? true;
}

/**
 * Stores a notification when the owner is still a member; returns its id, or null when nothing was
 * stored. `created_at` is kept to the millisecond, the precision clients send back as `since`.
 */
async function storeNotification(db: Db, inbox: Inbox, event: string, info: RealtimeInfo) {
  if (!isStoredInbox(inbox)) return null;
  const result = (await db.execute(sql`
    insert into ${notifications} (organization_id, user_id, source, info, created_at)
    select ${inbox.organizationId}, ${inbox.userId}, ${event}, ${JSON.stringify(info)}::jsonb,
      date_trunc('milliseconds', clock_timestamp())
    where exists (
      select 1 from ${memberships}
      where ${memberships.organizationId} = ${inbox.organizationId} and ${memberships.userId} = ${inbox.userId}
    )
    returning id`)) as unknown as { rows: { id: string }[] };
  return result.rows[0]?.id ?? null;
}

export interface ListNotificationsQuery {
  page_no: number;
  page_size: number;
  /** ISO time: only notifications created after it (what a reconnecting tab missed). */
  since?: string | undefined;
}

/** The inbox, newest first, one page at a time. */
export async function listNotifications(
  db: Db,
  inbox: Inbox,
  query: ListNotificationsQuery,
): Promise<NotificationsPage> {
  const page = { page_no: query.page_no, page_size: query.page_size };
  if (!isStoredInbox(inbox)) return { data: [], ...page, total: 0 };
  const where = and(
    ofInbox(inbox),
    query.since ? gt(notifications.createdAt, new Date(query.since)) : undefined,
  );
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.page_size)
    .offset((query.page_no - 1) * query.page_size);
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  return { data: rows.map(toStoredNotification), ...page, total: Number(total?.n ?? 0) };
}

/** Marks the given notifications of the inbox as read, or all of them when no ids are given. */
export async function markNotificationsRead(db: Db, inbox: Inbox, ids?: string[]): Promise<number> {
  if (!isStoredInbox(inbox)) return 0;
  const wanted = ids?.filter(isUuid);
  if (wanted && wanted.length === 0) return 0;
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        ofInbox(inbox),
        isNull(notifications.readAt),
        wanted ? inArray(notifications.id, wanted) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return updated.length;
}

/** Clear: removes every notification of the inbox. */
export async function clearNotifications(db: Db, inbox: Inbox): Promise<number> {
  if (!isStoredInbox(inbox)) return 0;
  const deleted = await db.delete(notifications).where(ofInbox(inbox)).returning({ id: notifications.id });
  return deleted.length;
}

export async function countNotifications(db: Db, inbox: Inbox): Promise<number> {
  if (!isStoredInbox(inbox)) return 0;
  const [total] = await db.select({ n: count() }).from(notifications).where(ofInbox(inbox));
  return Number(total?.n ?? 0);
}

/**
 * The inbox for an export, newest first, in batches (keyset pagination, so notifications arriving
 * meanwhile neither repeat nor shift rows).
 */
export async function* notificationsForExport(
  db: Db,
  inbox: Inbox,
  batchSize = 500,
): AsyncGenerator<StoredNotification[]> {
  if (!isStoredInbox(inbox)) return;
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: NotificationRow[] = await db
      .select()
      .from(notifications)
      .where(
        and(
          ofInbox(inbox),
          after
            ? or(
                lt(notifications.createdAt, after.createdAt),
                and(eq(notifications.createdAt, after.createdAt), lt(notifications.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(toStoredNotification);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** Every subscribable event with the user's choice in this organization (on unless turned off). */
export async function getSubscriptions(db: Db, inbox: Inbox): Promise<Subscription[]> {
  const rows = isStoredInbox(inbox)
    ? await db
        .select({ event: notificationSubscriptions.event, enabled: notificationSubscriptions.enabled })
        .from(notificationSubscriptions)
        .where(
          and(
            eq(notificationSubscriptions.organizationId, inbox.organizationId),
            eq(notificationSubscriptions.userId, inbox.userId),
          ),
        )
    : [];
  const chosen = new Map(rows.map((r) => [r.event, r.enabled]));
  return SUBSCRIPTION_EVENTS.map((event) => ({ event, enabled: chosen.get(event) ?? true }));
}

/** Saves the given choices (others keep theirs; the last of a repeated event wins); returns them all. */
export async function saveSubscriptions(
  db: Db,
  inbox: Inbox,
  choices: Subscription[],
): Promise<Subscription[]> {
  if (!isStoredInbox(inbox)) {
    throw new AppError(409, 'Subscriptions can only be saved for members kept in Counterpart');
  }
  const latest = [...new Map(choices.map((c) => [c.event, c.enabled])).entries()].map(([event, enabled]) => ({
    event,
    enabled,
  }));
  if (latest.length > 0) {
    await db.execute(sql`
      insert into ${notificationSubscriptions} (organization_id, user_id, event, enabled)
      select m.organization_id, m.user_id, v.event, v.enabled
      from ${memberships} m, jsonb_to_recordset(${JSON.stringify(latest)}::jsonb) as v(event text, enabled boolean)
      where m.organization_id = ${inbox.organizationId} and m.user_id = ${inbox.userId}
      on conflict (organization_id, user_id, event) do update set enabled = excluded.enabled`);
  }
  return getSubscriptions(db, inbox);
}

function toStoredNotification(row: NotificationRow): StoredNotification {
  const info = realtimeInfoSchema.safeParse(row.info);
  return {
    id: row.id,
    source: row.source,
    info: info.success ? info.data : {},
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

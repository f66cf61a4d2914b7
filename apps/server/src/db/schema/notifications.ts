import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { organizationRef, userRef } from './organizations.ts';

/** Stored notifications and who subscribes to which event. */

/** Notifications kept per organization and user, so a tab that reconnects gets what it missed. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    userId: userRef(),
    source: text('source').notNull(),
    /** The real-time message's info: status, progress, message, url. */
    info: jsonb('info').$type<Record<string, unknown>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_inbox_idx').on(t.organizationId, t.userId, t.createdAt)],
);

/** Which events notify a user in an organization; no row means the default (on). */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    organizationId: organizationRef(),
    userId: userRef(),
    event: text('event').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId, t.event] })],
);

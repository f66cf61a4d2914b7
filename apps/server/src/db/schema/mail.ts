import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { organizations } from './organizations.ts';

/**
 * Every e-mail the server sends. Without SMTP_URL this is the outbox admins read in the app; with
 * it, the record of what was sent (sentAt) or why not (error).
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The organization it concerns (invites); null for messages to a person (password reset). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_org_idx').on(t.organizationId, t.createdAt)],
);

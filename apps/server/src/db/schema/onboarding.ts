import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { organizationRef, userRef, users } from './organizations.ts';

/** Invitations and password resets. */

/** Invitations to join an organization: single use, bound to one e-mail, expiring (default 7 days). */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    email: text('email').notNull(),
    /** Ids of the groups the invitee joins on acceptance. */
    groupIds: jsonb('group_ids').$type<string[]>().notNull().default([]),
    /** SHA-256 of the token in the invite link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invites_token_key').on(t.tokenHash), index('invites_org_idx').on(t.organizationId)],
);

/** Password reset links: single use, expiring (default 1 hour). */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userRef(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

import type { TableColumn } from '@counterpart/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The one schema of Counterpart, for PGlite and PostgreSQL alike.
 * Change it here, then `npm --workspace @counterpart/server run db:generate` writes the next migration.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The owning organization; rows go with it. */
const organizationRef = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
/** The user a row belongs to; rows go with them. */
const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Keycloak-style attributes: each a list whose first item is used (logo_text_url, primary_color...). */
  attributes: jsonb('attributes').$type<Record<string, string[]>>().notNull().default({}),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull().default(''),
    avatarUrl: text('avatar_url'),
    /** scrypt$N$r$p$salt$hash; null for users who only sign in through an external provider. */
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    organizationId: organizationRef(),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('groups_org_name_key').on(t.organizationId, t.name)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: userRef(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);

/** A role granted to a group: `client` is 'management' or 'recon' (spec §6 scopes). */
export const groupRoles = pgTable(
  'group_roles',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    client: text('client', { enum: ['management', 'recon'] }).notNull(),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.client, t.role] })],
);

/** Storage of the built-in OpenID Connect provider (sessions, grants, codes, refresh tokens). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
  ],
);

/** Server secrets that must survive restarts: token signing keys, cookie keys. Never sent out. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** Failed sign-ins per key (e-mail or address) in the current window, for rate limiting. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

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

/**
 * Files produced by exports. `tokenHash` is the SHA-256 of the unguessable id in the download URL
 * (the id itself is never stored); only `userId` may download, until `expiresAt`.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    tokenHash: text('token_hash').primaryKey(),
    organizationId: organizationRef(),
    userId: userRef(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** Path relative to DATA_DIR/files. */
    storagePath: text('storage_path').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('export_files_expiry_idx').on(t.expiresAt)],
);

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

/** Who changed what, when: every change to members, groups, grants, invites and settings. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    /** Null when the actor's account has since been deleted. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_org_idx').on(t.organizationId, t.createdAt)],
);

/** A typed table of an organization; its columns (ids, names, types, order) live in `columns`. */
export const dataTables = pgTable(
  'data_tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    columns: jsonb('columns').$type<TableColumn[]>().notNull().default([]),
    /** Kept by the same transaction as every insert and delete of items. */
    rowCount: integer('row_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('data_tables_org_idx').on(t.organizationId, t.updatedAt)],
);

/**
 * The rows of every table: `values` holds each cell by column id in its canonical form (currency as
 * a string of integer minor units, dates as yyyy-mm-dd); `search_text` is the lower-cased text of
 * every cell for search. `seq` is the insertion order (the default sort and a keyset for paging).
 */
export const tableItems = pgTable(
  'table_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tableId: uuid('table_id')
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    searchText: text('search_text').notNull().default(''),
    /**
     * What makes a row the same row on a second import (a bank reference, FITID, M-Pesa receipt
     * number, or a content hash): unique within its table, so a re-import adds nothing twice.
     */
    externalKey: text('external_key'),
    /** The import that inserted the row (no foreign key: bulk inserts stay fast); lets a failed import be undone. */
    importId: uuid('import_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('table_items_table_seq_idx').on(t.tableId, t.seq),
    uniqueIndex('table_items_external_key_idx')
      .on(t.tableId, t.externalKey)
      .where(sql`${t.externalKey} is not null`),
  ],
);

/** Who created a row, kept when they leave (then null). */
const createdBy = () => uuid('created_by').references(() => users.id, { onDelete: 'set null' });

/**
 * One import of a file into a table: the upload (kept under DATA_DIR/files at `filePath`), what
 * the server sniffed and proposes (`proposal`: format, delimiter, header, sheets, column types and
 * mapping), what the user confirmed (`options`), then the background run's counts and its
 * rejected lines (`errors`: the first ones, each with line, column and reason).
 * Status: uploaded → queued → running → succeeded | failed.
 */
export const tableImports = pgTable(
  'table_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    /** The target table; null until the user confirms (a new table is made then). */
    tableId: uuid('table_id').references(() => dataTables.id, { onDelete: 'cascade' }),
    /** The document the rows come from, when sent from the drop box. */
    documentId: uuid('document_id'),
    fileName: text('file_name').notNull(),
    filePath: text('file_path').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    format: text('format').notNull(),
    status: text('status').notNull().default('uploaded'),
    proposal: jsonb('proposal').$type<Record<string, unknown>>().notNull().default({}),
    options: jsonb('options').$type<Record<string, unknown>>(),
    totalRows: integer('total_rows').notNull().default(0),
    insertedRows: integer('inserted_rows').notNull().default(0),
    duplicateRows: integer('duplicate_rows').notNull().default(0),
    failedRows: integer('failed_rows').notNull().default(0),
    errors: jsonb('errors').$type<Record<string, unknown>[]>().notNull().default([]),
    /** Statement checks and other findings that do not stop the import (balance mismatch). */
    warnings: jsonb('warnings').$type<Record<string, unknown>[]>().notNull().default([]),
    errorMessage: text('error_message'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('table_imports_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * An association mapping: pairs of columns between two tables (bank `reference` ↔ ledger
 * `invoice_no`), what a reconcile block starts from. `pairs`: [{ left_column_id, right_column_id }].
 */
export const associationMappings = pgTable(
  'association_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    leftTableId: uuid('left_table_id')
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    rightTableId: uuid('right_table_id')
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    pairs: jsonb('pairs').$type<{ left_column_id: string; right_column_id: string }[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('association_mappings_org_idx').on(t.organizationId),
    uniqueIndex('association_mappings_name_idx').on(t.organizationId, t.name),
  ],
);

/**
 * An upload to the documents drop box. The bytes are stored once per content (`sha256`, under
 * DATA_DIR/files/blobs/), so the same file uploaded twice is two documents and one blob.
 * Processing (source `document processing`) writes the parsed result to `resultPath` (JSON in the
 * file store) and a summary here. Status: pending → processing → processed | ocr_needed | failed
 * (`statusReason` says why).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Sniffed from the content: application/pdf, image/png, image/jpeg, image/tiff, text/csv, XLSX. */
    mediaType: text('media_type').notNull(),
    /** pdf | image | csv | xlsx */
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    statusReason: text('status_reason'),
    attempts: integer('attempts').notNull().default(0),
    pageCount: integer('page_count'),
    rowCount: integer('row_count'),
    resultPath: text('result_path'),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    searchText: text('search_text').notNull().default(''),
    createdBy: createdBy(),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('documents_org_idx').on(t.organizationId, t.createdAt),
    index('documents_sha_idx').on(t.sha256),
  ],
);

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

/**
 * Brute-force detection per account e-mail, as Keycloak's temporary lockout: consecutive failures,
 * the last one's time, and until when sign-in is paused (identity/provider/account-lockout.ts).
 */
export const signInLockouts = pgTable('sign_in_lockouts', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
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
 * Status: uploaded → queued → running → succeeded | failed | cancelled; rows of a queued or running
 * import are invisible to every reader (tables/visible-items.ts) until it succeeds.
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
    /** Touched every few seconds by the process running the import: a silent one lost its process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    index('table_imports_org_idx').on(t.organizationId, t.createdAt),
    /** The unfinished imports of a table, whose rows readers must not see yet. */
    index('table_imports_pending_idx').on(t.tableId).where(sql`${t.status} in ('queued', 'running')`),
  ],
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

/*
 * Reconciliation (issue 6). Amounts are `numeric` integer minor units (never floats); every
 * table is scoped by organization. An item is in at most one active match group at a time
 * (`recon_group_items_active_item_idx`), which is what makes double counting impossible.
 */

/** Per-organization reconciliation settings (`/v1/recon/settings`); one row, created on first read. */
export const reconSettings = pgTable('recon_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** ReconSettings of packages/contracts/src/recon.ts. */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A named rule set (`/recon_engine/api/rules`): the engine's ordered passes as JSON. */
export const reconRules = pgTable(
  'recon_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The engine's RuleSet `passes` (packages/recon-engine types), validated on save. */
    passes: jsonb('passes').$type<Record<string, unknown>[]>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recon_rules_name_idx').on(t.organizationId, t.name)],
);

/**
 * One reconciliation run over two tables (a background job). `options` holds the field mapping of
 * each side (which columns are amount, date, reference, counterparty...), incremental and dry-run
 * flags; `summary` the counts and amounts per status and the engine's per-pass statistics; a dry
 * run keeps its proposed groups in `preview` and writes no groups.
 * Status: queued → running → succeeded | failed.
 */
export const reconRuns = pgTable(
  'recon_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    leftTableId: uuid('left_table_id')
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    rightTableId: uuid('right_table_id')
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    mappingId: uuid('mapping_id').references(() => associationMappings.id, { onDelete: 'set null' }),
    ruleId: uuid('rule_id').references(() => reconRules.id, { onDelete: 'set null' }),
    /** The rule set as it ran (a rule edited later does not change what a run did). */
    passes: jsonb('passes').$type<Record<string, unknown>[]>().notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('queued'),
    jobId: text('job_id'),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    preview: jsonb('preview').$type<Record<string, unknown>[]>(),
    errorMessage: text('error_message'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Touched every few seconds while a worker runs it: a `running` run whose beat stopped lost its process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('recon_runs_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * A match group: items of the left table against items of the right one. `status` reconciled |
 * partial | suggested; `state` active | pending_approval | rejected (a refused suggestion or
 * approval) | undone (unmatched). Totals and the difference (left − right) are numeric minor units;
 * `adjusted` is the sum of its active adjustments. Made by a run (`run_id`, `rule_id` = pass id,
 * score and features) or by a person (`source` manual).
 */
export const reconGroups = pgTable(
  'recon_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    runId: uuid('run_id').references(() => reconRuns.id, { onDelete: 'set null' }),
    leftTableId: uuid('left_table_id')
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    rightTableId: uuid('right_table_id')
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    ruleId: text('rule_id').notNull(),
    ruleName: text('rule_name').notNull().default(''),
    status: text('status').notNull(),
    state: text('state').notNull().default('active'),
    score: text('score').notNull().default('1'),
    features: jsonb('features').$type<Record<string, unknown>[]>().notNull().default([]),
    currency: text('currency').notNull(),
    leftTotal: bigint('left_total', { mode: 'bigint' }).notNull(),
    rightTotal: bigint('right_total', { mode: 'bigint' }).notNull(),
    difference: bigint('difference', { mode: 'bigint' }).notNull(),
    adjusted: bigint('adjusted', { mode: 'bigint' }).notNull().default(sql`0`),
    note: text('note').notNull().default(''),
    createdBy: createdBy(),
    createdAt: createdAt(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('recon_groups_org_idx').on(t.organizationId, t.state, t.status),
    index('recon_groups_tables_idx').on(t.leftTableId, t.rightTableId, t.state),
    index('recon_groups_run_idx').on(t.runId),
  ],
);

/** The items of a group, with their side and amount at the time; `active` follows the group's state. */
export const reconGroupItems = pgTable(
  'recon_group_items',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => reconGroups.id, { onDelete: 'cascade' }),
    organizationId: organizationRef(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => tableItems.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id').notNull(),
    side: text('side').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.itemId] }),
    uniqueIndex('recon_group_items_active_item_idx').on(t.itemId).where(sql`${t.active}`),
    // Every group an item was ever in (the partial index above holds only active ones): deleting
    // table items cascades here, and without it each deleted item scanned the whole table.
    index('recon_group_items_item_idx').on(t.itemId),
    index('recon_group_items_table_idx').on(t.tableId, t.active),
  ],
);

/**
 * A write-off of (part of) a group's difference (`v1/recon/adjustment`): amount in minor units (same
 * sign as the difference it clears), reason and account. State active | pending_approval | rejected
 * | reversed.
 */
export const reconAdjustments = pgTable(
  'recon_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => reconGroups.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    account: text('account').notNull(),
    state: text('state').notNull().default('active'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('recon_adjustments_group_idx').on(t.groupId),
    index('recon_adjustments_org_idx').on(t.organizationId, t.state),
  ],
);

/**
 * Invoices, payments and credit notes (`/v1/accounting_documents`), entered, extracted or pulled
 * from an ERP. `total` and `open_amount` are minor units; `fields` keeps extracted values.
 * Status open | partially_paid | paid | void.
 */
export const accountingDocuments = pgTable(
  'accounting_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    counterparty: text('counterparty').notNull().default(''),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date'),
    currency: text('currency').notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    openAmount: bigint('open_amount', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('open'),
    reference: text('reference').notNull().default(''),
    /** The drop-box document it was extracted from, if any. */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** The table row it stands for (a ledger line), if any. */
    itemId: uuid('item_id').references(() => tableItems.id, { onDelete: 'set null' }),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_documents_number_idx').on(t.organizationId, t.kind, t.number),
    index('accounting_documents_open_idx').on(t.organizationId, t.status, t.issueDate),
    // Deleting table items sets this to null: found by index, not by a scan per item.
    index('accounting_documents_item_idx').on(t.itemId),
  ],
);

/**
 * A share of a payment allocated to an invoice (`/v1/allocations`). The payment is an accounting
 * document of kind payment. State active | pending_approval | reversed; open amounts on both
 * documents move in the same transaction.
 */
export const reconAllocations = pgTable(
  'recon_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => accountingDocuments.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => accountingDocuments.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    state: text('state').notNull().default('active'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('recon_allocations_payment_idx').on(t.paymentId),
    index('recon_allocations_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * Every reconciliation decision, automatic or manual: who (null user = a run), what (`action`:
 * match, unmatch, accept, reject, adjust, allocate, approve, …), on which group / adjustment /
 * allocation / run, the rule, and the state before and after. Automatic matches of a run are one
 * row per run (the groups carry run, rule and score themselves).
 */
export const reconAudit = pgTable(
  'recon_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id'),
    groupId: uuid('group_id'),
    runId: uuid('run_id'),
    ruleId: text('rule_id'),
    reason: text('reason').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** Item ids the decision touched, for an item's own trail. */
    itemIds: jsonb('item_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('recon_audit_org_idx').on(t.organizationId, t.createdAt),
    index('recon_audit_group_idx').on(t.groupId),
    index('recon_audit_items_idx').using('gin', t.itemIds),
  ],
);

/*
 * Workflows (issue 7). A workflow's graph lives in immutable versions: every save adds one, an
 * execution records the version it ran, restoring an old version makes a new one.
 */

/** A workflow (spec "rule"): name unique per organization (case-insensitive), state draft | active | archived. */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    state: text('state').notNull().default('draft'),
    /** { cron, time_zone } or null. */
    schedule: jsonb('schedule').$type<{ cron: string; time_zone: string } | null>(),
    currentVersion: integer('current_version').notNull().default(1),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workflows_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    index('workflows_org_updated_idx').on(t.organizationId, t.updatedAt),
  ],
);

/** One saved graph of a workflow; never changed after it is written. */
export const workflowVersions = pgTable(
  'workflow_versions',
  {
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** WorkflowGraph of packages/contracts/src/workflows.ts. */
    graph: jsonb('graph').$type<Record<string, unknown>>().notNull(),
    /** Set when the version restores an older one. */
    restoredFrom: integer('restored_from'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workflowId, t.version] })],
);

/**
 * One run of a workflow: the version it ran, who or what started it, its status (queued, running,
 * succeeded, failed, cancelled, crashed). `heartbeat_at` is touched while a worker runs it, so a
 * process that starts later can tell a run whose worker died (crashed) from one still going.
 */
export const workflowExecutions = pgTable(
  'workflow_executions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status').notNull().default('queued'),
    trigger: text('trigger').notNull().default('manual'),
    retryOf: uuid('retry_of'),
    /** For a retry from the failed block: the nodes to run again (the others' outputs are copied). */
    rerunNodes: jsonb('rerun_nodes').$type<string[] | null>(),
    inputs: jsonb('inputs').$type<Record<string, string>>().notNull().default({}),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    error: text('error'),
    failedNodeId: text('failed_node_id'),
    jobId: text('job_id'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** The schedule's minute a scheduled run is for: unique, so two processes never both start it. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workflow_executions_schedule_idx').on(t.workflowId, t.scheduledFor),
    index('workflow_executions_workflow_idx').on(t.workflowId, t.createdAt),
    index('workflow_executions_status_idx').on(t.status),
  ],
);

/** One block's run in an execution: status, attempts, times, rows in and out, error. */
export const workflowBlockRuns = pgTable(
  'workflow_block_runs',
  {
    executionId: uuid('execution_id')
      .notNull()
      .references(() => workflowExecutions.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    status: text('status').notNull(),
    attempt: integer('attempt').notNull().default(1),
    cached: boolean('cached').notNull().default(false),
    rowsIn: integer('rows_in'),
    rowsOut: integer('rows_out'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.executionId, t.nodeId] })],
);

/**
 * A block's output, apart from the execution row: a table output in chunks of rows (read a page
 * at a time, never whole), any other output as one value.
 */
export const workflowBlockOutputs = pgTable(
  'workflow_block_outputs',
  {
    executionId: uuid('execution_id')
      .notNull()
      .references(() => workflowExecutions.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    handle: text('handle').notNull(),
    chunk: integer('chunk').notNull(),
    kind: text('kind').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    rows: jsonb('rows').$type<Array<Record<string, string | null>>>().notNull().default([]),
    rowCount: integer('row_count').notNull().default(0),
    value: jsonb('value'),
  },
  (t) => [primaryKey({ columns: [t.executionId, t.nodeId, t.handle, t.chunk] })],
);

import type { RulePass } from '@counterpart/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { createdBy, organizationRef, organizations, users } from './organizations.ts';
import { associationMappings, dataTables } from './tables.ts';

/** Reconciliation: settings, rules, runs, match groups and their items, the decisions' audit. */

/*
 * Reconciliation (issue 6). Amounts are `numeric` integer minor units (never floats); every
 * table is scoped by organization. An item is in at most one active match group at a time
 * (`recon_group_items_active_item_idx`), which is what makes double counting impossible.
 *
 * The references of groups (organization, run, tables, maker), of their items (group, organization,
 * table item) and of the audit (organization) are not foreign keys but statement-level triggers
 * (drizzle/0013_recon-set-based-references.sql): a run writes millions of these rows, and a foreign
 * key checks (and locks) one row per row written — most of a run's write time. The triggers check
 * each statement's rows with one anti-join, cascade deletes with one statement, and lock the two
 * data tables instead of each table item (how: in the migration).
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
    /** The rule set's passes (packages/contracts rule-set.ts), checked with checkRuleSet on save. */
    passes: jsonb('passes').$type<RulePass[]>().notNull(),
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
    passes: jsonb('passes').$type<RulePass[]>().notNull(),
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
    // References kept by statement triggers, not foreign keys (see the note above).
    organizationId: uuid('organization_id').notNull(),
    runId: uuid('run_id'),
    leftTableId: uuid('left_table_id').notNull(),
    rightTableId: uuid('right_table_id').notNull(),
    source: text('source').notNull(),
    ruleId: text('rule_id').notNull(),
    ruleName: text('rule_name').notNull().default(''),
    status: text('status').notNull(),
    state: text('state').notNull().default('active'),
    score: text('score').notNull().default('1'),
    features: jsonb('features').$type<Record<string, unknown>[]>().notNull().default([]),
    /**
     * A run's suggestion: why it is not automatic, as the engine said it (`SuggestionWhy`: the threshold,
     * the rival record and its score, or another subset); null for automatic and manual groups.
     */
    why: jsonb('why').$type<Record<string, unknown>>(),
    currency: text('currency').notNull(),
    leftTotal: bigint('left_total', { mode: 'bigint' }).notNull(),
    rightTotal: bigint('right_total', { mode: 'bigint' }).notNull(),
    difference: bigint('difference', { mode: 'bigint' }).notNull(),
    adjusted: bigint('adjusted', { mode: 'bigint' }).notNull().default(sql`0`),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by'),
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

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** The items of a group, with their side and amount at the time; `active` follows the group's state. */
export const reconGroupItems = pgTable(
  'recon_group_items',
  {
    // References kept by statement triggers, not foreign keys (see the note above).
    groupId: uuid('group_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    itemId: uuid('item_id').notNull(),
    tableId: uuid('table_id').notNull(),
    side: text('side').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * Kept by the database from `active`: the nil UUID while the row is active, its group's id once it
     * is not. So one unique index on (item, this) holds both rules of an item: at most one active group,
     * and every group it was ever in, found by item.
     */
    inactiveGroupId: uuid('inactive_group_id')
      .notNull()
      .generatedAlwaysAs(sql`case when active then '${sql.raw(NIL_UUID)}'::uuid else group_id end`),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.itemId] }),
    // One index, not two (a partial unique one on active rows and a plain one for every group an item
    // was ever in, which deleting table items cascades through): a run writes millions of rows whose
    // item ids are random, and each such index was about a third of a run's item writing (issue 18).
    uniqueIndex('recon_group_items_active_item_idx').on(t.itemId, t.inactiveGroupId),
    index('recon_group_items_table_idx').on(t.tableId, t.active),
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
    // A reference kept by statement triggers, not a foreign key (see the note above).
    organizationId: uuid('organization_id').notNull(),
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
    /**
     * Item ids the decision touched, for an item's own trail. Indexed (GIN) for every entry but a run's
     * automatic matches: those are millions, and their items are found through the group's items
     * (`recon_group_items` by item, then this table by group) — see audit.service's `itemTrail`.
     */
    itemIds: jsonb('item_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('recon_audit_org_idx').on(t.organizationId, t.createdAt),
    index('recon_audit_group_idx').on(t.groupId),
    index('recon_audit_items_idx').using('gin', t.itemIds).where(sql`${t.action} <> 'group.auto_matched'`),
  ],
);

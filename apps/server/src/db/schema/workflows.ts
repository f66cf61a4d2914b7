import { sql } from 'drizzle-orm';
import {
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
import { createdAt } from './columns.ts';
import { createdBy, organizationRef } from './organizations.ts';

/** Workflows, their versions, executions, block runs and block outputs. */

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

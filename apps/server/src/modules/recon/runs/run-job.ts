import type { RunSummary } from '@counterpart/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../../db/database.ts';
import { reconRuns } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import type { JobDefinition, JobQueue } from '../../../jobs/job-types.ts';
import { findTables } from '../../tables/tables-reader.service.ts';
import { getReconSettings } from '../shared/settings.service.ts';
import { pastDecisions } from './run-decisions.ts';
import {
  buildGroups,
  engineInput,
  matchSides,
  previewOf,
  type RunGroups,
  type RunOptions,
  type RunRow,
  summarize,
  type TableRow,
} from './run-groups.ts';
import { startHeartbeat } from './run-liveness.ts';
import { readSide } from './run-read.ts';
import { executeRunInThread } from './run-thread.ts';
import { reportRunTimings } from './run-timings.ts';
import { copyGroups, copyItems } from './run-writes.ts';

export const RECON_RUN_JOB = 'recon-run';
export interface ReconRunJobData {
  runId: string;
}

export interface ExecuteRunHooks {
  progress?: (percent: number, message: string) => Promise<void>;
  signal?: AbortSignal;
  /** Called inside the transaction after every group is written (tests make it throw). */
  beforeCommit?: () => Promise<void>;
}

/** The run of this organization, or an error when it is gone. */
async function loadRun(db: Db, organizationId: string, runId: string): Promise<RunRow> {
  const [run] = await db
    .select()
    .from(reconRuns)
    .where(and(eq(reconRuns.id, runId), eq(reconRuns.organizationId, organizationId)));
  if (!run) throw new Error('The run no longer exists');
  return run;
}

async function markRunning(db: Db, runId: string): Promise<void> {
  await db
    .update(reconRuns)
    .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()`, errorMessage: null })
    .where(eq(reconRuns.id, runId));
}

async function loadRunTables(db: Db, organizationId: string, run: RunRow) {
  const tables = await findTables(db, organizationId, [run.leftTableId, run.rightTableId]);
  const leftTable = tables.find((t) => t.id === run.leftTableId);
  const rightTable = tables.find((t) => t.id === run.rightTableId);
  if (!leftTable || !rightTable) throw new Error('A table of this run no longer exists');
  return { leftTable, rightTable };
}

/**
 * Writes every group and its items (none for a dry run), the audit entry and the run's success in
 * ONE transaction; refuses when the run was taken for dead meanwhile.
 */
async function writeRun(
  database: Database,
  organizationId: string,
  run: RunRow,
  tables: { leftTable: TableRow; rightTable: TableRow },
  options: RunOptions,
  outcome: { built: RunGroups; summary: RunSummary; preview: ReturnType<typeof previewOf> | null },
  hooks: ExecuteRunHooks,
  parts: Record<string, number>,
): Promise<void> {
  const { built, summary, preview } = outcome;
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    parts[name] = Math.round(now - mark);
    mark = now;
  };
  await database.bulkTransaction(async (session) => {
    lap('begin');
    if (!options.dry_run) {
      const target = {
        organizationId,
        runId: run.id,
        leftTableId: tables.leftTable.id,
        rightTableId: tables.rightTable.id,
        // Who started the run made its matches: maker-checker wants someone else to approve them.
        createdBy: run.createdBy,
      };
      await copyGroups(session, target, built.made, lap);
      await copyItems(session, target, built.made, built.records);
      lap('items');
    }
    const completed = {
      groups: built.counts,
      pending_approval: built.pending,
      dry_run: options.dry_run,
      skipped: summary.skipped_count,
    };
    await session.query(
      `insert into recon_audit (organization_id, actor_user_id, actor_email, action, target_type, target_id, run_id,
                                rule_id, reason, after, item_ids)
       values ($1::uuid, null, 'automatic', 'run.completed', 'run', $2::uuid, $2::uuid, $3, '', $4::jsonb, '[]'::jsonb)`,
      [organizationId, run.id, run.ruleId, JSON.stringify(completed)],
    );
    const { rows: done } = await session.query(
      `update recon_runs set status = 'succeeded', summary = $2::jsonb, preview = $3::jsonb, finished_at = $4
        where id = $1::uuid and status = 'running' returning id`,
      [
        run.id,
        JSON.stringify(summary),
        preview === null ? null : JSON.stringify(preview),
        new Date().toISOString(),
      ],
    );
    // Taken for dead meanwhile (its beat was late and a starting process marked it failed).
    if (done.length === 0) throw new Error('it was marked failed while it was still working');
    await hooks.beforeCommit?.();
    lap('rest');
  });
  lap('commit');
}

/** Groups from which a run analyzes the tables it wrote (PostgreSQL) once it has committed. */
const ANALYZE_AFTER_GROUPS = 50_000;

/**
 * A large run changes its tables' statistics at once (a first run can fill empty tables): analyzed now
 * rather than at autovacuum's next pass, so the queries that follow — an item's trail (group items by
 * item, then the audit by group), the workspace — are planned on them; on a fresh 1M run's tables the
 * trail took 2 s before and 0.4 ms after. The run has committed: a failure here changes nothing of it.
 */
async function analyzeRunTables(database: Database): Promise<void> {
  await database.query('analyze recon_groups, recon_group_items, recon_audit').catch(() => {});
}

/** Marks the run failed with a message saying nothing was saved; returns the error to throw. */
async function failRun(db: Db, runId: string, error: unknown): Promise<Error> {
  const message = isUniqueViolation(error)
    ? 'Some items were matched by someone else during the run: nothing was saved, run again'
    : `The run failed: ${(error as Error).message}. Nothing was saved.`;
  await db
    .update(reconRuns)
    .set({ status: 'failed', errorMessage: message, finishedAt: new Date() })
    .where(eq(reconRuns.id, runId));
  return new Error(message);
}

/**
 * A run: reads both tables' rows, asks the engine, and writes every group, the summary and the
 * audit entry in ONE transaction — a run that fails (or a process that dies) leaves no group.
 * Incremental runs hand the items already in a group to the engine as existing groups, so they
 * count but never match again (a second run over the same data makes nothing new).
 */
export async function executeRun(
  database: Database,
  organizationId: string,
  runId: string,
  hooks: ExecuteRunHooks = {},
): Promise<RunSummary> {
  const { db } = database;
  const run = await loadRun(db, organizationId, runId);
  if (run.status === 'succeeded') return run.summary as RunSummary;
  let stopHeartbeat = () => {};
  try {
    await markRunning(db, run.id);
    stopHeartbeat = startHeartbeat(db, run.id);
    const options = run.options as RunOptions;
    const tables = await loadRunTables(db, organizationId, run);
    const { data: settings } = await getReconSettings(db, organizationId);
    await hooks.progress?.(5, 'Reading the rows');
    const readStarted = performance.now();
    const currency = settings.default_currency;
    const { leftTable, rightTable } = tables;
    const left = await readSide(
      database,
      leftTable.id,
      leftTable.columns,
      options.left_fields,
      currency,
      hooks.signal,
    );
    const right = await readSide(
      database,
      rightTable.id,
      rightTable.columns,
      options.right_fields,
      currency,
      hooks.signal,
    );
    const decisions = await pastDecisions(db, { left: [leftTable.id], right: [rightTable.id] });
    const { held } = decisions;
    const input = engineInput(options, left, right, decisions);
    const readMs = performance.now() - readStarted;
    await hooks.progress?.(20, 'Matching');
    const matched = matchSides(run, options, input);
    hooks.signal?.throwIfAborted();
    await hooks.progress?.(80, 'Saving the groups');
    const writeStarted = performance.now();
    const sides = { left, right };
    const built = buildGroups(organizationId, run, tables, sides, matched, held, settings);
    const buildMs = Math.round(performance.now() - writeStarted);
    const summary = summarize(sides, input, matched, built, held);
    const preview = options.dry_run ? previewOf(matched.result.groups, built.groups) : null;
    const writeParts: Record<string, number> = {
      build: buildMs,
      summarize: Math.round(performance.now() - writeStarted) - buildMs,
    };
    await writeRun(
      database,
      organizationId,
      run,
      tables,
      options,
      { built, summary, preview },
      hooks,
      writeParts,
    );
    const writeMs = performance.now() - writeStarted;
    const timings = { runId, readMs, engineMs: matched.engineMs, writeMs, writeParts };
    reportRunTimings(timings);
    if (database.url && built.made.length >= ANALYZE_AFTER_GROUPS) await analyzeRunTables(database);
    return summary;
  } catch (error) {
    throw await failRun(db, run.id, error);
  } finally {
    stopHeartbeat();
  }
}

function describe(summary: RunSummary, dryRun: boolean): string {
  const { reconciled, partial, suggested } = summary.groups;
  const made = `${reconciled} reconciled, ${partial} partial, ${suggested} suggested`;
  return dryRun ? `Dry run: would make ${made}` : `Reconciliation run: ${made}`;
}

/** The `recon-run` job (source 'workflow'): progress to the owner's tabs, one attempt. */
export function createReconRunJob(database: Database): JobDefinition<ReconRunJobData> {
  return {
    name: RECON_RUN_JOB,
    source: 'workflow',
    retryLimit: 0,
    expireInSeconds: 30 * 60,
    async run({ data, owner, progress, signal }) {
      // On PostgreSQL the run reads, matches and writes in a worker thread with its own connections:
      // this process's event loop keeps answering. PGlite lives in this thread, so its runs stay here.
      const summary = database.url
        ? await executeRunInThread(database, owner.organizationId, data.runId, { progress, signal })
        : await executeRun(database, owner.organizationId, data.runId, { progress, signal });
      const [row] = await database.db
        .select({ options: reconRuns.options })
        .from(reconRuns)
        .where(eq(reconRuns.id, data.runId));
      return { message: describe(summary, Boolean((row?.options as { dry_run?: boolean })?.dry_run)) };
    },
  };
}

export function defineReconRunJob(jobs: JobQueue, database: Database): void {
  jobs.define(createReconRunJob(database));
}

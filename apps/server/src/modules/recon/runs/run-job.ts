import { randomUUID } from 'node:crypto';
import type { ReconStatus, RunSummary, SideFields, StatusCounts, TableColumn } from '@counterpart/contracts';
import { type EngineRecord, type MatchGroup, run as runEngine } from '@counterpart/recon-engine';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../../db/database.ts';
import { reconGroupItems, reconGroups, reconRuns } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import type { JobDefinition, JobQueue } from '../../../jobs/job-types.ts';
import { findTables, visibleRowBatches } from '../../tables/tables-reader.service.ts';
import { abs } from '../shared/money-common.ts';
import { recordReconAudit } from '../shared/recon-audit.ts';
import { getReconSettings, needsApproval } from '../shared/settings.service.ts';
import { startHeartbeat } from './run-liveness.ts';
import { recordOf, sideReader } from './run-records.ts';
import {
  type AutoGroup,
  type GroupInsert,
  type ItemInsert,
  insertGroups,
  insertItems,
} from './run-writes.ts';

export const RECON_RUN_JOB = 'recon-run';
export interface ReconRunJobData {
  runId: string;
}

/** Rows read per statement (keyset on seq). */
const READ_BATCH = 5_000;
/** Groups (and their audit entries) and group items per INSERT (one JSON parameter each). */
const GROUP_BATCH = 5_000;
const ITEM_BATCH = 20_000;
/** Skipped rows kept with their reason in the summary (all are counted). */
const KEPT_SKIPPED = 50;
/** Proposed groups a dry run keeps. */
const PREVIEW_GROUPS = 200;

interface SideRows {
  records: EngineRecord[];
  total: number;
  skipped: Array<{ item_id: string; reason: string }>;
  skippedCount: number;
  allIds: string[];
}

async function readSide(
  db: Db,
  tableId: string,
  columns: TableColumn[],
  fields: SideFields,
  defaultCurrency: string,
  signal?: AbortSignal,
): Promise<SideRows> {
  const reader = sideReader(columns, fields, defaultCurrency);
  const out: SideRows = { records: [], total: 0, skipped: [], skippedCount: 0, allIds: [] };
  for await (const rows of visibleRowBatches(db, tableId, READ_BATCH, signal)) {
    for (const row of rows) {
      out.total += 1;
      out.allIds.push(row.id);
      const read = recordOf(reader, row);
      if (read.ok) out.records.push(read.record);
      else {
        out.skippedCount += 1;
        if (out.skipped.length < KEPT_SKIPPED) out.skipped.push({ item_id: row.id, reason: read.reason });
      }
    }
  }
  return out;
}

/** Items of these tables already held by a group (active or waiting for approval), with its status. */
async function heldItems(db: Db, tableIds: string[]): Promise<Map<string, ReconStatus>> {
  const rows = await db
    .select({ itemId: reconGroupItems.itemId, status: reconGroups.status })
    .from(reconGroupItems)
    .innerJoin(reconGroups, eq(reconGroups.id, reconGroupItems.groupId))
    .where(and(inArray(reconGroupItems.tableId, tableIds), eq(reconGroupItems.active, true)));
  return new Map(rows.map((r) => [r.itemId, r.status as ReconStatus]));
}

function countStatuses(ids: string[], status: Map<string, ReconStatus>): StatusCounts {
  const counts: StatusCounts = { reconciled: 0, partial: 0, suggested: 0, unreconciled: 0 };
  for (const id of ids) counts[status.get(id) ?? 'unreconciled'] += 1;
  return counts;
}

export interface ExecuteRunHooks {
  progress?: (percent: number, message: string) => Promise<void>;
  signal?: AbortSignal;
  /** Called inside the transaction after every group is written (tests make it throw). */
  beforeCommit?: () => Promise<void>;
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
  const [run] = await db
    .select()
    .from(reconRuns)
    .where(and(eq(reconRuns.id, runId), eq(reconRuns.organizationId, organizationId)));
  if (!run) throw new Error('The run no longer exists');
  if (run.status === 'succeeded') return run.summary as RunSummary;
  let stopHeartbeat = () => {};
  try {
    await db
      .update(reconRuns)
      .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()`, errorMessage: null })
      .where(eq(reconRuns.id, run.id));
    stopHeartbeat = startHeartbeat(db, run.id);
    const options = run.options as {
      left_fields: SideFields;
      right_fields: SideFields;
      incremental: boolean;
      dry_run: boolean;
    };
    const tables = await findTables(db, organizationId, [run.leftTableId, run.rightTableId]);
    const leftTable = tables.find((t) => t.id === run.leftTableId);
    const rightTable = tables.find((t) => t.id === run.rightTableId);
    if (!leftTable || !rightTable) throw new Error('A table of this run no longer exists');
    const { data: settings } = await getReconSettings(db, organizationId);
    await hooks.progress?.(5, 'Reading the rows');
    const currency = settings.default_currency;
    const left = await readSide(
      db,
      leftTable.id,
      leftTable.columns,
      options.left_fields,
      currency,
      hooks.signal,
    );
    const right = await readSide(
      db,
      rightTable.id,
      rightTable.columns,
      options.right_fields,
      currency,
      hooks.signal,
    );
    const held = await heldItems(db, [leftTable.id, rightTable.id]);
    const existing: MatchGroup = {
      left: left.records.filter((r) => held.has(r.id)).map((r) => r.id),
      right: right.records.filter((r) => held.has(r.id)).map((r) => r.id),
      rule_id: 'existing',
      status: 'reconciled',
      score: 1,
      features: [],
      difference: 0n,
    };
    const leftInput = options.incremental ? left.records : left.records.filter((r) => !held.has(r.id));
    const rightInput = options.incremental ? right.records : right.records.filter((r) => !held.has(r.id));
    await hooks.progress?.(20, 'Matching');
    const passes = run.passes;
    const started = performance.now();
    const result = runEngine(
      leftInput,
      rightInput,
      { id: run.ruleId ?? 'run', passes },
      options.incremental ? { existingGroups: [existing] } : {},
    );
    const engineMs = Math.round(performance.now() - started);
    hooks.signal?.throwIfAborted();
    await hooks.progress?.(80, 'Saving the groups');

    const amounts = new Map<string, { amount: bigint; currency: string }>();
    for (const r of left.records) amounts.set(r.id, { amount: r.amount, currency: r.currency });
    for (const r of right.records) amounts.set(r.id, { amount: r.amount, currency: r.currency });
    const passNames = new Map(passes.map((p) => [p.id, p.name ?? p.id]));
    const status = new Map(held);
    const groups: GroupInsert[] = [];
    const items: ItemInsert[] = [];
    const made: AutoGroup[] = [];
    const counts = { reconciled: 0, partial: 0, suggested: 0 };
    let pending = 0;
    for (const group of result.groups) {
      const id = randomUUID();
      let leftTotal = 0n;
      let rightTotal = 0n;
      for (const itemId of group.left) {
        const amount = amounts.get(itemId)?.amount ?? 0n;
        leftTotal += amount;
        items.push({ groupId: id, organizationId, itemId, tableId: leftTable.id, side: 'left', amount });
        status.set(itemId, group.status);
      }
      for (const itemId of group.right) {
        const amount = amounts.get(itemId)?.amount ?? 0n;
        rightTotal += amount;
        items.push({ groupId: id, organizationId, itemId, tableId: rightTable.id, side: 'right', amount });
        status.set(itemId, group.status);
      }
      if (leftTotal - rightTotal !== group.difference) {
        throw new Error(`The engine's difference for group ${id} does not balance: refusing to save`);
      }
      counts[group.status] += 1;
      const first = group.left[0] ?? group.right[0] ?? '';
      // Maker-checker: an automatic match at or above the approval amount waits for a person.
      const size = abs(leftTotal) > abs(rightTotal) ? leftTotal : rightTotal;
      const waits = group.status !== 'suggested' && needsApproval(settings, size);
      if (waits) pending += 1;
      const row: GroupInsert = {
        id,
        organizationId,
        runId: run.id,
        leftTableId: leftTable.id,
        rightTableId: rightTable.id,
        source: 'auto',
        ruleId: group.rule_id,
        ruleName: passNames.get(group.rule_id) ?? group.rule_id,
        status: group.status,
        state: waits ? 'pending_approval' : 'active',
        score: String(group.score),
        features: group.features as unknown as Record<string, unknown>[],
        currency: amounts.get(first)?.currency ?? currency,
        leftTotal,
        rightTotal,
        difference: group.difference,
      };
      groups.push(row);
      made.push({ group: row, left: group.left, right: group.right });
    }
    const summary: RunSummary = {
      left_items: left.total,
      right_items: right.total,
      left_considered: leftInput.filter((r) => !held.has(r.id)).length,
      right_considered: rightInput.filter((r) => !held.has(r.id)).length,
      groups: counts,
      left: countStatuses(left.allIds, status),
      right: countStatuses(right.allIds, status),
      passes: result.stats.map((s) => ({ ...s, name: passNames.get(s.pass_id) })),
      skipped: [
        ...left.skipped.map((s) => ({ side: 'left' as const, ...s })),
        ...right.skipped.map((s) => ({ side: 'right' as const, ...s })),
      ].slice(0, KEPT_SKIPPED),
      skipped_count: left.skippedCount + right.skippedCount,
      engine_ms: engineMs,
    };
    const preview = options.dry_run
      ? result.groups.slice(0, PREVIEW_GROUPS).map((g, i) => ({
          left_item_ids: g.left,
          right_item_ids: g.right,
          rule_id: g.rule_id,
          rule_name: groups[i]?.ruleName ?? g.rule_id,
          status: g.status,
          score: g.score,
          features: g.features,
          left_total: String(groups[i]?.leftTotal ?? 0n),
          right_total: String(groups[i]?.rightTotal ?? 0n),
          difference: g.difference.toString(),
        }))
      : null;

    await db.transaction(async (tx) => {
      if (!options.dry_run) {
        const target = {
          organizationId,
          runId: run.id,
          leftTableId: leftTable.id,
          rightTableId: rightTable.id,
          // Who started the run made its matches: maker-checker wants someone else to approve them.
          createdBy: run.createdBy,
        };
        for (let i = 0; i < groups.length; i += GROUP_BATCH) {
          await insertGroups(tx, target, made.slice(i, i + GROUP_BATCH));
        }
        for (let i = 0; i < items.length; i += ITEM_BATCH) {
          await insertItems(tx, organizationId, items.slice(i, i + ITEM_BATCH));
        }
      }
      await recordReconAudit(tx, {
        organizationId,
        actor: null,
        action: 'run.completed',
        targetType: 'run',
        targetId: run.id,
        runId: run.id,
        ruleId: run.ruleId,
        after: {
          groups: counts,
          pending_approval: pending,
          dry_run: options.dry_run,
          skipped: summary.skipped_count,
        },
      });
      const [done] = await tx
        .update(reconRuns)
        .set({
          status: 'succeeded',
          summary: summary as unknown as Record<string, unknown>,
          preview,
          finishedAt: new Date(),
        })
        .where(and(eq(reconRuns.id, run.id), eq(reconRuns.status, 'running')))
        .returning({ id: reconRuns.id });
      // Taken for dead meanwhile (its beat was late and a starting process marked it failed).
      if (!done) throw new Error('it was marked failed while it was still working');
      await hooks.beforeCommit?.();
    });
    return summary;
  } catch (error) {
    const message = isUniqueViolation(error)
      ? 'Some items were matched by someone else during the run: nothing was saved, run again'
      : `The run failed: ${(error as Error).message}. Nothing was saved.`;
    await db
      .update(reconRuns)
      .set({ status: 'failed', errorMessage: message, finishedAt: new Date() })
      .where(eq(reconRuns.id, run.id));
    throw new Error(message);
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
      const summary = await executeRun(database, owner.organizationId, data.runId, { progress, signal });
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

import type { ReconRun, ReconRunDetail, RunInput, SideFields } from '@counterpart/contracts';
import { readableDetail } from '@counterpart/recon-engine';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { reconRuns, users } from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../errors.ts';
import type { JobQueue } from '../../../jobs/job-types.ts';
import { getMapping } from '../../tables/associations.service.ts';
import { loadTable } from '../../tables/tables.service.ts';
import { tableNameOf } from '../../tables/tables-reader.service.ts';
import { checkPasses, defaultPasses, findDefaultRule, loadRuleRow } from '../rules/rules.service.ts';
import { listPage, pageOffset } from '../shared/list-page.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import { getReconSettings } from '../shared/settings.service.ts';
import { RECON_RUN_JOB, type ReconRunJobData } from './run-job.ts';
import { INTERRUPTED_MESSAGE, isInterrupted } from './run-liveness.ts';
import { resolveSideFields } from './run-records.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type RunRow = typeof reconRuns.$inferSelect;

/** What a run stores in `options`. */
export interface StoredRunOptions {
  left_fields: SideFields;
  right_fields: SideFields;
  incremental: boolean;
  dry_run: boolean;
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function runView(row: RunRow, names: { left: string; right: string; email: string | null }): ReconRun {
  const options = row.options as unknown as StoredRunOptions;
  // A run whose worker stopped beating reads as failed even before a starting process sweeps it.
  const stale = isInterrupted(row);
  return {
    id: row.id,
    left_table_id: row.leftTableId,
    right_table_id: row.rightTableId,
    left_table_name: names.left,
    right_table_name: names.right,
    mapping_id: row.mappingId,
    rule_id: row.ruleId,
    passes: row.passes,
    options: {
      left_fields: options.left_fields ?? {},
      right_fields: options.right_fields ?? {},
      incremental: options.incremental ?? true,
      dry_run: options.dry_run ?? false,
    },
    status: stale ? 'failed' : (row.status as ReconRun['status']),
    job_id: row.jobId,
    summary: row.summary as ReconRun['summary'],
    error_message: stale ? INTERRUPTED_MESSAGE : row.errorMessage,
    created_by_email: names.email,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

async function selectRuns(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<ReconRun[]> {
  const rows = await db
    .select({
      run: reconRuns,
      left: tableNameOf(reconRuns.leftTableId),
      right: tableNameOf(reconRuns.rightTableId),
      email: users.email,
    })
    .from(reconRuns)
    .leftJoin(users, eq(users.id, reconRuns.createdBy))
    .where(where)
    .orderBy(desc(reconRuns.createdAt), desc(reconRuns.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => runView(r.run, { left: r.left, right: r.right, email: r.email }));
}

export async function getRun(scope: ReconScope, runId: string): Promise<ReconRun> {
  if (!UUID.test(runId)) throw notFound('Run not found');
  const [run] = await selectRuns(
    scope.db,
    and(eq(reconRuns.id, runId), eq(reconRuns.organizationId, scope.organizationId)),
    1,
    0,
  );
  if (!run) throw notFound('Run not found');
  return run;
}

/** One run with the groups a dry run would make (null for a run that saved its groups). */
export async function getRunDetail(scope: ReconScope, runId: string): Promise<ReconRunDetail> {
  const run = await getRun(scope, runId);
  const [row] = await scope.db
    .select({ preview: reconRuns.preview })
    .from(reconRuns)
    .where(eq(reconRuns.id, run.id));
  const preview = (row?.preview as ReconRunDetail['preview'] | null) ?? null;
  return {
    ...run,
    // Dry runs kept before the engine stopped naming normalised keys in details show none either.
    preview:
      preview?.map((group) => ({
        ...group,
        features: (group.features ?? []).map((feature) => ({
          ...feature,
          detail: readableDetail(feature.detail),
        })),
      })) ?? null,
  };
}

export async function listRuns(
  scope: ReconScope,
  query: { page_no: number; page_size: number; left_table_id?: string; right_table_id?: string },
) {
  const where = and(
    eq(reconRuns.organizationId, scope.organizationId),
    query.left_table_id ? eq(reconRuns.leftTableId, query.left_table_id) : undefined,
    query.right_table_id ? eq(reconRuns.rightTableId, query.right_table_id) : undefined,
  );
  const data = await selectRuns(scope.db, where, query.page_size, pageOffset(query));
  const [total] = await scope.db.select({ n: count() }).from(reconRuns).where(where);
  return listPage(data, query, total?.n ?? 0);
}

/** The latest run over these two tables (either way round), if any. */
export async function lastRunOf(
  scope: ReconScope,
  leftId: string,
  rightId: string,
): Promise<ReconRun | null> {
  const [run] = await selectRuns(
    scope.db,
    and(
      eq(reconRuns.organizationId, scope.organizationId),
      inArray(reconRuns.leftTableId, [leftId, rightId]),
      inArray(reconRuns.rightTableId, [leftId, rightId]),
    ),
    1,
    0,
  );
  return run ?? null;
}

/** Which passes a run uses: the named rule set; else the given passes; else the default rule set; else the defaults. */
async function resolvePasses(scope: ReconScope, input: RunInput) {
  if (input.rule_id) {
    const rule = await loadRuleRow(scope.db, scope.organizationId, input.rule_id);
    return { ruleId: rule.id, passes: rule.passes };
  }
  if (input.passes) return { ruleId: null, passes: checkPasses(input.passes) };
  const fallback = await findDefaultRule(scope.db, scope.organizationId);
  if (fallback) return { ruleId: fallback.id, passes: fallback.passes };
  const { data } = await getReconSettings(scope.db, scope.organizationId);
  return { ruleId: null, passes: defaultPasses(data) };
}

/** The mapping's columns of each side (either orientation), checked to join these two tables. */
async function mappingColumns(scope: ReconScope, mappingId: string, leftId: string, rightId: string) {
  const mapping = await getMapping(scope, mappingId);
  if (mapping.left_table_id === leftId && mapping.right_table_id === rightId) {
    return {
      left: mapping.pairs.map((p) => p.left_column_id),
      right: mapping.pairs.map((p) => p.right_column_id),
    };
  }
  if (mapping.left_table_id === rightId && mapping.right_table_id === leftId) {
    return {
      left: mapping.pairs.map((p) => p.right_column_id),
      right: mapping.pairs.map((p) => p.left_column_id),
    };
  }
  throw badRequest('The mapping does not join these tables', {
    mapping_id: `"${mapping.name}" maps "${mapping.left_table_name}" to "${mapping.right_table_name}"`,
  });
}

/**
 * Starts a run: checks both tables (this organization's, two different ones), the mapping, the
 * rule set and the fields now, so a bad request fails at once; then stores the run (queued) and
 * queues the job that does the work.
 */
export async function startRun(
  scope: ReconScope,
  jobs: JobQueue,
  userId: string,
  input: RunInput,
): Promise<ReconRun> {
  if (input.left_table_id === input.right_table_id) {
    throw badRequest('Choose two different tables', { right_table_id: 'Same table as the left side' });
  }
  const left = await loadTable(scope.db, scope.organizationId, input.left_table_id);
  const right = await loadTable(scope.db, scope.organizationId, input.right_table_id);
  const mapped = input.mapping_id
    ? await mappingColumns(scope, input.mapping_id, left.id, right.id)
    : { left: [], right: [] };
  const { ruleId, passes } = await resolvePasses(scope, input);
  const options: StoredRunOptions = {
    left_fields: resolveSideFields(left.columns, left.name, 'left', input.left_fields, mapped.left),
    right_fields: resolveSideFields(right.columns, right.name, 'right', input.right_fields, mapped.right),
    incremental: input.incremental,
    dry_run: input.dry_run,
  };
  const [row] = await scope.db
    .insert(reconRuns)
    .values({
      organizationId: scope.organizationId,
      leftTableId: left.id,
      rightTableId: right.id,
      mappingId: input.mapping_id ?? null,
      ruleId,
      passes,
      options: options as unknown as Record<string, unknown>,
      status: 'queued',
      createdBy: scope.actor.userId,
    })
    .returning();
  if (!row) throw new Error('The run was not stored');
  const jobId = await jobs.enqueue<ReconRunJobData>(
    RECON_RUN_JOB,
    { runId: row.id },
    { organizationId: scope.organizationId, userId },
  );
  await scope.db.update(reconRuns).set({ jobId }).where(eq(reconRuns.id, row.id));
  return getRun(scope, row.id);
}

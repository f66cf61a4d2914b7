import {
  type DashboardDetail,
  type DashboardStatusRow,
  type DashboardSummary,
  dashboardIdOf,
  dashboardStatusSidesSchema,
  type ExecutionStatus,
  parseDashboardId,
  type UnreconciledSource,
  type WorkflowGraph,
} from '@counterpart/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import {
  workflowBlockOutputs,
  workflowBlockRuns,
  workflowExecutions,
  workflows,
} from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../errors.ts';
import { versionGraph } from '../executions/executions.service.ts';

/**
 * The dashboards a workflow's executions produced: each succeeded Dashboard block's `dashboard`
 * value (made by `dashboardOf` in reconcile-block.ts), read as stored; only the Dashboard block
 * gives a `dashboard` output.
 */

export interface DashboardsScope {
  db: Db;
  organizationId: string;
}

const DASHBOARD_HANDLE = 'dashboard';
const UNMATCHED_HANDLE = 'unmatched';
/** Statuses in the order a dashboard shows them; others follow by name. */
const STATUS_ORDER = ['reconciled', 'partial', 'suggested', 'unreconciled'];

/** What `dashboardOf` stores; read leniently, so an odd value still lists. */
const storedValueSchema = z.object({
  title: z.string().catch('Dashboard'),
  records: z.number().int().nullable().catch(null),
  match_rate: z.number().nullable().catch(null),
  unreconciled: z.number().int().nullable().catch(null),
  statuses: z
    .record(
      z.string(),
      z.object({
        groups: z.number().int(),
        records: z.number().int(),
        // Values stored before amounts were per side have none (their one amount added both sides).
        sides: dashboardStatusSidesSchema.nullable().catch(null),
      }),
    )
    .catch({}),
});
type StoredValue = z.infer<typeof storedValueSchema>;

function readValue(value: unknown): StoredValue {
  const parsed = storedValueSchema.safeParse(value ?? {});
  return parsed.success
    ? parsed.data
    : { title: 'Dashboard', records: null, match_rate: null, unreconciled: null, statuses: {} };
}

const columns = {
  executionId: workflowBlockOutputs.executionId,
  nodeId: workflowBlockOutputs.nodeId,
  value: workflowBlockOutputs.value,
  finishedAt: workflowBlockRuns.finishedAt,
  workflowId: workflowExecutions.workflowId,
  status: workflowExecutions.status,
  version: workflowExecutions.version,
  startedAt: workflowExecutions.startedAt,
};
type DashboardRow = {
  executionId: string;
  nodeId: string;
  value: unknown;
  finishedAt: Date | null;
  workflowId: string;
  status: string;
  version: number;
  startedAt: Date | null;
};

const runOfOutput = and(
  eq(workflowBlockRuns.executionId, workflowBlockOutputs.executionId),
  eq(workflowBlockRuns.nodeId, workflowBlockOutputs.nodeId),
);
const executionOfOutput = eq(workflowExecutions.id, workflowBlockOutputs.executionId);

/** Succeeded Dashboard block runs of the organization's executions, narrowed by `where`. */
function dashboardsWhere(organizationId: string, where: SQL | undefined) {
  return and(
    eq(workflowBlockOutputs.handle, DASHBOARD_HANDLE),
    eq(workflowBlockOutputs.kind, 'value'),
    eq(workflowBlockOutputs.chunk, 0),
    eq(workflowBlockRuns.status, 'succeeded'),
    eq(workflowExecutions.organizationId, organizationId),
    where,
  );
}

function selectDashboards(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(workflowBlockOutputs)
    .innerJoin(workflowBlockRuns, runOfOutput)
    .innerJoin(workflowExecutions, executionOfOutput)
    .where(where);
}

function summaryOf(row: DashboardRow, value: StoredValue): DashboardSummary {
  return {
    dashboard_id: dashboardIdOf(row.executionId, row.nodeId),
    workflow_id: row.workflowId,
    execution_id: row.executionId,
    execution_status: row.status as ExecutionStatus,
    execution_started_at: row.startedAt?.toISOString() ?? null,
    version: row.version,
    node_id: row.nodeId,
    title: value.title,
    match_rate: value.match_rate,
    records: value.records,
    unreconciled: value.unreconciled,
    created_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** The dashboards of a workflow's executions (or of one of them), newest execution first. */
export async function listDashboards(
  scope: DashboardsScope,
  query: { workflow_id: string; execution_id?: string; page_no: number; page_size: number },
) {
  const [workflow] = await scope.db
    .select({ id: workflows.id })
    .from(workflows)
    .where(and(eq(workflows.id, query.workflow_id), eq(workflows.organizationId, scope.organizationId)));
  if (!workflow) throw notFound('Workflow not found');
  if (query.execution_id) {
    const [execution] = await scope.db
      .select({ id: workflowExecutions.id })
      .from(workflowExecutions)
      .where(
        and(
          eq(workflowExecutions.id, query.execution_id),
          eq(workflowExecutions.workflowId, workflow.id),
          eq(workflowExecutions.organizationId, scope.organizationId),
        ),
      );
    if (!execution) throw notFound('Execution not found');
  }
  const where = and(
    eq(workflowExecutions.workflowId, workflow.id),
    query.execution_id ? eq(workflowExecutions.id, query.execution_id) : undefined,
  );
  const matching = dashboardsWhere(scope.organizationId, where);
  const [total] = await scope.db
    .select({ n: count() })
    .from(workflowBlockOutputs)
    .innerJoin(workflowBlockRuns, runOfOutput)
    .innerJoin(workflowExecutions, executionOfOutput)
    .where(matching);
  const rows = await selectDashboards(scope.db, matching)
    .orderBy(
      desc(workflowExecutions.createdAt),
      desc(workflowExecutions.id),
      asc(workflowBlockRuns.finishedAt),
      asc(workflowBlockOutputs.nodeId),
    )
    .limit(query.page_size)
    .offset((query.page_no - 1) * query.page_size);
  return {
    data: rows.map((row) => summaryOf(row, readValue(row.value))),
    page_no: query.page_no,
    page_size: query.page_size,
    total: Number(total?.n ?? 0),
  };
}

/** The statuses as rows in display order; "unreconciled" from the count when the value has no row. */
export function statusRows(value: StoredValue): DashboardStatusRow[] {
  const rows: DashboardStatusRow[] = Object.entries(value.statuses).map(([status, entry]) => ({
    status,
    groups: entry.groups,
    records: entry.records,
    sides: entry.sides,
  }));
  if (!value.statuses.unreconciled && value.unreconciled !== null) {
    rows.push({ status: 'unreconciled', groups: null, records: value.unreconciled, sides: null });
  }
  const rank = (status: string) => {
    const at = STATUS_ORDER.indexOf(status);
    return at === -1 ? STATUS_ORDER.length : at;
  };
  return rows.sort((a, b) => rank(a.status) - rank(b.status) || a.status.localeCompare(b.status));
}

/** The Reconcile blocks feeding the dashboard's Results: their `unmatched` outputs hold the open items. */
export function reconcileSourcesOf(graph: WorkflowGraph, dashboardNodeId: string): string[] {
  const sources = graph.edges
    .filter((edge) => edge.target === dashboardNodeId && edge.target_handle === 'results')
    .map((edge) => edge.source)
    .filter((source) => graph.nodes.some((node) => node.id === source && node.type === 'reconcile'));
  return [...new Set(sources)];
}

/** One dashboard with its rows per status and the outputs that page its unreconciled items. */
export async function getDashboard(scope: DashboardsScope, dashboardId: string): Promise<DashboardDetail> {
  const id = parseDashboardId(dashboardId);
  if (!id) {
    throw badRequest('Not a valid dashboard id (expected <execution id>.<block id>)', {
      dashboard_id: 'Not a valid dashboard id',
    });
  }
  const [row] = await selectDashboards(
    scope.db,
    dashboardsWhere(
      scope.organizationId,
      and(eq(workflowBlockOutputs.executionId, id.executionId), eq(workflowBlockOutputs.nodeId, id.nodeId)),
    ),
  );
  if (!row) throw notFound('Dashboard not found');
  const value = readValue(row.value);
  const graph = await versionGraph(scope.db, row.workflowId, row.version);
  const reconciles = reconcileSourcesOf(graph, row.nodeId);
  const stored = reconciles.length
    ? await scope.db
        .select({
          nodeId: workflowBlockOutputs.nodeId,
          rows: sql<number>`coalesce(sum(${workflowBlockOutputs.rowCount}), 0)`.mapWith(Number),
        })
        .from(workflowBlockOutputs)
        .where(
          and(
            eq(workflowBlockOutputs.executionId, row.executionId),
            inArray(workflowBlockOutputs.nodeId, reconciles),
            eq(workflowBlockOutputs.handle, UNMATCHED_HANDLE),
          ),
        )
        .groupBy(workflowBlockOutputs.nodeId)
    : [];
  const sources: UnreconciledSource[] = reconciles.flatMap((nodeId) => {
    const output = stored.find((s) => s.nodeId === nodeId);
    if (!output) return [];
    const label = graph.nodes.find((node) => node.id === nodeId)?.label?.trim();
    return [{ node_id: nodeId, handle: UNMATCHED_HANDLE, label: label || nodeId, rows: output.rows }];
  });
  return {
    ...summaryOf(row, value),
    statuses: statusRows(value),
    unreconciled_sources: sources,
  };
}

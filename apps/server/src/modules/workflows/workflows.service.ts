import type {
  ExecutionStatus,
  Workflow,
  WorkflowGraph,
  WorkflowInput,
  WorkflowsPage,
  WorkflowVersion,
} from '@counterpart/contracts';
import { workflowGraphSchema } from '@counterpart/contracts';
import { catalogOf, validateGraph } from '@counterpart/domain';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users, workflowExecutions, workflows, workflowVersions } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { BLOCKS } from './block-catalog.ts';
import { checkGraphReferences } from './workflow-references.ts';

export interface WorkflowsScope {
  db: Db;
  organizationId: string;
  actor: AuditActor;
}

type WorkflowRow = typeof workflows.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const catalog = catalogOf(BLOCKS);

export function duplicateName(name: string): AppError {
  return new AppError(409, `A workflow named "${name}" already exists: choose another name`);
}

/**
 * Refuses a graph the catalog does not accept, naming each problem (`graph` for the first,
 * `graph.<node or edge id>` for each).
 */
export function checkGraph(graph: WorkflowGraph): void {
  const issues = validateGraph(graph, catalog);
  if (issues.length === 0) return;
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const key = `graph.${issue.node_id ?? issue.edge_id ?? ''}`.replace(/\.$/, '');
    details[key] ??= issue.message;
  }
  throw badRequest(`The workflow cannot be saved: ${issues[0]?.message}`, details);
}

/** A 5-field cron (minute hour day month weekday) and a time zone the runtime knows. */
export function checkSchedule(schedule: WorkflowInput['schedule']): void {
  if (!schedule) return;
  const fields = schedule.cron.trim().split(/\s+/);
  if (fields.length !== 5 || !fields.every((f) => /^[\d*/,-]+$/.test(f))) {
    throw badRequest('The schedule is not a cron expression of 5 fields (minute hour day month weekday)', {
      'schedule.cron': 'Use 5 fields, e.g. "0 6 * * 1-5" for 06:00 on weekdays',
    });
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: schedule.time_zone });
  } catch {
    throw badRequest(`Unknown time zone "${schedule.time_zone}"`, {
      'schedule.time_zone': 'Use an IANA time zone such as Africa/Nairobi',
    });
  }
}

async function loadWorkflow(db: Db, organizationId: string, workflowId: string): Promise<WorkflowRow> {
  if (!UUID.test(workflowId)) throw notFound('Workflow not found');
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.organizationId, organizationId)));
  if (!row) throw notFound('Workflow not found');
  return row;
}

async function currentGraph(db: Db, row: WorkflowRow): Promise<WorkflowGraph> {
  const [version] = await db
    .select({ graph: workflowVersions.graph })
    .from(workflowVersions)
    .where(and(eq(workflowVersions.workflowId, row.id), eq(workflowVersions.version, row.currentVersion)));
  return workflowGraphSchema.parse(version?.graph);
}

type LastExecution = Workflow['last_execution'];

/** The newest execution of each workflow (the list's "last run" column). */
async function lastExecutions(db: Db, workflowIds: string[]): Promise<Map<string, LastExecution>> {
  if (workflowIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([workflowExecutions.workflowId], {
      workflowId: workflowExecutions.workflowId,
      id: workflowExecutions.id,
      status: workflowExecutions.status,
      startedAt: workflowExecutions.startedAt,
    })
    .from(workflowExecutions)
    .where(inArray(workflowExecutions.workflowId, workflowIds))
    .orderBy(workflowExecutions.workflowId, desc(workflowExecutions.createdAt));
  return new Map(
    rows.map((row) => [
      row.workflowId,
      {
        id: row.id,
        status: row.status as ExecutionStatus,
        started_at: row.startedAt?.toISOString() ?? null,
      },
    ]),
  );
}

function workflowView(row: WorkflowRow, graph: WorkflowGraph, last: LastExecution = null): Workflow {
  return {
    workflow_id: row.id,
    workflow_name: row.name,
    workflow_description: row.description,
    graph,
    state: row.state as Workflow['state'],
    schedule: row.schedule ?? null,
    version: row.currentVersion,
    last_execution: last,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listWorkflows(
  scope: WorkflowsScope,
  query: {
    page_no: number;
    page_size: number;
    workflow_id?: string | undefined;
    search?: string | undefined;
    state?: string | undefined;
  },
): Promise<WorkflowsPage> {
  if (query.workflow_id) {
    const row = await loadWorkflow(scope.db, scope.organizationId, query.workflow_id);
    const last = (await lastExecutions(scope.db, [row.id])).get(row.id) ?? null;
    return {
      data: [workflowView(row, await currentGraph(scope.db, row), last)],
      page_no: 1,
      page_size: 1,
      total: 1,
    };
  }
  const where = and(
    eq(workflows.organizationId, scope.organizationId),
    query.search ? ilike(workflows.name, `%${escapeLike(query.search)}%`) : undefined,
    query.state ? eq(workflows.state, query.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    scope.db
      .select({ workflow: workflows, graph: workflowVersions.graph })
      .from(workflows)
      .innerJoin(
        workflowVersions,
        and(
          eq(workflowVersions.workflowId, workflows.id),
          eq(workflowVersions.version, workflows.currentVersion),
        ),
      )
      .where(where)
      .orderBy(desc(workflows.updatedAt), desc(workflows.id))
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size),
    scope.db.select({ n: count() }).from(workflows).where(where),
  ]);
  const last = await lastExecutions(
    scope.db,
    rows.map((r) => r.workflow.id),
  );
  return {
    data: rows.map((r) =>
      workflowView(r.workflow, workflowGraphSchema.parse(r.graph), last.get(r.workflow.id) ?? null),
    ),
    page_no: query.page_no,
    page_size: query.page_size,
    total: Number(total?.n ?? 0),
  };
}

export async function createWorkflow(scope: WorkflowsScope, input: WorkflowInput): Promise<Workflow> {
  checkGraph(input.graph);
  checkSchedule(input.schedule);
  await checkGraphReferences(scope.db, scope.organizationId, input.graph);
  try {
    return await scope.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(workflows)
        .values({
          organizationId: scope.organizationId,
          name: input.workflow_name,
          description: input.workflow_description,
          state: input.state,
          schedule: input.schedule ?? null,
          currentVersion: 1,
          createdBy: scope.actor.userId,
        })
        .returning();
      if (!row) throw new Error('The workflow was not saved');
      await tx.insert(workflowVersions).values({
        workflowId: row.id,
        version: 1,
        graph: input.graph,
        createdBy: scope.actor.userId,
      });
      await recordAudit(tx, {
        organizationId: scope.organizationId,
        actor: scope.actor,
        action: 'workflow.created',
        targetType: 'workflow',
        targetId: row.id,
        details: { name: row.name, version: 1 },
      });
      return workflowView(row, input.graph);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.workflow_name);
    throw error;
  }
}

/** Saves a change: a changed graph becomes a new version; name, description, state, schedule change in place. */
export async function updateWorkflow(
  scope: WorkflowsScope,
  workflowId: string,
  input: WorkflowInput,
): Promise<Workflow> {
  checkGraph(input.graph);
  checkSchedule(input.schedule);
  await checkGraphReferences(scope.db, scope.organizationId, input.graph);
  try {
    return await scope.db.transaction(async (db) => {
      const row = await loadWorkflow(db, scope.organizationId, workflowId);
      const [locked] = await db.select().from(workflows).where(eq(workflows.id, row.id)).for('update');
      const current = locked ?? row;
      const graph = await currentGraph(db, current);
      const graphChanged = JSON.stringify(graph) !== JSON.stringify(input.graph);
      const version = graphChanged ? current.currentVersion + 1 : current.currentVersion;
      if (graphChanged) {
        await db.insert(workflowVersions).values({
          workflowId: current.id,
          version,
          graph: input.graph,
          createdBy: scope.actor.userId,
        });
      }
      const [updated] = await db
        .update(workflows)
        .set({
          name: input.workflow_name,
          description: input.workflow_description,
          state: input.state,
          schedule: input.schedule ?? null,
          currentVersion: version,
          updatedAt: new Date(),
        })
        .where(eq(workflows.id, current.id))
        .returning();
      if (!updated) throw notFound('Workflow not found');
      await recordAudit(db, {
        organizationId: scope.organizationId,
        actor: scope.actor,
        action: 'workflow.updated',
        targetType: 'workflow',
        targetId: current.id,
        details: { name: updated.name, version, state: updated.state, graph_changed: graphChanged },
      });
      return workflowView(updated, input.graph);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.workflow_name);
    throw error;
  }
}

export async function listVersions(scope: WorkflowsScope, workflowId: string): Promise<WorkflowVersion[]> {
  const row = await loadWorkflow(scope.db, scope.organizationId, workflowId);
  const versions = await scope.db
    .select({
      version: workflowVersions.version,
      restoredFrom: workflowVersions.restoredFrom,
      email: users.email,
      createdAt: workflowVersions.createdAt,
      nodes: sql<number>`jsonb_array_length(${workflowVersions.graph}->'nodes')`,
    })
    .from(workflowVersions)
    .leftJoin(users, eq(users.id, workflowVersions.createdBy))
    .where(eq(workflowVersions.workflowId, row.id))
    .orderBy(desc(workflowVersions.version));
  return versions.map((v) => ({
    version: v.version,
    restored_from: v.restoredFrom,
    created_by_email: v.email,
    created_at: v.createdAt.toISOString(),
    node_count: Number(v.nodes),
  }));
}

export async function getVersionGraph(
  scope: WorkflowsScope,
  workflowId: string,
  version: number,
): Promise<WorkflowGraph> {
  const row = await loadWorkflow(scope.db, scope.organizationId, workflowId);
  const [found] = await scope.db
    .select({ graph: workflowVersions.graph })
    .from(workflowVersions)
    .where(and(eq(workflowVersions.workflowId, row.id), eq(workflowVersions.version, version)));
  if (!found) throw notFound(`Version ${version} of this workflow does not exist`);
  return workflowGraphSchema.parse(found.graph);
}

/** An old version's graph becomes the newest version (history is never rewritten). */
export async function restoreVersion(
  scope: WorkflowsScope,
  workflowId: string,
  version: number,
): Promise<Workflow> {
  return scope.db.transaction(async (db) => {
    const row = await loadWorkflow(db, scope.organizationId, workflowId);
    const [current] = await db.select().from(workflows).where(eq(workflows.id, row.id)).for('update');
    if (!current) throw notFound('Workflow not found');
    const [old] = await db
      .select({ graph: workflowVersions.graph })
      .from(workflowVersions)
      .where(and(eq(workflowVersions.workflowId, row.id), eq(workflowVersions.version, version)));
    if (!old) throw notFound(`Version ${version} of this workflow does not exist`);
    const graph = workflowGraphSchema.parse(old.graph);
    const next = current.currentVersion + 1;
    await db.insert(workflowVersions).values({
      workflowId: row.id,
      version: next,
      graph,
      restoredFrom: version,
      createdBy: scope.actor.userId,
    });
    const [updated] = await db
      .update(workflows)
      .set({ currentVersion: next, updatedAt: new Date() })
      .where(eq(workflows.id, row.id))
      .returning();
    if (!updated) throw notFound('Workflow not found');
    await recordAudit(db, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: 'workflow.restored',
      targetType: 'workflow',
      targetId: row.id,
      details: { restored_from: version, version: next },
    });
    return workflowView(updated, graph);
  });
}

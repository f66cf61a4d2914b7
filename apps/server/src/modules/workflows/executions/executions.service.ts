import { PassThrough, Readable } from 'node:stream';
import type { BlockOutputPage, Execution, StartExecution, WorkflowRunInput } from '@counterpart/contracts';
import { workflowGraphSchema } from '@counterpart/contracts';
import { downstreamOf, upstreamOf } from '@counterpart/domain';
import { CONTENT_TYPES, type ExportFormat } from '@counterpart/files';
import { ITEM_ID_FIELD } from '@counterpart/workflow-engine';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import {
  documents,
  users,
  workflowBlockOutputs,
  workflowBlockRuns,
  workflowExecutions,
  workflows,
  workflowVersions,
} from '../../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../../errors.ts';
import type { JobQueue } from '../../../jobs/job-types.ts';
import { BLOCK_NAMES } from '../block-catalog.ts';
import type { WorkflowsScope } from '../workflows.service.ts';
import { exportFileName, isStoredExportedFile, WORKFLOW_FILES, writeRows } from './output-blocks.ts';

export const WORKFLOW_EXECUTION_JOB = 'workflow-execution';
export interface ExecutionJobData {
  executionId: string;
}

type ExecutionRow = typeof workflowExecutions.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadWorkflowRow(scope: WorkflowsScope, workflowId: string) {
  if (!UUID.test(workflowId)) throw notFound('Workflow not found');
  const [row] = await scope.db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.organizationId, scope.organizationId)));
  if (!row) throw notFound('Workflow not found');
  return row;
}

export async function versionGraph(db: Db, workflowId: string, version: number) {
  const [row] = await db
    .select({ graph: workflowVersions.graph })
    .from(workflowVersions)
    .where(and(eq(workflowVersions.workflowId, workflowId), eq(workflowVersions.version, version)));
  if (!row) throw notFound('Workflow version not found');
  return workflowGraphSchema.parse(row.graph);
}

/** What a run of the workflow's current version asks for: Home's declared inputs. */
export async function runInputs(
  scope: WorkflowsScope,
  workflowId: string,
): Promise<{ workflow_id: string; version: number; inputs: WorkflowRunInput[] }> {
  const workflow = await loadWorkflowRow(scope, workflowId);
  const graph = await versionGraph(scope.db, workflow.id, workflow.currentVersion);
  const home = graph.nodes.find((node) => node.type === 'home');
  const declared = Array.isArray(home?.parameters.inputs) ? home.parameters.inputs : [];
  const inputs: WorkflowRunInput[] = declared
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    .filter((entry) => typeof entry.name === 'string' && entry.name !== '')
    .map((entry) => ({
      name: String(entry.name),
      label: typeof entry.label === 'string' && entry.label ? entry.label : String(entry.name),
      required: entry.required !== false,
      kind: 'text' as const,
      accept: null,
    }));
  for (const node of graph.nodes.filter((n) => n.type === 'upload_document')) {
    const label = typeof node.parameters.label === 'string' ? node.parameters.label : '';
    inputs.push({
      name: node.id,
      label: label || node.label || 'Document',
      required: true,
      kind: 'document',
      accept: typeof node.parameters.accept === 'string' ? node.parameters.accept : 'any',
    });
  }
  return { workflow_id: workflow.id, version: workflow.currentVersion, inputs };
}

async function documentExists(scope: WorkflowsScope, id: string): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.organizationId, scope.organizationId)));
  return Boolean(row);
}

/** Hands a stored, queued execution to the job queue (its owner hears how it ends). */
export async function enqueueExecution(db: Db, jobs: JobQueue, row: ExecutionRow): Promise<void> {
  const jobId = await jobs.enqueue<ExecutionJobData>(
    WORKFLOW_EXECUTION_JOB,
    { executionId: row.id },
    { organizationId: row.organizationId, userId: row.createdBy ?? '' },
  );
  await db.update(workflowExecutions).set({ jobId }).where(eq(workflowExecutions.id, row.id));
}

async function queue(
  scope: WorkflowsScope,
  jobs: JobQueue,
  values: typeof workflowExecutions.$inferInsert,
): Promise<Execution> {
  const [row] = await scope.db.insert(workflowExecutions).values(values).returning();
  if (!row) throw new Error('The execution was not stored');
  await enqueueExecution(scope.db, jobs, row);
  return getExecution(scope, row.id);
}

/** Starts the workflow's current version with the given inputs (missing required ones are refused). */
export async function startExecution(
  scope: WorkflowsScope,
  jobs: JobQueue,
  input: StartExecution,
): Promise<Execution> {
  const workflow = await loadWorkflowRow(scope, input.workflow_id);
  if (workflow.state === 'archived') throw new AppError(409, 'An archived workflow does not run');
  const { inputs } = await runInputs(scope, workflow.id);
  const details: Record<string, string> = {};
  for (const wanted of inputs) {
    const given = input.inputs[wanted.name]?.trim();
    if (wanted.required && !given) details[`inputs.${wanted.name}`] = 'Required';
    else if (given && wanted.kind === 'document') {
      const found = UUID.test(given) && (await documentExists(scope, given));
      if (!found) details[`inputs.${wanted.name}`] = 'No such document: upload it first';
    }
  }
  if (Object.keys(details).length > 0) {
    throw badRequest(`Give the run its inputs: ${Object.keys(details).join(', ')}`, details);
  }
  let rerunNodes: string[] | null = null;
  if (input.until_node_id) {
    const graph = await versionGraph(scope.db, workflow.id, workflow.currentVersion);
    if (!graph.nodes.some((n) => n.id === input.until_node_id)) {
      throw badRequest(`The workflow has no block "${input.until_node_id}"`, {
        until_node_id: 'No such block',
      });
    }
    rerunNodes = [...upstreamOf(graph, input.until_node_id)];
  }
  return queue(scope, jobs, {
    organizationId: scope.organizationId,
    workflowId: workflow.id,
    version: workflow.currentVersion,
    inputs: input.inputs,
    rerunNodes,
    createdBy: scope.actor.userId,
  });
}

async function loadExecution(scope: WorkflowsScope, executionId: string): Promise<ExecutionRow> {
  if (!UUID.test(executionId)) throw notFound('Execution not found');
  const [row] = await scope.db
    .select()
    .from(workflowExecutions)
    .where(
      and(
        eq(workflowExecutions.id, executionId),
        eq(workflowExecutions.organizationId, scope.organizationId),
      ),
    );
  if (!row) throw notFound('Execution not found');
  return row;
}

/**
 * Runs a finished (failed, cancelled, crashed) execution again on the same version and inputs:
 * from the start, or from the failed block (the blocks before it keep their outputs).
 */
export async function retryExecution(
  scope: WorkflowsScope,
  jobs: JobQueue,
  executionId: string,
  from: 'start' | 'failed' | 'node',
  nodeId?: string,
): Promise<Execution> {
  const previous = await loadExecution(scope, executionId);
  if (['queued', 'running'].includes(previous.status)) {
    throw new AppError(409, 'This execution has not ended: cancel it or wait for it');
  }
  let rerunNodes: string[] | null = null;
  if (from === 'failed' || from === 'node') {
    const start = from === 'failed' ? previous.failedNodeId : nodeId;
    if (!start) {
      throw from === 'failed'
        ? badRequest('No block failed in this execution: retry it from the start')
        : badRequest('Name the block to run from', { node_id: 'Required' });
    }
    const graph = await versionGraph(scope.db, previous.workflowId, previous.version);
    if (!graph.nodes.some((n) => n.id === start)) {
      throw badRequest(`The workflow has no block "${start}"`, { node_id: 'No such block' });
    }
    rerunNodes = [...downstreamOf(graph, start)];
  }
  return queue(scope, jobs, {
    organizationId: scope.organizationId,
    workflowId: previous.workflowId,
    version: previous.version,
    inputs: previous.inputs,
    trigger: 'retry',
    retryOf: previous.id,
    rerunNodes,
    createdBy: scope.actor.userId,
  });
}

/** Asks a queued or running execution to stop; a finished one is left as it is (409). */
export async function cancelExecution(scope: WorkflowsScope, executionId: string): Promise<Execution> {
  const row = await loadExecution(scope, executionId);
  if (row.status === 'queued') {
    await scope.db
      .update(workflowExecutions)
      .set({ status: 'cancelled', cancelRequested: true, finishedAt: new Date() })
      .where(and(eq(workflowExecutions.id, row.id), eq(workflowExecutions.status, 'queued')));
  } else if (row.status === 'running') {
    await scope.db
      .update(workflowExecutions)
      .set({ cancelRequested: true })
      .where(eq(workflowExecutions.id, row.id));
  } else {
    throw new AppError(409, `This execution has already ended (${row.status})`);
  }
  return getExecution(scope, row.id);
}

async function views(db: Db, rows: ExecutionRow[]): Promise<Execution[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const blocks = await db
    .select()
    .from(workflowBlockRuns)
    .where(inArray(workflowBlockRuns.executionId, ids))
    .orderBy(asc(workflowBlockRuns.startedAt));
  const handles = await db
    .selectDistinct({
      executionId: workflowBlockOutputs.executionId,
      nodeId: workflowBlockOutputs.nodeId,
      handle: workflowBlockOutputs.handle,
    })
    .from(workflowBlockOutputs)
    .where(inArray(workflowBlockOutputs.executionId, ids));
  const creators = rows.map((row) => row.createdBy).filter((id): id is string => Boolean(id));
  const emails = new Map(
    creators.length
      ? (
          await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, creators))
        ).map((u) => [u.id, u.email])
      : [],
  );
  return rows.map((row) => ({
    execution_id: row.id,
    workflow_id: row.workflowId,
    version: row.version,
    status: row.status as Execution['status'],
    trigger: row.trigger as Execution['trigger'],
    retry_of: row.retryOf,
    inputs: row.inputs,
    started_by_email: row.createdBy ? (emails.get(row.createdBy) ?? null) : null,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    duration_ms: row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    error: row.error,
    failed_node_id: row.failedNodeId,
    blocks: blocks
      .filter((block) => block.executionId === row.id)
      .map((block) => ({
        node_id: block.nodeId,
        status: block.status as Execution['blocks'][number]['status'],
        attempt: block.attempt,
        started_at: block.startedAt?.toISOString() ?? null,
        finished_at: block.finishedAt?.toISOString() ?? null,
        rows_in: block.rowsIn,
        rows_out: block.rowsOut,
        error: block.error,
        cached: block.cached,
        outputs: handles
          .filter((h) => h.executionId === row.id && h.nodeId === block.nodeId)
          .map((h) => h.handle)
          .sort(),
      })),
  }));
}

export async function getExecution(scope: WorkflowsScope, executionId: string): Promise<Execution> {
  const [view] = await views(scope.db, [await loadExecution(scope, executionId)]);
  return view as Execution;
}

/** Execution History of a workflow, newest first. */
export async function listExecutions(
  scope: WorkflowsScope,
  query: { workflow_id: string; page_no: number; page_size: number },
) {
  const workflow = await loadWorkflowRow(scope, query.workflow_id);
  const where = eq(workflowExecutions.workflowId, workflow.id);
  const [total] = await scope.db.select({ n: count() }).from(workflowExecutions).where(where);
  const rows = await scope.db
    .select()
    .from(workflowExecutions)
    .where(where)
    .orderBy(desc(workflowExecutions.createdAt), desc(workflowExecutions.id))
    .limit(query.page_size)
    .offset((query.page_no - 1) * query.page_size);
  return {
    data: await views(scope.db, rows),
    page_no: query.page_no,
    page_size: query.page_size,
    total: Number(total?.n ?? 0),
  };
}

/** A row as people see it: the hidden item id a Table block's rows carry (not a column) left out. */
function withoutHiddenFields<T extends object>(row: T): T {
  if (!Object.hasOwn(row, ITEM_ID_FIELD)) return row;
  const { [ITEM_ID_FIELD]: _hidden, ...shown } = row as Record<string, unknown>;
  return shown as T;
}

/** One page of one block output: rows read from the chunks that hold them, never the whole output. */
export async function blockOutputPage(
  scope: WorkflowsScope,
  query: { execution_id: string; node_id: string; handle: string; page_no: number; page_size: number },
): Promise<BlockOutputPage> {
  const execution = await loadExecution(scope, query.execution_id);
  const chunks = await scope.db
    .select({
      chunk: workflowBlockOutputs.chunk,
      kind: workflowBlockOutputs.kind,
      columns: workflowBlockOutputs.columns,
      rowCount: workflowBlockOutputs.rowCount,
      value: workflowBlockOutputs.value,
    })
    .from(workflowBlockOutputs)
    .where(
      and(
        eq(workflowBlockOutputs.executionId, execution.id),
        eq(workflowBlockOutputs.nodeId, query.node_id),
        eq(workflowBlockOutputs.handle, query.handle),
      ),
    )
    .orderBy(asc(workflowBlockOutputs.chunk));
  const first = chunks[0];
  if (!first) throw notFound(`Block "${query.node_id}" has no output "${query.handle}" in this execution`);
  const base = {
    execution_id: execution.id,
    node_id: query.node_id,
    handle: query.handle,
    page_no: query.page_no,
    page_size: query.page_size,
  };
  if (first.kind === 'value') {
    const value = publicValue(execution.id, query.node_id, first.value);
    return { ...base, kind: 'value', columns: [], data: [], value, total: 0 };
  }
  const total = chunks.reduce((sum, chunk) => sum + chunk.rowCount, 0);
  const from = (query.page_no - 1) * query.page_size;
  const to = from + query.page_size;
  const wanted: number[] = [];
  let offset = 0;
  const starts = new Map<number, number>();
  for (const chunk of chunks) {
    if (offset < to && offset + chunk.rowCount > from) {
      wanted.push(chunk.chunk);
      starts.set(chunk.chunk, offset);
    }
    offset += chunk.rowCount;
  }
  const data: BlockOutputPage['data'] = [];
  if (wanted.length > 0) {
    const rows = await scope.db
      .select({ chunk: workflowBlockOutputs.chunk, rows: workflowBlockOutputs.rows })
      .from(workflowBlockOutputs)
      .where(
        and(
          eq(workflowBlockOutputs.executionId, execution.id),
          eq(workflowBlockOutputs.nodeId, query.node_id),
          eq(workflowBlockOutputs.handle, query.handle),
          inArray(workflowBlockOutputs.chunk, wanted),
        ),
      )
      .orderBy(asc(workflowBlockOutputs.chunk));
    for (const chunk of rows) {
      const start = starts.get(chunk.chunk) ?? 0;
      chunk.rows.forEach((row, i) => {
        const at = start + i;
        if (at >= from && at < to) data.push(withoutHiddenFields(row));
      });
    }
  }
  return { ...base, kind: 'rows', columns: first.columns, data, total };
}

/** What a crashed execution says: its process stopped (killed, or shut down) while it ran. */
export const CRASHED_ERROR = 'The server stopped while this execution ran: retry it';

/**
 * Executions whose worker died (a server restart, a killed process): still `running` but not
 * touched for `staleSeconds`. They become `crashed`, and can be retried.
 */
export async function markCrashedExecutions(db: Db, staleSeconds = 30): Promise<number> {
  const crashed = await db
    .update(workflowExecutions)
    .set({ status: 'crashed', finishedAt: sql`now()`, error: CRASHED_ERROR })
    .where(
      and(
        eq(workflowExecutions.status, 'running'),
        sql`coalesce(${workflowExecutions.heartbeatAt}, ${workflowExecutions.startedAt}, ${workflowExecutions.createdAt}) < now() - make_interval(secs => ${staleSeconds})`,
      ),
    )
    .returning({ id: workflowExecutions.id });
  await cancelStoppedBlocks(
    db,
    crashed.map((c) => c.id),
  );
  return crashed.length;
}

/** An execution its own process saw stopping (a shutdown): crashed, as if the process had died. */
export async function markExecutionCrashed(db: Db, executionId: string): Promise<void> {
  await db
    .update(workflowExecutions)
    .set({ status: 'crashed', finishedAt: sql`now()`, error: CRASHED_ERROR, failedNodeId: null })
    .where(eq(workflowExecutions.id, executionId));
  await cancelStoppedBlocks(db, [executionId]);
}

/** The blocks a stop caught: still running, or cancelled by the executor without a word. */
async function cancelStoppedBlocks(db: Db, executionIds: string[]) {
  if (executionIds.length === 0) return;
  await db
    .update(workflowBlockRuns)
    .set({
      status: 'cancelled',
      finishedAt: sql`coalesce(${workflowBlockRuns.finishedAt}, now())`,
      error: 'The server stopped',
    })
    .where(
      and(
        inArray(workflowBlockRuns.executionId, executionIds),
        or(
          eq(workflowBlockRuns.status, 'running'),
          and(eq(workflowBlockRuns.status, 'cancelled'), isNull(workflowBlockRuns.error)),
        ),
      ),
    );
}

/** An Export file's value as the API shows it: where to download the file, not where it is stored. */
function publicValue(executionId: string, nodeId: string, value: unknown): unknown {
  if (!isStoredExportedFile(value)) return value;
  const { storage_key: _stored, ...file } = value;
  const query = new URLSearchParams({ execution_id: executionId, node_id: nodeId });
  return { ...file, download_path: `/api/workflow/execution-file?${query}` };
}

/** A file to send: its name, type, length when known, and the stream of its bytes. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  size?: number;
  stream: Readable;
}

/**
 * A whole block output as a file: rows as CSV or XLSX written chunk by chunk as the client reads
 * (one 1,000-row chunk in memory at a time), any other value as JSON.
 */
export async function blockOutputDownload(
  scope: WorkflowsScope,
  query: { execution_id: string; node_id: string; handle: string; format: ExportFormat },
): Promise<DownloadFile> {
  const execution = await loadExecution(scope, query.execution_id);
  const where = and(
    eq(workflowBlockOutputs.executionId, execution.id),
    eq(workflowBlockOutputs.nodeId, query.node_id),
    eq(workflowBlockOutputs.handle, query.handle),
  );
  const chunks = await scope.db
    .select({
      chunk: workflowBlockOutputs.chunk,
      kind: workflowBlockOutputs.kind,
      columns: workflowBlockOutputs.columns,
      value: workflowBlockOutputs.value,
    })
    .from(workflowBlockOutputs)
    .where(where)
    .orderBy(asc(workflowBlockOutputs.chunk));
  const first = chunks[0];
  if (!first) throw notFound(`Block "${query.node_id}" has no output "${query.handle}" in this execution`);
  const graph = await versionGraph(scope.db, execution.workflowId, execution.version);
  const node = graph.nodes.find((n) => n.id === query.node_id);
  const label = node?.label || (node ? BLOCK_NAMES.get(node.type) : undefined) || query.node_id;
  if (first.kind === 'value') {
    const value = publicValue(execution.id, query.node_id, first.value);
    return {
      fileName: exportFileName(`${label} - ${query.handle}`, 'json'),
      contentType: 'application/json; charset=utf-8',
      stream: Readable.from([JSON.stringify(value ?? null, null, 2)]),
    };
  }
  const output = new PassThrough();
  async function* batches() {
    for (const { chunk } of chunks) {
      if (output.destroyed) return;
      const [stored] = await scope.db
        .select({ rows: workflowBlockOutputs.rows })
        .from(workflowBlockOutputs)
        .where(and(where, eq(workflowBlockOutputs.chunk, chunk)));
      yield stored?.rows ?? [];
    }
  }
  writeRows(output, query.format, `${label} ${query.handle}`, first.columns, batches()).catch((error) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return {
    fileName: exportFileName(`${label} - ${query.handle}`, query.format),
    contentType: CONTENT_TYPES[query.format],
    stream: output,
  };
}

/** The file an Export file block wrote in the execution: where it is stored, its name and size. */
export async function executionFile(
  scope: WorkflowsScope,
  query: { execution_id: string; node_id: string },
): Promise<{ storageKey: string; fileName: string; contentType: string; size: number }> {
  const execution = await loadExecution(scope, query.execution_id);
  const [row] = await scope.db
    .select({ value: workflowBlockOutputs.value })
    .from(workflowBlockOutputs)
    .where(
      and(
        eq(workflowBlockOutputs.executionId, execution.id),
        eq(workflowBlockOutputs.nodeId, query.node_id),
        eq(workflowBlockOutputs.handle, 'file'),
      ),
    );
  const file = row?.value;
  // Only a file of this organization's folder, whatever the stored value says.
  if (
    !isStoredExportedFile(file) ||
    !file.storage_key.startsWith(`${WORKFLOW_FILES}/${scope.organizationId}/`)
  ) {
    throw notFound(`Block "${query.node_id}" wrote no file in this execution`);
  }
  return {
    storageKey: file.storage_key,
    fileName: file.file_name,
    contentType: CONTENT_TYPES[file.format],
    size: file.size,
  };
}

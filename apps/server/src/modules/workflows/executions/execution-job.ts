import { type BlockOutputs, type BlockResult, executeGraph, isRowSet } from '@counterpart/workflow-engine';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import type { Database, Db } from '../../../db/database.ts';
import { users, workflowBlockOutputs, workflowBlockRuns, workflowExecutions } from '../../../db/schema.ts';
import type { JobDefinition, JobQueue } from '../../../jobs/job-types.ts';
import { createFileStore, type FileStore } from '../../../storage/file-store.ts';
import { BLOCK_NAMES } from '../block-catalog.ts';
import type { NotifyServices } from './block-environment.ts';
import { createBlockRunner, rowCount } from './execution-blocks.ts';
import {
  type ExecutionJobData,
  markExecutionCrashed,
  versionGraph,
  WORKFLOW_EXECUTION_JOB,
} from './executions.service.ts';

/** Rows per stored chunk of a block output: a page of /block-output reads one or two chunks. */
export const OUTPUT_CHUNK_ROWS = 1_000;
/** How often a running execution says it is alive and looks for a cancel request. */
const HEARTBEAT_MS = 2_000;
/** An execution still running after this is stopped and failed (the job itself expires at 60 minutes). */
export const EXECUTION_TIMEOUT_MS = 50 * 60_000;
/** Blocks of one execution running at once. */
const CONCURRENCY = 2;

async function storeOutputs(db: Db, executionId: string, nodeId: string, outputs: BlockOutputs) {
  for (const [handle, value] of Object.entries(outputs)) {
    if (isRowSet(value)) {
      const chunks = Math.max(1, Math.ceil(value.rows.length / OUTPUT_CHUNK_ROWS));
      for (let chunk = 0; chunk < chunks; chunk++) {
        const rows = value.rows.slice(chunk * OUTPUT_CHUNK_ROWS, (chunk + 1) * OUTPUT_CHUNK_ROWS);
        await db.insert(workflowBlockOutputs).values({
          executionId,
          nodeId,
          handle,
          chunk,
          kind: 'rows',
          columns: value.columns,
          rows,
          rowCount: rows.length,
        });
      }
    } else {
      await db
        .insert(workflowBlockOutputs)
        .values({ executionId, nodeId, handle, chunk: 0, kind: 'value', value: value ?? null });
    }
  }
}

/** The outputs a retry keeps: the earlier execution's, read back whole, copied to this one. */
async function carryOutputs(db: Db, from: string, to: string, nodes: string[]) {
  const cached = new Map<string, BlockOutputs>();
  if (nodes.length === 0) return cached;
  const chunks = await db
    .select()
    .from(workflowBlockOutputs)
    .where(and(eq(workflowBlockOutputs.executionId, from), inArray(workflowBlockOutputs.nodeId, nodes)))
    .orderBy(
      asc(workflowBlockOutputs.nodeId),
      asc(workflowBlockOutputs.handle),
      asc(workflowBlockOutputs.chunk),
    );
  for (const chunk of chunks) {
    const outputs = cached.get(chunk.nodeId) ?? {};
    cached.set(chunk.nodeId, outputs);
    if (chunk.kind === 'value') outputs[chunk.handle] = chunk.value;
    else {
      const current = outputs[chunk.handle] as { columns: string[]; rows: unknown[] } | undefined;
      if (current) current.rows.push(...chunk.rows);
      else outputs[chunk.handle] = { columns: chunk.columns, rows: [...chunk.rows] };
    }
    await db.insert(workflowBlockOutputs).values({ ...chunk, executionId: to });
  }
  return cached;
}

function sumRows(values: unknown[]): number | null {
  let total: number | null = null;
  for (const value of values) {
    const n = rowCount(value);
    if (n !== null) total = (total ?? 0) + n;
  }
  return total;
}

/** Runs one queued execution to its end; what it did is in its rows, not in memory. */
export async function runExecution(
  database: Database,
  store: FileStore,
  executionId: string,
  jobSignal: AbortSignal,
  progress: (percent: number, message?: string) => Promise<void> = async () => {},
  timeoutMs = EXECUTION_TIMEOUT_MS,
  services?: NotifyServices,
) {
  const db = database.db;
  const [claimed] = await db
    .update(workflowExecutions)
    .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(workflowExecutions.id, executionId), eq(workflowExecutions.status, 'queued')))
    .returning();
  // Cancelled while queued, or already taken: nothing to do.
  if (!claimed) return 'skipped';
  const [creator] = claimed.createdBy
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, claimed.createdBy))
    : [];
  const controller = new AbortController();
  // Why the run stops early: a person's cancel, the time limit, or this process stopping its workers.
  let cancelled = false;
  let timedOut = false;
  let interrupted = false;
  const onAbort = () => {
    if (!cancelled && !timedOut) interrupted = true;
    controller.abort();
  };
  jobSignal.addEventListener('abort', onAbort);
  const startedAt = Date.now();
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const heartbeat = setInterval(async () => {
    try {
      const [row] = await db
        .update(workflowExecutions)
        .set({ heartbeatAt: sql`now()` })
        .where(eq(workflowExecutions.id, executionId))
        .returning({ cancel: workflowExecutions.cancelRequested });
      if (row?.cancel && !controller.signal.aborted) {
        cancelled = true;
        controller.abort();
      }
    } catch {
      // The next beat tries again.
    }
  }, HEARTBEAT_MS);
  const inputsOf = new Map<string, number | null>();
  try {
    const graph = await versionGraph(db, claimed.workflowId, claimed.version);
    const rerun = claimed.rerunNodes ? new Set(claimed.rerunNodes) : null;
    const keep = rerun && claimed.retryOf ? graph.nodes.map((n) => n.id).filter((id) => !rerun.has(id)) : [];
    const cached = claimed.retryOf ? await carryOutputs(db, claimed.retryOf, executionId, keep) : new Map();
    const label = new Map(graph.nodes.map((n) => [n.id, n.label || BLOCK_NAMES.get(n.type) || n.type]));
    let ended = 0;
    const runBlock = createBlockRunner({
      db,
      organizationId: claimed.organizationId,
      actor: { userId: claimed.createdBy, email: creator?.email ?? 'workflow' },
      inputs: claimed.inputs,
      store,
      ...(services ? { services } : {}),
    });
    const result = await executeGraph(graph, {
      concurrency: CONCURRENCY,
      signal: controller.signal,
      cached,
      // "Run up to a block": only it and what feeds it; a retry runs what `cached` does not hold.
      ...(rerun && !claimed.retryOf ? { only: rerun } : {}),
      runBlock: async (context) => {
        // Also checked between blocks: a run made only of quick awaits may never let the timer fire.
        if (Date.now() - startedAt > timeoutMs) {
          timedOut = true;
          controller.abort();
          throw new Error('The execution ran out of time');
        }
        inputsOf.set(context.node.id, sumRows(Object.values(context.inputs).flat()));
        return runBlock(context);
      },
      hooks: {
        async onBlockStart(nodeId, attempt) {
          await db
            .insert(workflowBlockRuns)
            .values({ executionId, nodeId, status: 'running', attempt, startedAt: new Date() })
            .onConflictDoUpdate({
              target: [workflowBlockRuns.executionId, workflowBlockRuns.nodeId],
              set: { status: 'running', attempt, error: null },
            });
        },
        async onBlockEnd(nodeId, block: BlockResult) {
          if (block.status === 'succeeded' && block.outputs && !block.cached) {
            await storeOutputs(db, executionId, nodeId, block.outputs);
          }
          const rows = sumRows(block.outputs ? Object.values(block.outputs) : []);
          await db
            .insert(workflowBlockRuns)
            .values({
              executionId,
              nodeId,
              status: block.status,
              attempt: block.attempts,
              cached: Boolean(block.cached),
              rowsIn: inputsOf.get(nodeId) ?? null,
              rowsOut: rows,
              error: block.error ?? null,
              finishedAt: new Date(),
            })
            .onConflictDoUpdate({
              target: [workflowBlockRuns.executionId, workflowBlockRuns.nodeId],
              set: {
                status: block.status,
                attempt: block.attempts,
                rowsIn: inputsOf.get(nodeId) ?? null,
                rowsOut: rows,
                error: block.error ?? null,
                finishedAt: new Date(),
              },
            });
          ended += 1;
          // Live, to the tabs of whoever started the run (the process panel); the rows stay in the database.
          await progress(
            Math.round((ended / graph.nodes.length) * 100),
            `${label.get(nodeId)}: ${block.status}${rows === null ? '' : ` (${rows} rows)`}`,
          ).catch(() => {});
        },
      },
    });
    // Stopped by the shutdown, not by anyone: crashed, for a person to retry (not "cancelled").
    if (interrupted && result.outcome !== 'succeeded') {
      await markExecutionCrashed(db, executionId);
      return 'crashed';
    }
    await db
      .update(workflowExecutions)
      .set({
        status: timedOut ? 'failed' : result.outcome,
        finishedAt: sql`now()`,
        error: timedOut
          ? `Stopped after ${Math.round(timeoutMs / 60_000)} minutes, the time limit of an execution`
          : (result.failure?.error ?? (result.outcome === 'cancelled' ? 'Cancelled' : null)),
        failedNodeId: result.failure?.node_id ?? null,
      })
      .where(eq(workflowExecutions.id, executionId));
    return timedOut ? 'failed' : result.outcome;
  } catch (error) {
    if (interrupted) {
      await markExecutionCrashed(db, executionId);
      return 'crashed';
    }
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(workflowExecutions)
      .set({ status: 'failed', finishedAt: sql`now()`, error: message })
      .where(eq(workflowExecutions.id, executionId));
    return 'failed';
  } finally {
    clearInterval(heartbeat);
    clearTimeout(timer);
    jobSignal.removeEventListener('abort', onAbort);
  }
}

/** The `workflow-execution` job (source 'workflow'): one attempt; a crashed run is retried by a person. */
export function createExecutionJob(
  config: Config,
  database: Database,
  services?: Omit<NotifyServices, 'mail'>,
): JobDefinition<ExecutionJobData> {
  const notify = services ? { ...services, mail: config.mail } : undefined;
  const store = createFileStore(config.dataDir);
  return {
    name: WORKFLOW_EXECUTION_JOB,
    source: 'workflow',
    retryLimit: 0,
    expireInSeconds: 60 * 60,
    async run({ data, signal, progress }) {
      const outcome = await runExecution(
        database,
        store,
        data.executionId,
        signal,
        progress,
        EXECUTION_TIMEOUT_MS,
        notify,
      );
      const words: Record<string, string> = {
        succeeded: 'Workflow run finished',
        failed: 'Workflow run failed',
        cancelled: 'Workflow run cancelled',
        skipped: 'Workflow run was cancelled before it started',
        crashed: 'Workflow run stopped with the server: retry it',
      };
      if (outcome === 'failed') throw new Error(words.failed);
      return { message: words[outcome] ?? `Workflow run ${outcome}` };
    },
  };
}

export function defineExecutionJob(
  jobs: JobQueue,
  config: Config,
  database: Database,
  services: Omit<NotifyServices, 'mail'>,
): void {
  jobs.define(createExecutionJob(config, database, services));
}

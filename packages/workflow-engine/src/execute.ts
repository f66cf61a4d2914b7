import type { GraphNode, OnError, WorkflowGraph } from '@counterpart/contracts';
import { topologicalOrder } from '@counterpart/domain';

/**
 * The executor of a workflow graph. It knows nothing of HTTP, databases or files: the caller
 * gives it the blocks (`runBlock`), where to report (`hooks`) and what earlier runs left
 * (`cached`), so the server can make executions durable and tests can drive every path.
 *
 * Rules:
 * - A block starts once every block feeding it has finished; independent branches run at the
 *   same time, at most `concurrency` blocks at once, earlier blocks of the graph first.
 * - A failing attempt is retried after `backoff_seconds × 2^(attempt−1)` until `max_attempts`;
 *   then the block's `on_error` decides: `stop` ends the execution (blocks not started are
 *   skipped, running ones cancelled); `continue` lets other branches go on (what reads the failed
 *   block is skipped); `error_output` sends `{ message }` out of the block's `error` handle (what
 *   reads that handle runs, what reads its other outputs is skipped).
 * - Cancelling (the signal) stops waiting retries and running blocks at once; blocks report
 *   `cancelled`.
 * - `cached` outputs stand for blocks that are not run again (a re-run from a failed block or a
 *   chosen one); `only` limits the run to a set of blocks (run up to a block).
 */

export type BlockStatus = 'succeeded' | 'failed' | 'skipped' | 'cancelled';
export type ExecutionOutcome = 'succeeded' | 'failed' | 'cancelled';

/** What a block produced, by output handle. The executor passes values through untouched. */
export type BlockOutputs = Record<string, unknown>;

export interface BlockRunContext {
  node: GraphNode;
  /** Each input handle's values, one per connected edge (in edge order). */
  inputs: Record<string, unknown[]>;
  /** 1-based. */
  attempt: number;
  signal: AbortSignal;
}

export interface BlockResult {
  status: BlockStatus;
  attempts: number;
  outputs?: BlockOutputs;
  error?: string;
  /** True when the outputs came from an earlier execution. */
  cached?: boolean;
}

export interface ExecutionHooks {
  onBlockStart?(nodeId: string, attempt: number): void | Promise<void>;
  onBlockRetry?(nodeId: string, attempt: number, error: string, delayMs: number): void | Promise<void>;
  onBlockEnd?(nodeId: string, result: BlockResult): void | Promise<void>;
}

export interface ExecuteOptions {
  runBlock(context: BlockRunContext): Promise<BlockOutputs>;
  /** Most blocks running at once (default 4). */
  concurrency?: number;
  signal?: AbortSignal;
  hooks?: ExecutionHooks;
  /** Outputs of blocks not to run again, by node id. */
  cached?: ReadonlyMap<string, BlockOutputs>;
  /** Run only these blocks (and take the others from `cached`); default every block. */
  only?: ReadonlySet<string>;
  /** Waits between attempts; replaceable in tests. Rejects when the signal aborts. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

export interface ExecutionResult {
  outcome: ExecutionOutcome;
  blocks: Map<string, BlockResult>;
  /** The first block that stopped the execution, with its error. */
  failure?: { node_id: string; error: string };
}

export class GraphCycleError extends Error {
  constructor() {
    super('The workflow has a loop: it cannot run');
    this.name = 'GraphCycleError';
  }
}

export const ERROR_HANDLE = 'error';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export async function executeGraph(graph: WorkflowGraph, options: ExecuteOptions): Promise<ExecutionResult> {
  const order = topologicalOrder(graph);
  if (!order) throw new GraphCycleError();
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const sleep = options.sleep ?? defaultSleep;
  const hooks = options.hooks ?? {};
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const incoming = new Map<string, typeof graph.edges>();
  for (const edge of graph.edges) incoming.set(edge.target, [...(incoming.get(edge.target) ?? []), edge]);

  const stopAll = new AbortController();
  const outer = options.signal;
  const onOuterAbort = () => stopAll.abort(outer?.reason);
  if (outer?.aborted) stopAll.abort(outer.reason);
  else outer?.addEventListener('abort', onOuterAbort, { once: true });

  const results = new Map<string, BlockResult>();
  const running = new Map<string, Promise<void>>();
  let failure: ExecutionResult['failure'];
  let stopped = false;

  const finish = async (nodeId: string, result: BlockResult) => {
    results.set(nodeId, result);
    await hooks.onBlockEnd?.(nodeId, result);
  };

  // Blocks outside `only` are taken from the cache (or skipped when nothing is cached).
  for (const id of order) {
    const cachedOutputs = options.cached?.get(id);
    const inRun = options.only ? options.only.has(id) : !cachedOutputs;
    if (!inRun) {
      if (cachedOutputs)
        await finish(id, { status: 'succeeded', attempts: 0, outputs: cachedOutputs, cached: true });
      else if (options.only) results.set(id, { status: 'skipped', attempts: 0 });
    }
  }

  /** An input edge's value, or why the block cannot run (its source failed, was skipped...). */
  const inputsOf = (nodeId: string): Record<string, unknown[]> | null => {
    const inputs: Record<string, unknown[]> = {};
    for (const edge of incoming.get(nodeId) ?? []) {
      const source = results.get(edge.source);
      if (!source || (source.status !== 'succeeded' && !(source.status === 'failed' && source.outputs)))
        return null;
      const outputs = source.outputs ?? {};
      if (!(edge.source_handle in outputs)) return null;
      inputs[edge.target_handle] = [...(inputs[edge.target_handle] ?? []), outputs[edge.source_handle]];
    }
    return inputs;
  };

  const ready = (nodeId: string) => (incoming.get(nodeId) ?? []).every((edge) => results.has(edge.source));

  const runOne = async (node: GraphNode, inputs: Record<string, unknown[]>) => {
    const policy = node.retry ?? { max_attempts: 1, backoff_seconds: 0 };
    const onError: OnError = node.on_error ?? 'stop';
    let attempt = 0;
    for (;;) {
      attempt += 1;
      if (stopAll.signal.aborted) {
        await finish(node.id, { status: 'cancelled', attempts: attempt - 1 });
        return;
      }
      await hooks.onBlockStart?.(node.id, attempt);
      try {
        const outputs = await options.runBlock({ node, inputs, attempt, signal: stopAll.signal });
        stopAll.signal.throwIfAborted();
        await finish(node.id, { status: 'succeeded', attempts: attempt, outputs });
        return;
      } catch (error) {
        if (stopAll.signal.aborted) {
          await finish(node.id, { status: 'cancelled', attempts: attempt });
          return;
        }
        const text = message(error);
        if (attempt < policy.max_attempts) {
          const delay = policy.backoff_seconds * 1000 * 2 ** (attempt - 1);
          await hooks.onBlockRetry?.(node.id, attempt, text, delay);
          try {
            await sleep(delay, stopAll.signal);
          } catch {
            await finish(node.id, { status: 'cancelled', attempts: attempt });
            return;
          }
          continue;
        }
        if (onError === 'error_output') {
          await finish(node.id, {
            status: 'failed',
            attempts: attempt,
            error: text,
            outputs: { [ERROR_HANDLE]: { message: text } },
          });
        } else {
          await finish(node.id, { status: 'failed', attempts: attempt, error: text });
          if (!failure) failure = { node_id: node.id, error: text };
          if (onError === 'stop') {
            stopped = true;
            stopAll.abort(new Error(`Stopped: ${node.label ?? node.type} failed`));
          }
        }
        return;
      }
    }
  };

  try {
    for (;;) {
      // Start every ready block, earliest in the order first, up to the limit.
      for (const id of order) {
        if (running.size >= concurrency) break;
        if (results.has(id) || running.has(id) || !ready(id)) continue;
        const node = nodes.get(id) as GraphNode;
        if (stopped || stopAll.signal.aborted) {
          results.set(id, { status: stopped ? 'skipped' : 'cancelled', attempts: 0 });
          await hooks.onBlockEnd?.(id, results.get(id) as BlockResult);
          continue;
        }
        const inputs = inputsOf(id);
        if (!inputs) {
          await finish(id, { status: 'skipped', attempts: 0 });
          continue;
        }
        const task = runOne(node, inputs).finally(() => running.delete(id));
        running.set(id, task);
      }
      if (running.size === 0) {
        if (order.every((id) => results.has(id))) break;
        // Nothing runs and nothing can start: the rest waits on blocks that will never finish.
        for (const id of order) {
          if (!results.has(id)) await finish(id, { status: stopped ? 'skipped' : 'cancelled', attempts: 0 });
        }
        break;
      }
      await Promise.race(running.values());
    }
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
  }

  const outcome: ExecutionOutcome =
    outer?.aborted && !stopped
      ? 'cancelled'
      : failure || [...results.values()].some((r) => r.status === 'failed' && !r.outputs)
        ? 'failed'
        : 'succeeded';
  return { outcome, blocks: results, ...(failure ? { failure } : {}) };
}

import type { GraphEdge, GraphNode, OnError, WorkflowGraph } from '@counterpart/contracts';
import { downstreamOf } from '@counterpart/domain';
import { describe, expect, it } from 'vitest';
import { type BlockRunContext, ERROR_HANDLE, executeGraph, GraphCycleError } from './execute.ts';

const node = (id: string, extra: Partial<GraphNode> = {}): GraphNode => ({
  id,
  type: id.replace(/\d+$/, ''),
  typeVersion: 1,
  position: { x: 0, y: 0 },
  parameters: {},
  on_error: 'stop',
  ...extra,
});
const edge = (source: string, target: string, sourceHandle = 'out', targetHandle = 'in'): GraphEdge => ({
  id: `${source}-${target}-${sourceHandle}`,
  source,
  source_handle: sourceHandle,
  target,
  target_handle: targetHandle,
});
const graphOf = (nodes: GraphNode[], edges: GraphEdge[]): WorkflowGraph => ({
  schemaVersion: 1,
  nodes,
  edges,
});

/** home → a, b (parallel) → join */
function diamond(onError: OnError = 'stop', retry?: GraphNode['retry']): WorkflowGraph {
  return graphOf(
    [node('home'), node('a', { on_error: onError, ...(retry ? { retry } : {}) }), node('b'), node('join')],
    [edge('home', 'a'), edge('home', 'b'), edge('a', 'join'), edge('b', 'join')],
  );
}

/** Blocks that log what they do and output `<id>(<inputs>)`; `fail` names blocks that throw. */
function recorder(fail: Record<string, number> = {}) {
  const log: string[] = [];
  let running = 0;
  let peak = 0;
  const runBlock = async ({ node: n, inputs, attempt, signal }: BlockRunContext) => {
    running += 1;
    peak = Math.max(peak, running);
    log.push(`start ${n.id}#${attempt}`);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      signal.throwIfAborted();
      if ((fail[n.id] ?? 0) >= attempt) throw new Error(`${n.id} broke on attempt ${attempt}`);
      const seen = (inputs.in ?? []).map(String).join('+');
      return { out: `${n.id}(${seen})` };
    } finally {
      running -= 1;
      log.push(`end ${n.id}#${attempt}`);
    }
  };
  return { log, runBlock, peak: () => peak };
}

const noSleep = async () => {};

describe('executing a workflow graph', () => {
  it('runs in topological order, independent branches concurrently, inputs from upstream', async () => {
    const blocks = recorder();
    const result = await executeGraph(diamond(), { runBlock: blocks.runBlock, concurrency: 4 });
    expect(result.outcome).toBe('succeeded');
    expect(result.blocks.get('join')?.outputs).toEqual({ out: 'join(a(home())+b(home()))' });
    expect(blocks.log.indexOf('end home#1')).toBeLessThan(blocks.log.indexOf('start a#1'));
    expect(blocks.peak()).toBe(2);
  });

  it('keeps to the concurrency limit', async () => {
    const wide = graphOf(
      [node('home'), ...[1, 2, 3, 4, 5].map((i) => node(`leaf${i}`))],
      [1, 2, 3, 4, 5].map((i) => edge('home', `leaf${i}`)),
    );
    const blocks = recorder();
    const result = await executeGraph(wide, { runBlock: blocks.runBlock, concurrency: 2 });
    expect(result.outcome).toBe('succeeded');
    expect(blocks.peak()).toBe(2);
  });

  it('retries with doubling backoff, then applies onError: stop ends the execution', async () => {
    const blocks = recorder({ a: 5 });
    const waits: number[] = [];
    const events: string[] = [];
    const result = await executeGraph(diamond('stop', { max_attempts: 3, backoff_seconds: 2 }), {
      runBlock: blocks.runBlock,
      concurrency: 1,
      sleep: async (ms) => {
        waits.push(ms);
      },
      hooks: {
        onBlockRetry: (id, attempt, error) => void events.push(`retry ${id}#${attempt}: ${error}`),
        onBlockEnd: (id, r) => void events.push(`${id} ${r.status}`),
      },
    });
    expect(waits).toEqual([2000, 4000]);
    expect(events).toEqual([
      'home succeeded',
      'retry a#1: a broke on attempt 1',
      'retry a#2: a broke on attempt 2',
      'a failed',
      'b skipped',
      'join skipped',
    ]);
    expect(result).toMatchObject({
      outcome: 'failed',
      failure: { node_id: 'a', error: 'a broke on attempt 3' },
    });
    expect(result.blocks.get('a')?.attempts).toBe(3);
  });

  it('a retry that succeeds carries on as if nothing happened', async () => {
    const blocks = recorder({ a: 1 });
    const result = await executeGraph(diamond('stop', { max_attempts: 2, backoff_seconds: 0 }), {
      runBlock: blocks.runBlock,
      sleep: noSleep,
    });
    expect(result.outcome).toBe('succeeded');
    expect(result.blocks.get('a')).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('onError continue: the other branch goes on, what reads the failed block is skipped', async () => {
    const graph = graphOf(
      [node('home'), node('a', { on_error: 'continue' }), node('b'), node('after_a'), node('after_b')],
      [edge('home', 'a'), edge('home', 'b'), edge('a', 'after_a'), edge('b', 'after_b')],
    );
    const result = await executeGraph(graph, { runBlock: recorder({ a: 1 }).runBlock });
    expect(Object.fromEntries([...result.blocks].map(([id, r]) => [id, r.status]))).toEqual({
      home: 'succeeded',
      a: 'failed',
      b: 'succeeded',
      after_a: 'skipped',
      after_b: 'succeeded',
    });
    expect(result.outcome).toBe('failed');
  });

  it('onError error_output: the error handle feeds its reader, the normal output does not', async () => {
    const graph = graphOf(
      [node('home'), node('a', { on_error: 'error_output' }), node('handler'), node('normal')],
      [edge('home', 'a'), edge('a', 'handler', ERROR_HANDLE, 'in'), edge('a', 'normal')],
    );
    const seen: unknown[] = [];
    const result = await executeGraph(graph, {
      runBlock: async ({ node: n, inputs }) => {
        if (n.id === 'a') throw new Error('bad file');
        if (n.id === 'handler') seen.push(...(inputs.in ?? []));
        return { out: n.id };
      },
    });
    expect(seen).toEqual([{ message: 'bad file' }]);
    expect(result.blocks.get('normal')?.status).toBe('skipped');
    expect(result.outcome).toBe('succeeded');
  });

  it('cancelling stops running blocks and waiting retries; the rest is cancelled', async () => {
    const controller = new AbortController();
    const graph = graphOf(
      [node('home'), node('slow'), node('next')],
      [edge('home', 'slow'), edge('slow', 'next')],
    );
    const result = await executeGraph(graph, {
      signal: controller.signal,
      runBlock: ({ node: n, signal }) =>
        n.id === 'slow'
          ? new Promise((_, reject) => {
              setTimeout(() => controller.abort(new Error('user cancelled')), 5);
              signal.addEventListener('abort', () => reject(signal.reason), { once: true });
            })
          : Promise.resolve({ out: n.id }),
    });
    expect(result.outcome).toBe('cancelled');
    expect(result.blocks.get('slow')?.status).toBe('cancelled');
    expect(result.blocks.get('next')?.status).toBe('cancelled');
  });

  it('re-runs from a block with the earlier outputs of everything before it', async () => {
    const graph = diamond();
    const first = await executeGraph(graph, { runBlock: recorder().runBlock });
    const again = downstreamOf(graph, 'a');
    const cached = new Map(
      [...first.blocks].filter(([id]) => !again.has(id)).map(([id, r]) => [id, r.outputs ?? {}]),
    );
    const blocks = recorder();
    const second = await executeGraph(graph, { runBlock: blocks.runBlock, cached });
    expect(blocks.log.filter((l) => l.startsWith('start'))).toEqual(['start a#1', 'start join#1']);
    expect(second.blocks.get('home')).toMatchObject({ status: 'succeeded', cached: true, attempts: 0 });
    expect(second.blocks.get('join')?.outputs).toEqual(first.blocks.get('join')?.outputs);
  });

  it('runs only up to a chosen block', async () => {
    const blocks = recorder();
    const result = await executeGraph(diamond(), { runBlock: blocks.runBlock, only: new Set(['home', 'a']) });
    expect(result.blocks.get('a')?.status).toBe('succeeded');
    expect(result.blocks.get('b')?.status).toBe('skipped');
    expect(result.blocks.get('join')?.status).toBe('skipped');
    expect(blocks.log.filter((l) => l.startsWith('start'))).toEqual(['start home#1', 'start a#1']);
  });

  it('refuses a graph with a loop', async () => {
    const loop = graphOf(
      [node('home'), node('a'), node('b')],
      [edge('home', 'a'), edge('a', 'b'), edge('b', 'a')],
    );
    await expect(executeGraph(loop, { runBlock: recorder().runBlock })).rejects.toBeInstanceOf(
      GraphCycleError,
    );
  });
});

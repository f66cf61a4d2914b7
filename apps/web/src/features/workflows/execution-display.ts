import type {
  BlockDefinition,
  BlockRun,
  BlockRunStatus,
  Execution,
  ExecutionStatus,
  WorkflowGraph,
} from '@counterpart/contracts';
import { countOf, ERROR_OUTPUT, topologicalOrder } from '@counterpart/domain';

/**
 * How execution and block-run statuses read, and the badge word that gives their tone through the
 * shared StatusBadge (spec §3 tones): succeeded = success, failed and crashed = danger, running =
 * warning, queued, cancelled and skipped = neutral.
 */
export const EXECUTION_STATUS_DISPLAY: Record<ExecutionStatus, { label: string; tone: string }> = {
  queued: { label: 'Queued', tone: 'queued' },
  running: { label: 'Running', tone: 'partial' },
  succeeded: { label: 'Succeeded', tone: 'reconciled' },
  failed: { label: 'Failed', tone: 'inactive' },
  cancelled: { label: 'Cancelled', tone: 'cancelled' },
  crashed: { label: 'Crashed', tone: 'inactive' },
};

export const BLOCK_STATUS_DISPLAY: Record<BlockRunStatus, { label: string; tone: string }> = {
  running: { label: 'Running', tone: 'partial' },
  succeeded: { label: 'Succeeded', tone: 'reconciled' },
  failed: { label: 'Failed', tone: 'inactive' },
  skipped: { label: 'Skipped', tone: 'skipped' },
  cancelled: { label: 'Cancelled', tone: 'cancelled' },
};

export const TRIGGER_LABEL: Record<Execution['trigger'], string> = {
  manual: 'Manual',
  retry: 'Retry',
  schedule: 'Schedule',
};

/** Queued or running: the page polls, Cancel is offered, Retry is not. */
export function isExecutionActive(status: ExecutionStatus): boolean {
  return status === 'queued' || status === 'running';
}

const COUNT = new Intl.NumberFormat('en-US');

/** 450 → "450 ms", 12_340 → "12.3 s", 125_000 → "2 min 5 s", 3_900_000 → "1 h 5 min"; null → "—". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 3600) {
    const rest = seconds % 60;
    return rest ? `${Math.floor(seconds / 60)} min ${rest} s` : `${seconds / 60} min`;
  }
  const minutes = Math.floor(seconds / 60);
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`;
}

/** Milliseconds from one ISO time to another; null when either is missing or unreadable. */
export function durationBetween(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  const ms = new Date(end).getTime() - new Date(start).getTime();
  return Number.isNaN(ms) ? null : Math.max(0, ms);
}

/** 2505 → "2,505"; null (not counted) → "—". */
export function formatCount(value: number | null): string {
  return value === null ? '—' : COUNT.format(value);
}

/**
 * Block runs in the order of the graph that ran (each after the blocks it reads, ties in graph
 * order); runs of nodes the graph does not name, or every run when there is no graph yet, by start.
 */
export function orderBlockRuns(blocks: readonly BlockRun[], graph: WorkflowGraph | undefined): BlockRun[] {
  const order = graph ? (topologicalOrder(graph) ?? graph.nodes.map((node) => node.id)) : [];
  const rank = new Map(order.map((id, index) => [id, index]));
  const startOf = (block: BlockRun) => (block.started_at ? new Date(block.started_at).getTime() : Infinity);
  return [...blocks].sort((a, b) => {
    const ra = rank.get(a.node_id) ?? Number.MAX_SAFE_INTEGER;
    const rb = rank.get(b.node_id) ?? Number.MAX_SAFE_INTEGER;
    if (ra !== rb) return ra - rb;
    return startOf(a) - startOf(b) || a.node_id.localeCompare(b.node_id);
  });
}

type Catalog = ReadonlyMap<string, BlockDefinition>;

/** What a block is called: its label on the canvas, else its block type's name, else its id. */
export function blockTitle(graph: WorkflowGraph | undefined, nodeId: string, catalog: Catalog): string {
  const node = graph?.nodes.find((n) => n.id === nodeId);
  if (!node) return nodeId;
  return node.label?.trim() || catalog.get(node.type)?.name || node.type;
}

/** The label of one of a block's output handles ("Unique rows"), else the handle's name. */
export function outputLabel(
  graph: WorkflowGraph | undefined,
  nodeId: string,
  handle: string,
  catalog: Catalog,
): string {
  if (handle === ERROR_OUTPUT) return 'On error';
  const type = graph?.nodes.find((n) => n.id === nodeId)?.type;
  const port = type ? catalog.get(type)?.outputs.find((output) => output.name === handle) : undefined;
  return port?.label ?? handle;
}

/** A block run's output handles in the order its block type declares them; unknown ones after, as given. */
export function orderOutputs(
  graph: WorkflowGraph | undefined,
  nodeId: string,
  handles: readonly string[],
  catalog: Catalog,
): string[] {
  const type = graph?.nodes.find((n) => n.id === nodeId)?.type;
  const declared = (type ? catalog.get(type)?.outputs : undefined)?.map((port) => port.name) ?? [];
  const rank = (handle: string) => {
    const index = declared.indexOf(handle);
    return index === -1 ? declared.length : index;
  };
  return handles
    .map((handle, index) => ({ handle, index }))
    .sort((a, b) => rank(a.handle) - rank(b.handle) || a.index - b.index)
    .map((entry) => entry.handle);
}

/** The run inputs named by a refused start (`details["inputs.<name>"]`), keyed by input name. */
export function runInputErrors(details: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return fields;
  for (const [path, message] of Object.entries(details)) {
    if (!path.startsWith('inputs.') || typeof message !== 'string' || !message.trim()) continue;
    fields[path.slice('inputs.'.length)] ??= message.trim();
  }
  return fields;
}

/** How a block's run reads on its node in a graph: a tone for the border and one line of text. */
export interface NodeRunView {
  status: BlockRunStatus | 'not-run';
  /** "Succeeded · 2,505 → 1,200 rows", "Running (attempt 2)", "Failed: the reason". */
  text: string;
}

/** A block run as its node shows it; a block the run has not reached (yet) reads "Not run". */
export function nodeRunView(run: BlockRun | undefined): NodeRunView {
  if (!run) return { status: 'not-run', text: 'Not run' };
  const label = BLOCK_STATUS_DISPLAY[run.status].label;
  if (run.status === 'failed')
    return { status: run.status, text: `${label}: ${run.error ?? 'no reason given'}` };
  if (run.status === 'running') {
    return { status: run.status, text: run.attempt > 1 ? `${label} (attempt ${run.attempt})` : `${label}…` };
  }
  const rows =
    run.rows_in !== null && run.rows_out !== null
      ? ` · ${formatCount(run.rows_in)} → ${countOf(run.rows_out, 'row')}`
      : run.rows_out !== null
        ? ` · ${countOf(run.rows_out, 'row')}`
        : '';
  return { status: run.status, text: `${run.cached ? `${label} (cached)` : label}${rows}` };
}

/** Each node's run view, by node id, for every node of the graph. */
export function nodeRunViews(
  graph: WorkflowGraph,
  blocks: readonly BlockRun[],
): ReadonlyMap<string, NodeRunView> {
  const byNode = new Map(blocks.map((block) => [block.node_id, block]));
  return new Map(graph.nodes.map((node) => [node.id, nodeRunView(byNode.get(node.id))]));
}

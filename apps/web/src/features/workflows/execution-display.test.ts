import type { BlockDefinition, BlockRun, WorkflowGraph } from '@counterpart/contracts';
import { catalogOf, statusBadgeTone } from '@counterpart/domain';
import { describe, expect, it } from 'vitest';
import {
  BLOCK_STATUS_DISPLAY,
  blockTitle,
  durationBetween,
  EXECUTION_STATUS_DISPLAY,
  formatCount,
  formatDuration,
  isExecutionActive,
  nodeRunView,
  nodeRunViews,
  orderBlockRuns,
  orderOutputs,
  outputLabel,
  runInputErrors,
} from './execution-display.ts';

const node = (id: string, type: string, label?: string) => ({
  id,
  type,
  typeVersion: 1,
  position: { x: 0, y: 0 },
  parameters: {},
  on_error: 'stop' as const,
  ...(label ? { label } : {}),
});
const edge = (source: string, target: string) => ({
  id: `${source}-${target}`,
  source,
  source_handle: 'rows',
  target,
  target_handle: 'rows',
});

/** home → bank → dedupe → clean, and home → ledger → clean (listed out of order on purpose). */
const graph: WorkflowGraph = {
  schemaVersion: 1,
  nodes: [
    node('clean', 'clean_currency', 'Clean amounts'),
    node('dedupe', 'deduplicate'),
    node('home', 'home'),
    node('bank', 'table'),
    node('ledger', 'table', '  '),
  ],
  edges: [edge('home', 'bank'), edge('bank', 'dedupe'), edge('dedupe', 'clean'), edge('home', 'ledger')],
};

const definition = (type: string, name: string, outputs: Array<[string, string]>): BlockDefinition => ({
  type,
  typeVersion: 1,
  name,
  category: 'processing',
  description: '',
  inputs: [],
  outputs: outputs.map(([handle, label]) => ({
    name: handle,
    label,
    kind: 'table',
    required: false,
    multiple: false,
  })),
  parameters: [],
  available: true,
});
const catalog = catalogOf([
  definition('table', 'Table', [['rows', 'Rows']]),
  definition('deduplicate', 'Deduplicate', [
    ['rows', 'Unique rows'],
    ['duplicates', 'Duplicates'],
  ]),
  definition('clean_currency', 'Clean currency', [['rows', 'Rows']]),
]);

const run = (node_id: string, started_at: string | null = null): BlockRun => ({
  node_id,
  status: 'succeeded',
  attempt: 1,
  started_at,
  finished_at: null,
  rows_in: null,
  rows_out: null,
  error: null,
  cached: false,
  outputs: [],
});

describe('formatDuration', () => {
  it('reads milliseconds, seconds, minutes and hours', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(450)).toBe('450 ms');
    expect(formatDuration(1000)).toBe('1.0 s');
    expect(formatDuration(12_349)).toBe('12.3 s');
    expect(formatDuration(59_999)).toBe('59.9 s');
    expect(formatDuration(60_000)).toBe('1 min');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(3_600_000)).toBe('1 h');
    expect(formatDuration(3_900_000)).toBe('1 h 5 min');
  });

  it('shows a dash when there is no duration', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(-5)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('durationBetween', () => {
  it('measures from start to end, null when one is missing or unreadable', () => {
    expect(durationBetween('2026-01-01T10:00:00.000Z', '2026-01-01T10:00:02.500Z')).toBe(2500);
    expect(durationBetween('2026-01-01T10:00:00Z', null)).toBeNull();
    expect(durationBetween(null, '2026-01-01T10:00:00Z')).toBeNull();
    expect(durationBetween('soon', '2026-01-01T10:00:00Z')).toBeNull();
  });
});

describe('formatCount', () => {
  it('groups thousands; a missing count is a dash', () => {
    expect(formatCount(2505)).toBe('2,505');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(null)).toBe('—');
  });
});

describe('orderBlockRuns', () => {
  it('puts runs in the order of the graph, whatever order they come in', () => {
    const ordered = orderBlockRuns(
      [run('clean'), run('ledger'), run('bank'), run('home'), run('dedupe')],
      graph,
    );
    expect(ordered.map((b) => b.node_id)).toEqual(['home', 'bank', 'dedupe', 'clean', 'ledger']);
  });

  it('puts runs of nodes the graph does not name last, by start; by start alone without a graph', () => {
    const runs = [run('gone-b', '2026-01-01T10:00:02Z'), run('bank'), run('gone-a', '2026-01-01T10:00:01Z')];
    expect(orderBlockRuns(runs, graph).map((b) => b.node_id)).toEqual(['bank', 'gone-a', 'gone-b']);
    expect(orderBlockRuns(runs, undefined).map((b) => b.node_id)).toEqual(['gone-a', 'gone-b', 'bank']);
  });

  it('does not change the list it is given', () => {
    const runs = [run('clean'), run('home')];
    orderBlockRuns(runs, graph);
    expect(runs.map((b) => b.node_id)).toEqual(['clean', 'home']);
  });
});

describe('blockTitle and outputLabel', () => {
  it('names a block by its label, else its block type, else its id', () => {
    expect(blockTitle(graph, 'clean', catalog)).toBe('Clean amounts');
    expect(blockTitle(graph, 'dedupe', catalog)).toBe('Deduplicate');
    expect(blockTitle(graph, 'ledger', catalog)).toBe('Table');
    expect(blockTitle(graph, 'home', catalog)).toBe('home');
    expect(blockTitle(graph, 'gone', catalog)).toBe('gone');
    expect(blockTitle(undefined, 'clean', catalog)).toBe('clean');
  });

  it('names an output by its port label, else its handle', () => {
    expect(outputLabel(graph, 'dedupe', 'rows', catalog)).toBe('Unique rows');
    expect(outputLabel(graph, 'dedupe', 'duplicates', catalog)).toBe('Duplicates');
    expect(outputLabel(graph, 'dedupe', 'error', catalog)).toBe('On error');
    expect(outputLabel(graph, 'home', 'start', catalog)).toBe('start');
    expect(outputLabel(undefined, 'dedupe', 'rows', catalog)).toBe('rows');
  });
});

describe('orderOutputs', () => {
  it('lists handles as the block type declares them, unknown ones last in the order given', () => {
    expect(orderOutputs(graph, 'dedupe', ['duplicates', 'rows'], catalog)).toEqual(['rows', 'duplicates']);
    expect(orderOutputs(graph, 'dedupe', ['zeta', 'error', 'duplicates', 'rows'], catalog)).toEqual([
      'rows',
      'duplicates',
      'zeta',
      'error',
    ]);
    expect(orderOutputs(undefined, 'dedupe', ['duplicates', 'rows'], catalog)).toEqual([
      'duplicates',
      'rows',
    ]);
  });
});

describe('statuses', () => {
  it('gives succeeded a success tone, failed and crashed a danger tone, running a warning', () => {
    const tones = Object.fromEntries(
      Object.entries(EXECUTION_STATUS_DISPLAY).map(([status, { tone }]) => [status, statusBadgeTone(tone)]),
    );
    expect(tones).toEqual({
      queued: 'neutral',
      running: 'warning',
      succeeded: 'success',
      failed: 'danger',
      cancelled: 'neutral',
      crashed: 'danger',
    });
    expect(statusBadgeTone(BLOCK_STATUS_DISPLAY.failed.tone)).toBe('danger');
    expect(statusBadgeTone(BLOCK_STATUS_DISPLAY.skipped.tone)).toBe('neutral');
  });

  it('treats queued and running as active', () => {
    expect(isExecutionActive('queued')).toBe(true);
    expect(isExecutionActive('running')).toBe(true);
    expect(isExecutionActive('failed')).toBe(false);
    expect(isExecutionActive('succeeded')).toBe(false);
  });
});

describe('runInputErrors', () => {
  it('keeps the errors of run inputs, keyed by input name (which may hold dots)', () => {
    expect(
      runInputErrors({ 'inputs.period': 'Required', 'inputs.bank.code': 'Required', workflow_id: 'Bad id' }),
    ).toEqual({ period: 'Required', 'bank.code': 'Required' });
  });

  it('ignores anything that is not a map of messages', () => {
    expect(runInputErrors(undefined)).toEqual({});
    expect(runInputErrors(['inputs.period'])).toEqual({});
    expect(runInputErrors({ 'inputs.period': 3, 'inputs.other': ' ' })).toEqual({});
  });
});

describe('nodeRunView', () => {
  it('reads each status with its rows, attempt or reason; a block not reached reads "Not run"', () => {
    expect(nodeRunView(undefined)).toEqual({ status: 'not-run', text: 'Not run' });
    expect(nodeRunView({ ...run('a'), rows_in: 2505, rows_out: 1200 })).toEqual({
      status: 'succeeded',
      text: 'Succeeded · 2,505 → 1,200 rows',
    });
    expect(nodeRunView({ ...run('a'), rows_out: 12, cached: true }).text).toBe(
      'Succeeded (cached) · 12 rows',
    );
    expect(nodeRunView({ ...run('a'), status: 'running' }).text).toBe('Running…');
    expect(nodeRunView({ ...run('a'), status: 'running', attempt: 2 }).text).toBe('Running (attempt 2)');
    expect(nodeRunView({ ...run('a'), status: 'failed', error: 'No column "Amount"' })).toEqual({
      status: 'failed',
      text: 'Failed: No column "Amount"',
    });
    expect(nodeRunView({ ...run('a'), status: 'skipped' }).text).toBe('Skipped');
  });

  it('gives every node of the graph a view, runs of other nodes ignored', () => {
    const views = nodeRunViews(graph, [run('bank'), run('gone')]);
    expect([...views.keys()].sort()).toEqual(['bank', 'clean', 'dedupe', 'home', 'ledger']);
    expect(views.get('bank')?.status).toBe('succeeded');
    expect(views.get('home')?.status).toBe('not-run');
  });
});

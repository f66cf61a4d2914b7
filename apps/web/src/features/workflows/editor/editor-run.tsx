import type { Execution, Workflow, WorkflowGraph } from '@counterpart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { EyeOff, Play } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/lib/date-time.ts';
import { useCan } from '../../../shared/session/use-can.ts';
import { useNotificationsStore } from '../../../shared/stores/notifications-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { StatusBadge } from '../../../shared/ui/status-badge.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import {
  EXECUTION_STATUS_DISPLAY,
  isExecutionActive,
  type NodeRunView,
  nodeRunViews,
} from '../execution-display.ts';
import { useExecution, useExecutions } from '../executions-api.ts';
import { RunWorkflowButton } from '../run-workflow-button.tsx';
import { useWorkflowsKey } from '../workflows-api.ts';

/**
 * The workflow's latest run, live: read from the server (so a reload or a dropped socket loses
 * nothing), polled every 2 s while it runs, and fetched again at once whenever the real-time feed
 * brings progress of a workflow run (a block ended).
 */
export function useLatestRun(workflowId: string | undefined): Execution | undefined {
  const key = useWorkflowsKey();
  const queryClient = useQueryClient();
  const history = useExecutions(workflowId ?? '', 1, workflowId !== undefined);
  const latest = history.data?.data[0];
  const execution = useExecution(latest?.execution_id ?? null);
  const progress = useNotificationsStore((state) =>
    state.processes
      .filter((process) => process.source === 'workflow')
      .map((process) => `${process.id}:${process.info.progress ?? ''}:${process.info.status ?? ''}`)
      .join('|'),
  );
  useEffect(() => {
    if (!workflowId || !progress) return;
    void queryClient.invalidateQueries({ queryKey: [...key, 'executions', workflowId] });
    void queryClient.invalidateQueries({ queryKey: [...key, 'execution'] });
  }, [progress, workflowId, key, queryClient]);
  return execution.data ?? latest;
}

/** The latest run's view of each node of the graph being edited, unless that run was hidden. */
export function useRunOverlay(workflowId: string | undefined, graph: WorkflowGraph) {
  const run = useLatestRun(workflowId);
  const [hidden, setHidden] = useState<string | null>(null);
  const shown = run && run.execution_id !== hidden ? run : undefined;
  const views = useMemo<ReadonlyMap<string, NodeRunView> | undefined>(
    () => (shown ? nodeRunViews(graph, shown.blocks) : undefined),
    [graph, shown],
  );
  return { run: shown, views, hide: () => setHidden(run?.execution_id ?? null) };
}

/** Above the canvas: the run shown on it, its status, a link to its details, and Hide. */
export function RunStrip({ run, onHide }: { run: Execution; onHide: () => void }) {
  const display = EXECUTION_STATUS_DISPLAY[run.status];
  const done = run.blocks.filter((block) => block.status !== 'running').length;
  return (
    <section
      aria-label="Latest run"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-zinc-200 bg-white px-4 py-2 text-sm shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <span className="font-medium text-zinc-900 dark:text-zinc-50">Latest run</span>
      <StatusBadge status={display.tone} label={display.label} />
      <span className="text-zinc-600 tabular-nums dark:text-zinc-300">
        v{run.version} · {formatDateTime(run.created_at)}
        {isExecutionActive(run.status) && ` · ${done} block${done === 1 ? '' : 's'} done`}
      </span>
      <Link
        to={`/workflows/executions/${encodeURIComponent(run.workflow_id)}?execution=${encodeURIComponent(run.execution_id)}`}
        className="rounded text-[var(--color-primary-text)] hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]"
      >
        Open in Execution History
      </Link>
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onHide}>
        <EyeOff aria-hidden="true" />
        Hide run
      </Button>
    </section>
  );
}

/** JSON with object keys sorted: two graphs that differ only in key order read the same. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/**
 * Run, from the editor: the saved version runs and its progress shows on the canvas (no page
 * change). With unsaved changes it says to save first rather than run what is not on the canvas.
 */
export function EditorRunButton({ workflow, graph }: { workflow: Workflow; graph: WorkflowGraph }) {
  const canRun = useCan('create', 'workflow');
  const unsaved = useMemo(() => canonical(graph) !== canonical(workflow.graph), [graph, workflow.graph]);
  if (!canRun) return null;
  if (unsaved) {
    return (
      <Button
        variant="secondary"
        onClick={() => toast.info('Save first', 'A run uses the saved version of the workflow.')}
      >
        <Play aria-hidden="true" />
        Run
      </Button>
    );
  }
  return (
    <RunWorkflowButton
      workflowId={workflow.workflow_id}
      workflowName={workflow.workflow_name}
      size="md"
      onStarted={() => {}}
    />
  );
}

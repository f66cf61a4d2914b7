import type { Execution } from '@counterpart/contracts';
import { catalogOf } from '@counterpart/domain';
import { Ban, RotateCcw } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { useCan } from '../../shared/session/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useDocument } from '../documents/index.ts';
import { BlockRunsList, showBlockRun } from './block-runs-list.tsx';
import {
  blockTitle,
  EXECUTION_STATUS_DISPLAY,
  formatDuration,
  isExecutionActive,
  TRIGGER_LABEL,
} from './execution-display.ts';
import {
  useBlockCatalog,
  useCancelExecution,
  useExecution,
  useRetryExecution,
  useVersionGraph,
} from './executions-api.ts';

// React Flow is heavy: the graph loads with its own chunk, after the details.
const ExecutionGraph = lazy(() =>
  import('./execution-graph.tsx').then((m) => ({ default: m.ExecutionGraph })),
);

export interface ExecutionDetailProps {
  executionId: string;
  workflowId: string;
  /** Opens another execution (the one a retry started, the one this one re-runs). */
  onSelect: (executionId: string) => void;
}

/** One execution: its summary, error and failed block, Cancel or Retry, and its block runs in graph order. */
export function ExecutionDetail({ executionId, workflowId, onSelect }: ExecutionDetailProps) {
  const execution = useExecution(executionId);
  const ref = useRef<HTMLDivElement>(null);
  // Opening an execution takes focus (and the eye) to it, below the list.
  useEffect(() => {
    ref.current?.focus();
  }, []);

  return (
    <div ref={ref} tabIndex={-1} className="rounded-xl focus:outline-none">
      {execution.isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : execution.isError ? (
        <Panel title="Execution details">
          <ErrorAlert className="p-5">{execution.error.message}</ErrorAlert>
        </Panel>
      ) : (
        <Details execution={execution.data} workflowId={workflowId} onSelect={onSelect} />
      )}
    </div>
  );
}

function Details({
  execution,
  workflowId,
  onSelect,
}: {
  execution: Execution;
  workflowId: string;
  onSelect: (executionId: string) => void;
}) {
  const canCreate = useCan('create', 'workflow');
  const graph = useVersionGraph(workflowId, execution.version).data?.graph;
  const blocks = useBlockCatalog().data?.nodes;
  const catalog = useMemo(() => catalogOf(blocks ?? []), [blocks]);
  const cancel = useCancelExecution();
  const retry = useRetryExecution();
  const active = isExecutionActive(execution.status);
  const display = EXECUTION_STATUS_DISPLAY[execution.status];

  const doCancel = async () => {
    try {
      const after = await cancel.mutateAsync(execution.execution_id);
      toast.success(
        after.status === 'cancelled' ? 'Execution cancelled' : 'Cancelling: the run stops shortly',
      );
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };
  const doRetry = async (from: 'start' | 'failed') => {
    try {
      const started = await retry.mutateAsync({ executionId: execution.execution_id, from });
      toast.success('Retry started');
      onSelect(started.execution_id);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  const actions = canCreate ? (
    active ? (
      <Button variant="secondary" onClick={() => void doCancel()} loading={cancel.isPending}>
        <Ban aria-hidden="true" />
        Cancel run
      </Button>
    ) : (
      <>
        <Button
          variant="secondary"
          onClick={() => void doRetry('start')}
          loading={retry.isPending && retry.variables?.from === 'start'}
          disabled={retry.isPending}
        >
          <RotateCcw aria-hidden="true" />
          Retry from start
        </Button>
        {execution.failed_node_id && (
          <Button
            variant="secondary"
            onClick={() => void doRetry('failed')}
            loading={retry.isPending && retry.variables?.from === 'failed'}
            disabled={retry.isPending}
          >
            <RotateCcw aria-hidden="true" />
            Retry from failed block
          </Button>
        )}
      </>
    )
  ) : undefined;

  const inputs = Object.entries(execution.inputs);
  return (
    <Panel
      title="Execution details"
      description={`Run of ${formatDateTime(execution.created_at)}`}
      actions={actions}
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 px-4 py-4 text-sm sm:grid-cols-3 sm:px-5 lg:grid-cols-4">
        <Fact term="Status">
          <StatusBadge status={display.tone} label={display.label} />
        </Fact>
        <Fact term="Version">v{execution.version}</Fact>
        <Fact term="Trigger">
          {TRIGGER_LABEL[execution.trigger]}
          {execution.retry_of && (
            <>
              {' of '}
              <Link
                to={{ search: `?execution=${encodeURIComponent(execution.retry_of)}` }}
                className="rounded text-[var(--color-primary-text)] hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]"
              >
                an earlier run
              </Link>
            </>
          )}
        </Fact>
        <Fact term="Started by">
          <span className="block truncate">{execution.started_by_email ?? '—'}</span>
        </Fact>
        <Fact term="Started">{execution.started_at ? formatDateTime(execution.started_at) : 'Not yet'}</Fact>
        <Fact term="Finished">{execution.finished_at ? formatDateTime(execution.finished_at) : '—'}</Fact>
        <Fact term="Duration">{active ? 'In progress' : formatDuration(execution.duration_ms)}</Fact>
        {inputs.map(([name, value]) => {
          const upload = graph?.nodes.find((n) => n.id === name && n.type === 'upload_document');
          return upload ? (
            <Fact key={name} term={blockTitle(graph, name, catalog)}>
              <DocumentName id={value} />
            </Fact>
          ) : (
            <Fact key={name} term={`Input: ${name}`}>
              <span className="block truncate">{value || '—'}</span>
            </Fact>
          );
        })}
      </dl>
      {execution.blocks.some((b) => b.status === 'succeeded' && b.outputs.includes('dashboard')) && (
        <p className="px-4 pb-4 text-sm sm:px-5">
          <Link
            to={`/workflows/executions/${encodeURIComponent(workflowId)}/dashboards?execution=${encodeURIComponent(execution.execution_id)}`}
            className="rounded font-medium text-[var(--color-primary-text)] hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]"
          >
            Dashboards
          </Link>
        </p>
      )}
      {execution.error && (
        <div className="mx-4 mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm sm:mx-5 dark:border-red-500/30 dark:bg-red-500/10">
          <p className="font-medium text-red-800 dark:text-red-300">
            {execution.failed_node_id
              ? `Failed at “${blockTitle(graph, execution.failed_node_id, catalog)}”`
              : 'The run did not finish'}
          </p>
          <p className="mt-1 break-words text-red-700 dark:text-red-300">{execution.error}</p>
        </div>
      )}
      {graph && (
        <section
          aria-label="Graph of the run"
          className="border-t border-zinc-200 px-4 py-4 sm:px-5 dark:border-zinc-800"
        >
          <Suspense fallback={<Skeleton className="h-80 w-full lg:h-96" />}>
            <ExecutionGraph
              graph={graph}
              blocks={execution.blocks}
              catalog={catalog}
              onOpenBlock={(nodeId) => showBlockRun(execution.execution_id, nodeId)}
            />
          </Suspense>
        </section>
      )}
      <BlockRunsList execution={execution} graph={graph} catalog={catalog} />
    </Panel>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className="mt-0.5 text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

/** A run's document input: the file's name, linking to the document (its id while it loads). */
function DocumentName({ id }: { id: string }) {
  const document = useDocument(id);
  const name = document.data?.file_name;
  return (
    <Link
      to={`/documents/${encodeURIComponent(id)}`}
      className="block truncate rounded text-[var(--color-primary-text)] hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]"
    >
      {name ?? (document.isError ? 'Document not found' : id)}
    </Link>
  );
}

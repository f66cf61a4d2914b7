import type { BlockDefinition, Execution, WorkflowGraph } from '@counterpart/contracts';
import { ArrowRight, Table2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { BlockOutputDialog } from './block-output-dialog.tsx';
import {
  BLOCK_STATUS_DISPLAY,
  blockTitle,
  durationBetween,
  formatCount,
  formatDuration,
  orderBlockRuns,
  orderOutputs,
  outputLabel,
} from './execution-display.ts';

export interface BlockRunsListProps {
  execution: Execution;
  graph: WorkflowGraph | undefined;
  catalog: ReadonlyMap<string, BlockDefinition>;
}

interface OpenOutput {
  nodeId: string;
  handle: string;
  title: string;
}

const blockRunId = (executionId: string, nodeId: string) => `block-run-${executionId}-${nodeId}`;

/** Brings one block's run into view and focus (a block chosen on the run's graph). */
export function showBlockRun(executionId: string, nodeId: string): void {
  // After the click that chose the block has settled (it focuses the block on the canvas).
  requestAnimationFrame(() => {
    const item = document.getElementById(blockRunId(executionId, nodeId));
    item?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    item?.focus({ preventScroll: true });
  });
}

/** Each block's run in graph order: status, attempt, rows in → out, duration, error, cached; its outputs. */
export function BlockRunsList({ execution, graph, catalog }: BlockRunsListProps) {
  const [open, setOpen] = useState<OpenOutput | null>(null);
  const blocks = orderBlockRuns(execution.blocks, graph);
  const headingId = `block-runs-${execution.execution_id}`;

  return (
    <section aria-labelledby={headingId} className="border-t border-zinc-200 dark:border-zinc-800">
      <h3
        id={headingId}
        className="px-4 pt-4 pb-2 text-sm font-semibold text-zinc-900 sm:px-5 dark:text-zinc-50"
      >
        Block runs
      </h3>
      {blocks.length === 0 ? (
        <p className="px-4 pb-5 text-sm text-zinc-500 sm:px-5 dark:text-zinc-400">No block has run yet.</p>
      ) : (
        <ol className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {blocks.map((block) => {
            const title = blockTitle(graph, block.node_id, catalog);
            const node = graph?.nodes.find((n) => n.id === block.node_id);
            const typeName = node ? (catalog.get(node.type)?.name ?? node.type) : null;
            const display = BLOCK_STATUS_DISPLAY[block.status];
            return (
              <li
                key={block.node_id}
                id={blockRunId(execution.execution_id, block.node_id)}
                tabIndex={-1}
                aria-labelledby={`${headingId}-${block.node_id}`}
                className="scroll-mt-4 space-y-2 px-4 py-3 focus:bg-[var(--color-primary)]/5 focus:outline-none sm:px-5"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <h4
                    id={`${headingId}-${block.node_id}`}
                    className="min-w-0 font-medium break-words text-zinc-900 dark:text-zinc-100"
                  >
                    {title}
                  </h4>
                  {typeName && typeName !== title && (
                    <span className="text-xs text-zinc-500 dark:text-zinc-400">{typeName}</span>
                  )}
                  <StatusBadge status={display.tone} label={display.label} />
                  {block.cached && (
                    <span
                      title="Output taken from the run this one retries"
                      className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-700 ring-1 ring-sky-600/20 ring-inset dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-500/30"
                    >
                      Cached
                    </span>
                  )}
                </div>
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 tabular-nums dark:text-zinc-300">
                  <span>Attempt {block.attempt}</span>
                  {block.rows_in !== null && block.rows_out !== null ? (
                    <span className="inline-flex items-center gap-1">
                      {formatCount(block.rows_in)} in
                      <ArrowRight aria-hidden="true" className="size-3" />
                      {formatCount(block.rows_out)} out
                    </span>
                  ) : block.rows_out !== null ? (
                    <span>{formatCount(block.rows_out)} out</span>
                  ) : block.rows_in !== null ? (
                    <span>{formatCount(block.rows_in)} in</span>
                  ) : null}
                  <span>
                    {block.status === 'running'
                      ? 'Running'
                      : formatDuration(durationBetween(block.started_at, block.finished_at))}
                  </span>
                </p>
                {block.error && (
                  <p className="text-sm break-words text-red-700 dark:text-red-400">{block.error}</p>
                )}
                {block.outputs.length > 0 && (
                  <div className="flex flex-wrap gap-2">
                    {orderOutputs(graph, block.node_id, block.outputs, catalog).map((handle) => {
                      const label = outputLabel(graph, block.node_id, handle, catalog);
                      return (
                        <Button
                          key={handle}
                          variant="secondary"
                          size="sm"
                          aria-label={`${label} output of ${title}`}
                          onClick={() =>
                            setOpen({ nodeId: block.node_id, handle, title: `${title}: ${label}` })
                          }
                        >
                          <Table2 aria-hidden="true" />
                          {label}
                        </Button>
                      );
                    })}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {open && (
        <BlockOutputDialog
          title={open.title}
          output={{ executionId: execution.execution_id, nodeId: open.nodeId, handle: open.handle }}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

import type { TableImport } from '@counterpart/contracts';
import { countOf, isErrorStatus, processProgress } from '@counterpart/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNotificationsStore } from '../../../shared/stores/notifications-store.ts';

const COUNT = new Intl.NumberFormat('en-US');

/**
 * The running import: the job's realtime progress (its process id is the import id) when the socket
 * has reported, else what the last poll of the import says (polled every second meanwhile).
 */
export function ImportProgress({
  tableImport,
  onSettled,
  cancel,
}: {
  tableImport: TableImport;
  /** The way to stop it (a Cancel import button), under the counts. */
  cancel?: ReactNode;
  /** The socket says the job ended (its card completed or failed): read the import now, not at the next poll. */
  onSettled: () => void;
}) {
  const process = useNotificationsStore((state) =>
    state.processes.find((candidate) => candidate.id === tableImport.id),
  );
  const seen = useRef(false);
  const ended = seen.current && (process === undefined || isErrorStatus(process.info.status));
  if (process) seen.current = true;
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  useEffect(() => {
    if (ended) onSettledRef.current();
  }, [ended]);
  const queued = tableImport.status === 'queued';
  const percent = process ? processProgress(process) : 0;
  const message =
    process?.info.message ?? (queued ? 'Waiting for a worker…' : `Importing ${tableImport.file_name}…`);
  return (
    <section aria-labelledby="import-progress-title" className="space-y-4 py-4">
      <h3 id="import-progress-title" className="text-base font-semibold text-zinc-900 dark:text-zinc-100">
        Importing {tableImport.file_name}
      </h3>
      <div className="space-y-1.5">
        <div className="flex justify-between gap-3 text-sm text-zinc-700 dark:text-zinc-300">
          <span className="min-w-0" aria-live="polite">
            {message}
          </span>
          <span className="tabular-nums">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={`Import of ${tableImport.file_name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        >
          <div
            className="h-full rounded-full bg-[var(--color-primary)] transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        {countOf(tableImport.total_rows, 'row')} read · {COUNT.format(tableImport.inserted_rows)} inserted ·{' '}
        {COUNT.format(tableImport.failed_rows)} refused. You can leave this page: the import goes on, and its
        progress shows in the notifications panel.
      </p>
      {cancel}
    </section>
  );
}

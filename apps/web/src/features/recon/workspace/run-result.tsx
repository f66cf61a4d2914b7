import type { ReconRun } from '@counterpart/contracts';
import { processProgress } from '@counterpart/domain';
import { useNotificationsStore } from '../../../shared/stores/notifications-store.ts';
import type { useReconRun } from './recon-api.ts';

const COUNT = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return COUNT.format(value);
}

export interface RunProgress {
  finished: boolean;
  percent: number;
  /** "Waiting for a worker…", the job's own message, "Finished" or "Failed". */
  message: string;
}

/** Where a run is: finished or not, its percentage and message (from the job's live progress). */
export function useRunProgress(runId: string | null, run: ReturnType<typeof useReconRun>): RunProgress {
  const process = useNotificationsStore((state) =>
    state.processes.find((candidate) => candidate.id === run.data?.job_id || candidate.id === runId),
  );
  const status = run.data?.status ?? (runId ? 'queued' : null);
  const finished = status === 'succeeded' || status === 'failed';
  const percent = finished ? 100 : process ? processProgress(process) : status === 'running' ? 50 : 0;
  const message = finished
    ? status === 'succeeded'
      ? 'Finished'
      : 'Failed'
    : (process?.info.message ??
      (status === 'queued' ? 'Waiting for a worker…' : status === 'running' ? 'Matching…' : (status ?? '')));
  return { finished, percent, message };
}

/** The status line and progress bar of a run. */
export function RunProgressBar(props: { progress: RunProgress; label: string; testId: string }) {
  const { progress, label } = props;
  return (
    <>
      <div className="flex justify-between gap-3 text-sm text-zinc-700 dark:text-zinc-300">
        <span aria-live="polite" data-testid={props.testId}>
          {progress.message}
        </span>
        <span className="tabular-nums">{progress.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className="h-full rounded-full bg-[var(--color-primary)] transition-[width]"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
    </>
  );
}

/** The groups a run made (or a dry run would make) per pass. */
export function PassTable({ run }: { run: ReconRun }) {
  if (!run.summary.passes) return null;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Groups per pass</caption>
      <thead className="text-xs text-zinc-500 dark:text-zinc-400">
        <tr>
          <th className="py-1 font-medium">Pass</th>
          <th className="py-1 text-right font-medium">Automatic</th>
          <th className="py-1 text-right font-medium">Suggested</th>
        </tr>
      </thead>
      <tbody>
        {run.summary.passes.map((pass) => (
          <tr key={pass.pass_id} className="border-t border-zinc-100 dark:border-zinc-800">
            <td className="py-1">{pass.name ?? pass.pass_id}</td>
            <td className="py-1 text-right tabular-nums">{formatCount(pass.auto)}</td>
            <td className="py-1 text-right tabular-nums">{formatCount(pass.suggested)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a dry run would make: groups per status, the rows considered, and per pass. Nothing is saved. */
export function DryRunResult({ run }: { run: ReconRun }) {
  const groups = run.summary.groups;
  const figures: ReadonlyArray<[string, string, number | undefined]> = [
    ['reconciled', 'Reconciled', groups?.reconciled],
    ['partial', 'Partial', groups?.partial],
    ['suggested', 'Suggested', groups?.suggested],
  ];
  return (
    <div className="space-y-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        Groups this run would make (nothing was saved), from {formatCount(run.summary.left_considered ?? 0)}{' '}
        left and {formatCount(run.summary.right_considered ?? 0)} right rows
        {run.options.incremental ? ' that are new or open' : ''}:
      </p>
      <dl className="grid grid-cols-3 gap-2">
        {figures.map(([key, label, value]) => (
          <div
            key={key}
            data-testid={`dry-run-${key}`}
            data-count={value ?? 0}
            className="rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800"
          >
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
            <dd className="text-lg font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">
              {formatCount(value ?? 0)}
            </dd>
          </div>
        ))}
      </dl>
      <PassTable run={run} />
    </div>
  );
}

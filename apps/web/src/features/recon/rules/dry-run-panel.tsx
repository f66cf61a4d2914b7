import type { ReconRun, RulePass } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { SelectField } from '../../../shared/ui/select-field.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { StatusBadge } from '../../../shared/ui/status-badge.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useRunProgress, useStartDryRun, useTableChoices } from './rules-api.ts';

const COUNT = new Intl.NumberFormat('en-US');
const STATUSES = ['reconciled', 'partial', 'suggested', 'unreconciled'] as const;
/** Column headings, full and as shown on phones. */
const COLUMNS = [
  ['Comparisons', 'Tried'],
  ['Groups', 'Groups'],
  ['Automatic', 'Auto'],
  ['Suggested', 'Sugg.'],
] as const;

export interface DryRunPanelProps {
  /** The passes as they are in the form, or null when the form has errors (they are then shown). */
  readPasses: () => RulePass[] | null;
}

/** "Test on current data": a dry run of the unsaved passes over two tables, with counts per pass. */
export function DryRunPanel({ readPasses }: DryRunPanelProps) {
  const tables = useTableChoices('');
  const [leftId, setLeftId] = useState('');
  const [rightId, setRightId] = useState('');
  const [errors, setErrors] = useState<{ left?: string; right?: string }>({});
  const [runId, setRunId] = useState<string | null>(null);
  const start = useStartDryRun();
  const progress = useRunProgress(runId);
  const run = progress.data;
  const waiting =
    start.isPending || (runId !== null && (!run || run.status === 'queued' || run.status === 'running'));

  const choices = [
    { value: '', label: tables.isPending ? 'Loading tables…' : 'Choose a table' },
    ...(tables.data?.data ?? []).map((table) => ({
      value: table.id,
      label: `${table.name} (${countOf(table.row_count, 'row')})`,
    })),
  ];

  const test = async () => {
    const next: { left?: string; right?: string } = {};
    if (!leftId) next.left = 'Choose the left table';
    if (!rightId) next.right = 'Choose the right table';
    else if (rightId === leftId) next.right = 'Choose a table other than the left one';
    setErrors(next);
    const passes = readPasses();
    if (next.left || next.right) return;
    if (!passes) {
      toast.error('Check the passes', 'Some fields of the rule set need a fix before a test run.');
      return;
    }
    try {
      const started = await start.mutateAsync({ left_table_id: leftId, right_table_id: rightId, passes });
      setRunId(started.id);
    } catch (failure) {
      toast.error('Test run refused', failure instanceof Error ? failure.message : undefined);
    }
  };

  return (
    <Panel
      title="Test on current data"
      description="Runs these passes, unsaved, over two tables without saving any match."
    >
      <div className="space-y-4 p-4 sm:p-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Left table (e.g. bank or M-Pesa)"
            value={leftId}
            options={choices}
            error={errors.left}
            onChange={setLeftId}
          />
          <SelectField
            label="Right table (e.g. ledger)"
            value={rightId}
            options={choices}
            error={errors.right}
            onChange={setRightId}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void test()} loading={waiting}>
            <FlaskConical aria-hidden="true" />
            Test on current data
          </Button>
          {waiting && runId !== null && (
            <span className="inline-flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300">
              <Spinner label="Test run in progress" className="size-4" />
              {run?.status === 'running' ? 'Matching…' : 'Waiting to start…'}
            </span>
          )}
        </div>
        {progress.isError && <ErrorAlert>{progress.error.message}</ErrorAlert>}
        {run?.status === 'failed' && (
          <ErrorAlert>The test run failed: {run.error_message ?? 'no reason given'}</ErrorAlert>
        )}
        {run?.status === 'succeeded' && <DryRunResult run={run} />}
      </div>
    </Panel>
  );
}

function DryRunResult({ run }: { run: ReconRun }) {
  const summary = run.summary;
  const passes = summary.passes ?? [];
  return (
    <section aria-label="Test result" className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        {run.left_table_name} ({countOf(summary.left_considered ?? summary.left_items ?? 0, 'item')}) against{' '}
        {run.right_table_name} ({countOf(summary.right_considered ?? summary.right_items ?? 0, 'item')})
        {summary.engine_ms !== undefined && ` · ${COUNT.format(Math.round(summary.engine_ms))} ms`}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What each pass would match</caption>
          <thead className="text-xs text-zinc-500 uppercase dark:text-zinc-400">
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              <th scope="col" className="py-2 pr-2 font-medium">
                Pass
              </th>
              {COLUMNS.map(([full, short]) => (
                <th key={full} scope="col" className="px-1 py-2 text-right font-medium sm:px-3">
                  <span className="hidden sm:inline">{full}</span>
                  <span aria-hidden="true" className="sm:hidden" title={full}>
                    {short}
                  </span>
                  <span className="sr-only sm:hidden">{full}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {passes.map((pass) => (
              <tr key={pass.pass_id} data-testid={`pass-result-${pass.pass_id}`}>
                <th scope="row" className="py-2 pr-2 font-medium text-zinc-900 dark:text-zinc-100">
                  {pass.name || pass.pass_id}
                  {pass.capped > 0 && (
                    <span className="block text-xs font-normal text-amber-700 dark:text-amber-300">
                      {COUNT.format(pass.capped)} searches stopped at the work limit
                    </span>
                  )}
                </th>
                <td className="px-1 py-2 text-right tabular-nums sm:px-3">
                  {COUNT.format(pass.comparisons)}
                </td>
                <td className="px-1 py-2 text-right tabular-nums sm:px-3">{COUNT.format(pass.groups)}</td>
                <td className="px-1 py-2 text-right tabular-nums sm:px-3">{COUNT.format(pass.auto)}</td>
                <td className="px-1 py-2 text-right tabular-nums sm:px-3">{COUNT.format(pass.suggested)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {(['left', 'right'] as const).map((side) => {
          const counts = summary[side];
          return (
            <div
              key={side}
              className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
              data-testid={`totals-${side}`}
            >
              <h3 className="mb-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
                {side === 'left' ? run.left_table_name : run.right_table_name}
              </h3>
              <ul className="flex flex-wrap gap-2">
                {STATUSES.map((status) => (
                  <li key={status}>
                    <StatusBadge status={status} label={`${COUNT.format(counts?.[status] ?? 0)} ${status}`} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
      {(summary.skipped_count ?? 0) > 0 && (
        <p className="text-sm text-amber-700 dark:text-amber-300">
          {countOf(summary.skipped_count ?? 0, 'row')} {summary.skipped_count === 1 ? 'was' : 'were'} skipped
          {summary.skipped?.[0] ? ` (first: ${summary.skipped[0].reason})` : ''}.
        </p>
      )}
    </section>
  );
}

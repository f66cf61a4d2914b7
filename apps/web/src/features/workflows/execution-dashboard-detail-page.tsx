import type { DashboardDetail } from '@counterpart/contracts';
import { Link, useParams } from 'react-router';
import { classNames } from '../../shared/lib/class-names.ts';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import {
  barSegments,
  barSummary,
  formatMatchRate,
  formatSideAmount,
  statusLabel,
} from './dashboard-display.ts';
import { useDashboard } from './dashboards-api.ts';
import { EXECUTION_STATUS_DISPLAY, formatCount } from './execution-display.ts';
import { UnreconciledItems } from './unreconciled-items.tsx';

const LINK =
  'rounded text-sm font-medium text-[var(--color-primary-text)] hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]';
/** Bar colours in the badges' tones (spec §3): green reconciled, amber partial/suggested, red open. */
const BAR_COLOUR: Record<string, string> = {
  reconciled: 'bg-green-500',
  partial: 'bg-amber-400',
  suggested: 'bg-amber-600 dark:bg-amber-500',
  unreconciled: 'bg-red-500',
};
const HEAD = 'px-4 py-2 font-medium';
const CELL = 'px-4 py-3 text-right text-zinc-700 tabular-nums dark:text-zinc-200';
/**
 * Below sm, a status's row is stacked (its badge, then records and each side's amount in three
 * columns, each under its heading's name): the five columns side by side scrolled sideways at 390 px.
 */
const STACKED_ROW =
  'max-sm:grid max-sm:grid-cols-3 max-sm:[&>td]:px-4 max-sm:[&>td]:pt-1 max-sm:[&>td]:pb-3 max-sm:[&>td]:text-left max-sm:[&>td]:before:block max-sm:[&>td]:before:text-xs max-sm:[&>td]:before:text-zinc-500 max-sm:[&>td]:before:content-[attr(data-label)] dark:max-sm:[&>td]:before:text-zinc-400';

/** `/workflows/executions/:id/dashboards/:dashboard_id`: one run's dashboard and its open items. */
export function ExecutionDashboardDetailPage() {
  const params = useParams();
  const workflowId = params.id ?? '';
  const dashboard = useDashboard(params.dashboard_id ?? '');
  if (dashboard.isPending) {
    return (
      <div className="space-y-4">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (dashboard.isError || dashboard.data.workflow_id !== workflowId) {
    return (
      <Panel title="Dashboard">
        <ErrorAlert className="p-5">
          {dashboard.isError ? dashboard.error.message : 'Dashboard not found'}
        </ErrorAlert>
      </Panel>
    );
  }
  return <Dashboard dashboard={dashboard.data} />;
}

function Dashboard({ dashboard }: { dashboard: DashboardDetail }) {
  const display = EXECUTION_STATUS_DISPLAY[dashboard.execution_status];
  const started = dashboard.execution_started_at ?? dashboard.created_at;
  const run = `/workflows/executions/${encodeURIComponent(dashboard.workflow_id)}?execution=${encodeURIComponent(dashboard.execution_id)}`;
  const segments = barSegments(dashboard.statuses);
  const several = dashboard.unreconciled_sources.length > 1;

  return (
    <div className="space-y-6">
      <Panel
        title={dashboard.title}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {started ? `Run of ${formatDateTime(started)}` : 'Run'} · v{dashboard.version}
            <StatusBadge status={display.tone} label={display.label} />
          </span>
        }
        actions={
          <Link to={run} className={LINK}>
            Open the run’s details
          </Link>
        }
      >
        <dl className="grid grid-cols-2 gap-4 px-4 py-5 sm:grid-cols-3 sm:px-5">
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-sm text-zinc-500 dark:text-zinc-400">Match rate</dt>
            <dd className="mt-1 text-4xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-zinc-50">
              {formatMatchRate(dashboard.match_rate)}
            </dd>
          </div>
          <Figure term="Records" value={formatCount(dashboard.records)} />
          <Figure term="Unreconciled" value={formatCount(dashboard.unreconciled)} />
        </dl>
        <div className="px-4 pb-5 sm:px-5">
          <div
            role="img"
            aria-label={barSummary(segments)}
            className="flex h-3 w-full overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
          >
            {segments.map((segment) => (
              <div
                key={segment.status}
                className={BAR_COLOUR[segment.status] ?? 'bg-zinc-400'}
                style={{ width: `${segment.percent}%` }}
              />
            ))}
          </div>
          <ul
            aria-hidden="true"
            className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-300"
          >
            {segments.map((segment) => (
              <li key={segment.status} className="inline-flex items-center gap-1.5">
                <span
                  className={classNames('size-2 rounded-full', BAR_COLOUR[segment.status] ?? 'bg-zinc-400')}
                />
                {segment.label} {formatCount(segment.records)}
              </li>
            ))}
          </ul>
        </div>
        <div className="overflow-x-auto border-t border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left text-sm" aria-label="Per status">
            <thead className="text-xs text-zinc-500 uppercase max-sm:sr-only dark:text-zinc-400">
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th scope="col" className={classNames(HEAD, 'sm:pl-5')}>
                  Status
                </th>
                <th scope="col" className={classNames(HEAD, 'hidden text-right sm:table-cell')}>
                  Groups
                </th>
                <th scope="col" className={classNames(HEAD, 'text-right')}>
                  Records
                </th>
                <th scope="col" className={classNames(HEAD, 'text-right')}>
                  Left side
                </th>
                <th scope="col" className={classNames(HEAD, 'text-right sm:pr-5')}>
                  Right side
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {dashboard.statuses.map((row) => (
                <tr key={row.status} className={STACKED_ROW}>
                  <th
                    scope="row"
                    className="px-4 pt-3 text-left font-normal max-sm:col-span-3 sm:py-3 sm:pl-5"
                  >
                    <StatusBadge status={row.status} label={statusLabel(row.status)} />
                  </th>
                  <td className={classNames(CELL, 'hidden sm:table-cell')}>{formatCount(row.groups)}</td>
                  <td className={CELL} data-label="Records">
                    {formatCount(row.records)}
                  </td>
                  <td className={CELL} data-side="left" data-label="Left side">
                    {formatSideAmount(row.sides?.left)}
                  </td>
                  <td className={classNames(CELL, 'sm:pr-5')} data-side="right" data-label="Right side">
                    {formatSideAmount(row.sides?.right)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
      <Panel
        title="Unreconciled items"
        description="The records no rule matched, as the Reconcile block left them. 50 a page."
      >
        {dashboard.unreconciled_sources.length === 0 ? (
          <p className="px-4 py-6 text-sm text-zinc-500 sm:px-5 dark:text-zinc-400">
            No Reconcile block feeding this dashboard kept its unreconciled records in this run.
          </p>
        ) : (
          dashboard.unreconciled_sources.map((source) => (
            <UnreconciledItems
              key={source.node_id}
              label={several ? `Unreconciled items of ${source.label}` : 'Unreconciled items'}
              output={{ executionId: dashboard.execution_id, nodeId: source.node_id, handle: source.handle }}
            />
          ))
        )}
      </Panel>
    </div>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className="mt-1 text-2xl font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">{value}</dd>
    </div>
  );
}

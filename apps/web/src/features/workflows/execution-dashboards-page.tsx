import type { DashboardSummary } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { ChartColumn } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { classNames } from '../../shared/lib/class-names.ts';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { type ListColumn, ListTable } from '../../shared/ui/list-table.tsx';
import { PageNav } from '../../shared/ui/page-nav.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { dashboardPath, formatMatchRate } from './dashboard-display.ts';
import { DASHBOARDS_PAGE_SIZE, useDashboards } from './dashboards-api.ts';
import { EXECUTION_STATUS_DISPLAY, formatCount } from './execution-display.ts';
import { useWorkflow } from './executions-api.ts';

const CELL = 'px-4 py-3 text-zinc-600 tabular-nums sm:whitespace-nowrap dark:text-zinc-300';
const LINK =
  'rounded font-medium text-[var(--color-primary-text)] hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]';

const COLUMNS: ListColumn[] = [
  { label: 'Dashboard', className: 'sm:pl-5' },
  { label: 'Run' },
  { label: 'Match rate', className: 'text-right' },
  { label: 'Records', className: 'hidden text-right sm:table-cell' },
  { label: 'Unreconciled', className: 'hidden text-right sm:table-cell sm:pr-5' },
];

/**
 * `/workflows/executions/:id/dashboards` (`:id` is the workflow): the dashboards its runs' Dashboard
 * blocks produced, newest run first; `?execution=<id>` shows one run's.
 */
export function ExecutionDashboardsPage() {
  const workflowId = useParams().id ?? '';
  const executionId = useSearchParams()[0].get('execution');
  const [pageNo, setPageNo] = useState(1);
  const workflow = useWorkflow(workflowId);
  const dashboards = useDashboards(workflowId, executionId, pageNo);
  const history = `/workflows/executions/${encodeURIComponent(workflowId)}`;

  return (
    <Panel
      title={workflow.data ? `${workflow.data.workflow_name}: dashboards` : 'Dashboards'}
      description={
        executionId ? (
          <>
            The dashboards of one run.{' '}
            <Link to="." className={LINK}>
              Show every run’s dashboards
            </Link>
          </>
        ) : (
          'What the Dashboard blocks of each run produced, newest run first.'
        )
      }
    >
      {dashboards.isPending ? (
        <div className="space-y-3 p-5">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : dashboards.isError ? (
        <ErrorAlert className="p-5">{dashboards.error.message}</ErrorAlert>
      ) : dashboards.data.total === 0 ? (
        <EmptyView
          icon={<ChartColumn />}
          title="No dashboards yet"
          description={
            executionId
              ? 'This run has no Dashboard block that succeeded.'
              : 'When a run’s Dashboard block succeeds, its match rate, counts per status and unreconciled items appear here.'
          }
          action={
            <Link to={history} className={LINK}>
              Open the Execution History
            </Link>
          }
        />
      ) : (
        <>
          <DashboardsTable
            workflowId={workflowId}
            dashboards={dashboards.data.data}
            busy={dashboards.isFetching}
          />
          <PageNav
            pageNo={pageNo}
            pageSize={DASHBOARDS_PAGE_SIZE}
            total={dashboards.data.total}
            onPage={setPageNo}
          />
        </>
      )}
    </Panel>
  );
}

function DashboardsTable({
  workflowId,
  dashboards,
  busy,
}: {
  workflowId: string;
  dashboards: DashboardSummary[];
  busy: boolean;
}) {
  return (
    <ListTable label="Dashboards" columns={COLUMNS} busy={busy}>
      {dashboards.map((dashboard) => {
        const display = EXECUTION_STATUS_DISPLAY[dashboard.execution_status];
        return (
          <tr key={dashboard.dashboard_id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
            <td className="px-4 py-3 sm:pl-5">
              <Link to={dashboardPath(workflowId, dashboard.dashboard_id)} className={LINK}>
                {dashboard.title}
              </Link>
              <p className="mt-0.5 text-xs text-zinc-500 tabular-nums sm:hidden dark:text-zinc-400">
                {dashboard.records === null ? '—' : countOf(dashboard.records, 'record')} ·{' '}
                {formatCount(dashboard.unreconciled)} unreconciled
              </p>
            </td>
            <td className="px-4 py-3">
              <div className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-2">
                <span className="text-zinc-700 sm:whitespace-nowrap dark:text-zinc-200">
                  {formatDateTime(dashboard.execution_started_at ?? dashboard.created_at ?? '')}
                </span>
                <StatusBadge status={display.tone} label={display.label} />
              </div>
            </td>
            <td className={classNames(CELL, 'text-right font-medium text-zinc-900 dark:text-zinc-100')}>
              {formatMatchRate(dashboard.match_rate)}
            </td>
            <td className={classNames(CELL, 'hidden text-right sm:table-cell')}>
              {formatCount(dashboard.records)}
            </td>
            <td className={classNames(CELL, 'hidden text-right sm:table-cell sm:pr-5')}>
              {formatCount(dashboard.unreconciled)}
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}

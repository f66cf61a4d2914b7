import { countOf } from '@counterpart/domain';
import { ArrowLeftRight, LayoutDashboard } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../shared/session/use-can.ts';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { AgeingBars } from './dashboard/ageing-bars.tsx';
import { PairTable, SourceTable } from './dashboard/breakdown-tables.tsx';
import { useReconDashboard } from './dashboard/dashboard-api.ts';
import { rangeOf } from './dashboard/dashboard-format.ts';
import { RangeFilter } from './dashboard/range-filter.tsx';
import { StatsPanel } from './dashboard/stats-panel.tsx';
import { TrendChart } from './dashboard/trend-chart.tsx';

const LINK_CLASSES =
  'inline-flex h-9 items-center gap-2 rounded-lg bg-[var(--color-primary)] px-4 text-sm font-medium text-white shadow-sm ' +
  'hover:bg-[var(--color-primary-hover)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 ' +
  'focus-visible:ring-[var(--color-primary)] dark:focus-visible:ring-offset-zinc-900 [&_svg]:size-4';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/reconciliation/dashboard` (reports read): match rate and figures per status (collapsible,
 * `minimize_recon_stats`), the trend, ageing of open items, by source and by pair of tables, over
 * items dated in the URL's `from`–`to` (default the last 90 days) and optionally one `table_id`.
 */
export function ReconDashboardPage() {
  const canReconcile = useCan('read', 'workflow');
  const [params, setParams] = useSearchParams();
  const { from, to } = rangeOf(params);
  const tableId = params.get('table_id') ?? '';
  const dashboard = useReconDashboard({ from, to, tableId });

  const change = (key: 'from' | 'to' | 'table_id', value: string) => {
    if (key !== 'table_id' && value && !DAY.test(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        // Keep the other end of the range as shown, so the URL says what the page shows.
        if (key === 'from' && !next.get('to')) next.set('to', to);
        if (key === 'to' && !next.get('from')) next.set('from', from);
        return next;
      },
      { replace: true },
    );
  };

  if (dashboard.isPending) {
    return (
      <div className="space-y-4">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    );
  }
  if (dashboard.isError) {
    return (
      <Panel title="Reconciliation dashboard">
        <ErrorAlert className="p-5">{dashboard.error.message}</ErrorAlert>
      </Panel>
    );
  }
  const data = dashboard.data;
  if (data.tables.length === 0) {
    return (
      <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <EmptyView
          icon={<LayoutDashboard />}
          title="No reconciliation results yet"
          description="Reconcile two tables in the workspace to see match rates, open items and ageing here."
          action={
            canReconcile ? (
              <Link to="/reconciliation/workspace" className={LINK_CLASSES}>
                <ArrowLeftRight aria-hidden="true" />
                Open the reconciliation workspace
              </Link>
            ) : undefined
          }
        />
      </section>
    );
  }

  return (
    <div className="space-y-4 dark:[color-scheme:dark]" aria-busy={dashboard.isFetching}>
      <section
        aria-label="Filters"
        className="rounded-xl border border-zinc-200 bg-white px-4 py-4 shadow-sm sm:px-5 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <RangeFilter from={from} to={to} tableId={tableId} tables={data.tables} onChange={change} />
        <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
          {countOf(data.items, 'item')} dated {data.from} to {data.to}
          {tableId ? ` in ${data.tables.find((t) => t.id === tableId)?.name ?? 'this table'}` : ''}. Ageing as
          of {data.to}.
        </p>
      </section>
      <StatsPanel data={data} tableId={tableId} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Trend" description="Items per period by their date; matched ones in green.">
          <TrendChart data={data} />
        </Panel>
        <Panel title="Ageing of open items" description="Unreconciled and suggested items by age.">
          <AgeingBars data={data} />
        </Panel>
      </div>
      {/* One above the other: side by side at 1366 px, "By source" clipped its amounts per side. */}
      <div className="grid gap-4">
        <Panel title="By source" description="Matched items by where their match came from.">
          <SourceTable data={data} />
        </Panel>
        <Panel title="By reconciliation" description="Each pair of tables reconciled together.">
          <PairTable data={data} canReconcile={canReconcile} />
        </Panel>
      </div>
    </div>
  );
}

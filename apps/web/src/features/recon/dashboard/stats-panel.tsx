import type { DashboardSides, ReconDashboard } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { classNames } from '../../../shared/lib/class-names.ts';
import { useUiStore } from '../../../shared/stores/ui-store.ts';
import { StatusBadge } from '../../../shared/ui/status-badge.tsx';
import {
  formatCount,
  formatRate,
  formatSideMoney,
  STATUS_LABELS,
  STATUS_ORDER,
  sideLabel,
} from './dashboard-format.ts';

const LINK =
  'rounded text-xs font-medium text-[var(--color-primary-text)] hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]';

/**
 * A figure's amount per side, each side named by its tables: the two sides are never added together
 * (a receipt matched to its invoice counts once on each side).
 */
export function SideFigures({ data, sides }: { data: ReconDashboard; sides: DashboardSides }) {
  return (
    <dl className="mt-1 space-y-0.5 text-sm text-zinc-700 tabular-nums dark:text-zinc-300">
      {(['left', 'right'] as const).map((side) => (
        <div key={side} className="min-w-0" data-side={side}>
          <dt className="truncate text-xs text-zinc-500 dark:text-zinc-400">
            {sideLabel(data.sides[side], side)}
          </dt>
          <dd className="break-words">{formatSideMoney(sides[side])}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface StatsPanelProps {
  data: ReconDashboard;
  /** The table the dashboard is filtered on: its grid can be opened filtered by status. */
  tableId: string;
}

/**
 * Match rate and the figures per status. Collapsed (spec UI state `minimize_recon_stats`, default
 * true, kept in localStorage by the UI store) it is one line of counts; open, a card per status
 * with its exact amounts.
 */
export function StatsPanel({ data, tableId }: StatsPanelProps) {
  const minimized = useUiStore((state) => state.minimize_recon_stats);
  const toggle = useUiStore((state) => state.toggleReconStats);
  return (
    <section
      aria-labelledby="recon-stats-heading"
      className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-center justify-between gap-3 px-4 py-3 sm:px-5">
        <h2 id="recon-stats-heading" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
          Statistics
        </h2>
        <button
          type="button"
          aria-expanded={!minimized}
          aria-controls="recon-stats-body"
          onClick={toggle}
          className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"
        >
          {minimized ? 'Show details' : 'Hide details'}
          <ChevronDown
            aria-hidden="true"
            className={classNames('size-4 transition-transform', !minimized && 'rotate-180')}
          />
        </button>
      </div>
      <div id="recon-stats-body" className="border-t border-zinc-200 px-4 py-4 sm:px-5 dark:border-zinc-800">
        {minimized ? (
          <dl className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
            <div className="flex items-baseline gap-2">
              <dt className="text-zinc-500 dark:text-zinc-400">Match rate</dt>
              <dd className="text-lg font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">
                {formatRate(data.match_rate)}
              </dd>
            </div>
            {STATUS_ORDER.map((status) => (
              <div key={status} className="flex items-center gap-1.5">
                <dt>
                  <StatusBadge status={status} label={STATUS_LABELS[status]} />
                </dt>
                <dd className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
                  {formatCount(data.statuses[status].count)}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            <section
              aria-labelledby="recon-stat-rate"
              className="col-span-2 rounded-lg bg-zinc-50 p-4 lg:col-span-1 dark:bg-zinc-800/50"
            >
              <p id="recon-stat-rate" className="text-sm text-zinc-500 dark:text-zinc-400">
                Match rate
              </p>
              <p className="mt-1 text-3xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-zinc-50">
                {formatRate(data.match_rate)}
              </p>
              <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                {formatCount(data.matched)} of {countOf(data.items, 'item')} matched
              </p>
            </section>
            {STATUS_ORDER.map((status) => {
              const figure = data.statuses[status];
              return (
                <section
                  key={status}
                  aria-labelledby={`recon-stat-${status}`}
                  className="min-w-0 rounded-lg border border-zinc-200 p-3 sm:p-4 dark:border-zinc-800"
                >
                  <p id={`recon-stat-${status}`}>
                    <StatusBadge status={status} label={STATUS_LABELS[status]} />
                  </p>
                  <p className="mt-2 text-2xl font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">
                    {formatCount(figure.count)}
                    <span className="ml-1 text-sm font-normal text-zinc-500 dark:text-zinc-400">
                      {figure.count === 1 ? 'item' : 'items'}
                    </span>
                  </p>
                  <SideFigures data={data} sides={figure.sides} />
                  {tableId && figure.count > 0 && (
                    <Link to={`/tables/${encodeURIComponent(tableId)}?status=${status}`} className={LINK}>
                      View {STATUS_LABELS[status].toLowerCase()} rows
                    </Link>
                  )}
                </section>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}

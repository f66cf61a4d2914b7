import type { DirectionAmounts, ReconStatus, WorkspaceSide, WorkspaceSummary } from '@counterpart/contracts';
import { countOf, directionsShown } from '@counterpart/domain';
import { ArrowLeftRight, ClipboardCheck, Keyboard, ListChecks, Play, SlidersHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/lib/date-time.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { StatusBadge } from '../../../shared/ui/status-badge.tsx';
import { STATUS_LABELS } from './item-row.tsx';
import { formatMoney } from './selection.ts';

const ORDER: ReconStatus[] = ['reconciled', 'partial', 'suggested', 'unreconciled'];
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const COUNT = new Intl.NumberFormat('en-US');

const LINK_CLASSES =
  'inline-flex h-8 items-center gap-2 rounded-lg border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-900 shadow-sm ' +
  'hover:bg-zinc-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] ' +
  'dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800 [&_svg]:size-4';

export interface WorkspaceHeaderProps {
  leftName: string;
  rightName: string;
  summary: WorkspaceSummary | undefined;
  canRun: boolean;
  onRun: () => void;
  onSuggestions: () => void;
  /** Opens the suggestion queue (one pair at a time, Accept / Reject / Next). */
  onReview: () => void;
  onShortcuts: () => void;
  onChangeTables: () => void;
}

/** A side's amount of one status: money in and money out apart (never netted), each labelled when both moved. */
export function directionsText(amounts: DirectionAmounts | undefined, currency: string): string {
  const totals = { in: BigInt(amounts?.in ?? '0'), out: BigInt(amounts?.out ?? '0') };
  const shown = directionsShown(totals);
  if (shown.length === 1 && shown[0] === 'in') return formatMoney(totals.in, currency);
  return shown.map((direction) => `${formatMoney(totals[direction], currency)} ${direction}`).join(' · ');
}

function SideCounts({ label, side }: { label: string; side: WorkspaceSide }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-1.5 truncate text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</h3>
      <ul className="flex flex-wrap gap-x-3 gap-y-1.5" aria-label={`Counts of ${label}`}>
        {ORDER.map((status) => (
          <li
            key={status}
            data-status={status}
            data-count={side.counts[status]}
            className="inline-flex max-w-full flex-wrap items-center gap-x-1.5 text-xs"
          >
            <StatusBadge
              status={status}
              label={`${STATUS_LABELS[status]} ${countOf(side.counts[status], 'item')}`}
            />{' '}
            <span className="text-zinc-700 tabular-nums dark:text-zinc-300">
              {directionsText(side.amounts[status], side.currency)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The workspace's heading: both tables, counts and amounts per status per side, match rate, last run, Run. */
export function WorkspaceHeader(props: WorkspaceHeaderProps) {
  const { summary } = props;
  const lastRun = summary?.last_run;
  return (
    <section
      aria-labelledby="workspace-title"
      className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-col gap-3 border-b border-zinc-200 px-4 py-4 sm:px-5 lg:flex-row lg:items-start lg:justify-between dark:border-zinc-800">
        <div className="min-w-0">
          <h2
            id="workspace-title"
            className="text-base font-semibold break-words text-zinc-900 dark:text-zinc-50"
          >
            {props.leftName} ↔ {props.rightName}
          </h2>
          <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400" data-testid="last-run">
            {lastRun
              ? `Last ${lastRun.options.dry_run ? 'dry run (nothing saved)' : 'run'} ${lastRun.status} · ${formatDateTime(lastRun.finished_at ?? lastRun.created_at)}${lastRun.created_by_email ? ` · by ${lastRun.created_by_email}` : ''}`
              : 'Not run yet'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 lg:max-w-[60%] lg:justify-end">
          {props.canRun && (
            <Button size="sm" onClick={props.onRun}>
              <Play aria-hidden="true" />
              Run reconciliation
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={props.onSuggestions}>
            <ListChecks aria-hidden="true" />
            Suggestions
          </Button>
          {props.canRun && (
            <Button variant="secondary" size="sm" onClick={props.onReview}>
              <ClipboardCheck aria-hidden="true" />
              Review suggestions
            </Button>
          )}
          <Link to="/reconciliation/rules" className={LINK_CLASSES}>
            <SlidersHorizontal aria-hidden="true" />
            Rules
          </Link>
          <Button variant="ghost" size="sm" onClick={props.onShortcuts} aria-keyshortcuts="?">
            <Keyboard aria-hidden="true" />
            Shortcuts
          </Button>
          <Button variant="ghost" size="sm" onClick={props.onChangeTables}>
            <ArrowLeftRight aria-hidden="true" />
            Change tables
          </Button>
        </div>
      </div>
      {summary && (
        <div className="grid gap-4 px-4 py-4 sm:px-5 lg:grid-cols-[1fr_1fr_auto]">
          <SideCounts label={props.leftName} side={summary.left} />
          <SideCounts label={props.rightName} side={summary.right} />
          <dl className="flex gap-6 text-sm lg:flex-col lg:gap-1 lg:text-right">
            <div>
              <dt className="text-xs text-zinc-500 dark:text-zinc-400">Match rate</dt>
              <dd className="font-semibold tabular-nums" data-testid="match-rate">
                {PERCENT.format(summary.match_rate)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-500 dark:text-zinc-400">Pending approvals</dt>
              <dd className="font-semibold tabular-nums" data-testid="pending-approvals">
                {COUNT.format(summary.pending_approvals)}
              </dd>
            </div>
          </dl>
        </div>
      )}
    </section>
  );
}

import type { ReconDashboard } from '@counterpart/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { classNames } from '../../../shared/lib/class-names.ts';
import { StatusBadge } from '../../../shared/ui/status-badge.tsx';
import {
  formatCount,
  formatRate,
  formatSideMoney,
  SOURCE_LABELS,
  STATUS_LABELS,
  sideLabel,
} from './dashboard-format.ts';

const HEAD = 'px-4 py-2 font-medium';
const CELL = 'px-4 py-3 text-right text-zinc-700 tabular-nums dark:text-zinc-200';
const LINK =
  'rounded font-medium text-[var(--color-primary-text)] hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]';
const EMPTY = 'px-4 py-6 text-sm text-zinc-500 sm:px-5 dark:text-zinc-400';

/** A right-aligned figure column; `className` (on its heading and its cells) hides it on small screens or pads the edge. */
interface FigureColumn<Row> {
  header: string;
  className?: string;
  cell: (row: Row) => ReactNode;
}

interface BreakdownTableProps<Row> {
  label: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The first column: what each row is about, the row's header. */
  nameHeader: string;
  name: (row: Row) => ReactNode;
  figures: FigureColumn<Row>[];
  /** Shown instead of the table when there are no rows. */
  empty: string;
}

/** One breakdown of the dashboard: a named row per group, then its figures. */
function BreakdownTable<Row>({
  label,
  rows,
  rowKey,
  nameHeader,
  name,
  figures,
  empty,
}: BreakdownTableProps<Row>) {
  if (rows.length === 0) return <p className={EMPTY}>{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="text-xs text-zinc-500 uppercase dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className={classNames(HEAD, 'sm:pl-5')}>
              {nameHeader}
            </th>
            {figures.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={classNames(HEAD, 'text-right', column.className)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <th scope="row" className="px-4 py-3 font-normal text-zinc-900 sm:pl-5 dark:text-zinc-100">
                {name(row)}
              </th>
              {figures.map((column) => (
                <td key={column.header} className={classNames(CELL, column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type SourceRow = ReconDashboard['by_source'][number];
type PairRow = ReconDashboard['by_pair'][number];

const sourceFigures = (data: ReconDashboard): FigureColumn<SourceRow>[] => [
  { header: 'Groups', className: 'hidden sm:table-cell', cell: (row) => formatCount(row.groups) },
  { header: 'Items', cell: (row) => formatCount(row.count) },
  {
    header: 'Per status',
    className: 'hidden md:table-cell',
    cell: (row) => (
      <span className="inline-flex flex-wrap justify-end gap-1">
        {(['reconciled', 'partial', 'suggested'] as const)
          .filter((s) => row.statuses[s] > 0)
          .map((s) => (
            <StatusBadge key={s} status={s} label={`${STATUS_LABELS[s]} ${formatCount(row.statuses[s])}`} />
          ))}
      </span>
    ),
  },
  {
    header: 'Amount per side',
    className: 'sm:pr-5',
    cell: (row) => (
      <span className="flex flex-col items-end">
        {(['left', 'right'] as const).map((side) => (
          <span key={side} data-side={side} className="flex flex-col items-end">
            <span className="block max-w-[9rem] truncate text-xs sm:max-w-[20rem] text-zinc-500 dark:text-zinc-400">
              {sideLabel(data.sides[side], side)}
            </span>
            <span className="whitespace-nowrap">{formatSideMoney(row.sides[side])}</span>
          </span>
        ))}
      </span>
    ),
  },
];

/** Matched items by where their group came from: runs, manual matches, allocations. */
export function SourceTable({ data }: { data: ReconDashboard }) {
  return (
    <BreakdownTable
      label="By source"
      rows={data.by_source}
      rowKey={(row) => row.source}
      nameHeader="Source"
      name={(row) => SOURCE_LABELS[row.source]}
      figures={sourceFigures(data)}
      empty="No matched items in this range."
    />
  );
}

const PAIR_FIGURES: FigureColumn<PairRow>[] = [
  { header: 'Match rate', cell: (row) => formatRate(row.match_rate) },
  { header: 'Items', className: 'hidden sm:table-cell', cell: (row) => formatCount(row.items) },
  {
    header: 'Open',
    className: 'hidden md:table-cell',
    cell: (row) => formatCount(row.counts.unreconciled + row.counts.suggested),
  },
];

/** Each pair of tables reconciled together, with a link to its workspace. */
export function PairTable({ data, canReconcile }: { data: ReconDashboard; canReconcile: boolean }) {
  const pairName = (row: PairRow) => {
    const name = `${row.left_table_name} ↔ ${row.right_table_name}`;
    if (!canReconcile) return name;
    const workspace = `/reconciliation/workspace?left_table_id=${encodeURIComponent(row.left_table_id)}&right_table_id=${encodeURIComponent(row.right_table_id)}`;
    return (
      <Link to={workspace} className={LINK} aria-label={`Open ${name} in the workspace`}>
        {name}
      </Link>
    );
  };
  return (
    <BreakdownTable
      label="By reconciliation"
      rows={data.by_pair}
      rowKey={(row) => `${row.left_table_id}:${row.right_table_id}`}
      nameHeader="Tables"
      name={pairName}
      figures={PAIR_FIGURES}
      empty="No pair of tables has been reconciled."
    />
  );
}

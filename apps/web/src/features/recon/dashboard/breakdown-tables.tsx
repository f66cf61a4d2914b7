import type { ReconDashboard } from '@counterpart/contracts';
import { Link } from 'react-router';
import { classNames } from '../../../shared/lib/class-names.ts';
import { StatusBadge } from '../../../shared/ui/status-badge.tsx';
import { formatAmounts, formatCount, formatRate, SOURCE_LABELS, STATUS_LABELS } from './dashboard-format.ts';

const HEAD = 'px-4 py-2 font-medium';
const CELL = 'px-4 py-3 text-right text-zinc-700 tabular-nums dark:text-zinc-200';
const LINK =
  'rounded font-medium text-[var(--color-primary)] hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]';
const EMPTY = 'px-4 py-6 text-sm text-zinc-500 sm:px-5 dark:text-zinc-400';

/** Matched items by where their group came from: runs, manual matches, allocations. */
export function SourceTable({ data }: { data: ReconDashboard }) {
  if (data.by_source.length === 0) return <p className={EMPTY}>No matched items in this range.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="By source">
        <thead className="text-xs text-zinc-500 uppercase dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className={classNames(HEAD, 'sm:pl-5')}>
              Source
            </th>
            <th scope="col" className={classNames(HEAD, 'hidden text-right sm:table-cell')}>
              Groups
            </th>
            <th scope="col" className={classNames(HEAD, 'text-right')}>
              Items
            </th>
            <th scope="col" className={classNames(HEAD, 'hidden text-right md:table-cell')}>
              Per status
            </th>
            <th scope="col" className={classNames(HEAD, 'text-right sm:pr-5')}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {data.by_source.map((row) => (
            <tr key={row.source}>
              <th scope="row" className="px-4 py-3 font-normal text-zinc-900 sm:pl-5 dark:text-zinc-100">
                {SOURCE_LABELS[row.source]}
              </th>
              <td className={classNames(CELL, 'hidden sm:table-cell')}>{formatCount(row.groups)}</td>
              <td className={CELL}>{formatCount(row.count)}</td>
              <td className={classNames(CELL, 'hidden md:table-cell')}>
                <span className="inline-flex flex-wrap justify-end gap-1">
                  {(['reconciled', 'partial', 'suggested'] as const)
                    .filter((s) => row.statuses[s] > 0)
                    .map((s) => (
                      <StatusBadge
                        key={s}
                        status={s}
                        label={`${STATUS_LABELS[s]} ${formatCount(row.statuses[s])}`}
                      />
                    ))}
                </span>
              </td>
              <td className={classNames(CELL, 'sm:pr-5')}>{formatAmounts(row.amounts)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each pair of tables reconciled together, with a link to its workspace. */
export function PairTable({ data, canReconcile }: { data: ReconDashboard; canReconcile: boolean }) {
  if (data.by_pair.length === 0) return <p className={EMPTY}>No pair of tables has been reconciled.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="By reconciliation">
        <thead className="text-xs text-zinc-500 uppercase dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className={classNames(HEAD, 'sm:pl-5')}>
              Tables
            </th>
            <th scope="col" className={classNames(HEAD, 'text-right')}>
              Match rate
            </th>
            <th scope="col" className={classNames(HEAD, 'hidden text-right sm:table-cell')}>
              Items
            </th>
            <th scope="col" className={classNames(HEAD, 'hidden text-right md:table-cell')}>
              Open
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {data.by_pair.map((row) => {
            const name = `${row.left_table_name} ↔ ${row.right_table_name}`;
            const workspace = `/reconciliation/workspace?left_table_id=${encodeURIComponent(row.left_table_id)}&right_table_id=${encodeURIComponent(row.right_table_id)}`;
            return (
              <tr key={`${row.left_table_id}:${row.right_table_id}`}>
                <th scope="row" className="px-4 py-3 font-normal text-zinc-900 sm:pl-5 dark:text-zinc-100">
                  {canReconcile ? (
                    <Link to={workspace} className={LINK} aria-label={`Open ${name} in the workspace`}>
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </th>
                <td className={CELL}>{formatRate(row.match_rate)}</td>
                <td className={classNames(CELL, 'hidden sm:table-cell')}>{formatCount(row.items)}</td>
                <td className={classNames(CELL, 'hidden md:table-cell')}>
                  {formatCount(row.counts.unreconciled + row.counts.suggested)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

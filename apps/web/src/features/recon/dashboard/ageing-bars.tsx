import type { ReconDashboard } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { classNames } from '../../../shared/lib/class-names.ts';
import { AGEING_LABELS, formatSideMoney, sideLabel } from './dashboard-format.ts';

/** Older is redder: open items age from amber to deep red. */
const TONE: Record<string, string> = {
  '0-30': 'bg-amber-400',
  '31-60': 'bg-orange-500',
  '61-90': 'bg-red-500',
  '90+': 'bg-red-700 dark:bg-red-600',
};

/** Open items (unreconciled and suggested) by age on the range's last day, as labelled bars. */
export function AgeingBars({ data }: { data: ReconDashboard }) {
  const max = Math.max(1, ...data.ageing.map((b) => b.count));
  return (
    <ul aria-label="Open items by age" className="space-y-3 px-4 py-4 sm:px-5">
      {data.ageing.map((bucket) => (
        <li key={bucket.bucket} className="grid grid-cols-[6rem_1fr] items-center gap-x-3 gap-y-1 text-sm">
          <span className="text-zinc-700 dark:text-zinc-300">{AGEING_LABELS[bucket.bucket]}</span>
          <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
            <div
              className={classNames('h-full rounded-full', TONE[bucket.bucket])}
              style={{ width: `${(bucket.count / max) * 100}%` }}
            />
          </div>
          <span className="col-start-2 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
            {countOf(bucket.count, 'item')}
            {bucket.count > 0 &&
              (['left', 'right'] as const)
                .filter((side) => bucket.sides[side].length > 0)
                .map(
                  (side) => ` · ${sideLabel(data.sides[side], side)}: ${formatSideMoney(bucket.sides[side])}`,
                )
                .join('')}
          </span>
        </li>
      ))}
    </ul>
  );
}

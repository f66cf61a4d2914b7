import type { ReconDashboard } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { formatCount, formatRate, periodLabel, trendSummary } from './dashboard-format.ts';

const BAR = 10;
const GAP = 2;
const HEIGHT = 100;

/**
 * Items per period (matched in green, the rest in grey) as a simple SVG; a screen reader gets the
 * summary as the image's name and every figure in a visually hidden table.
 */
export function TrendChart({ data }: { data: ReconDashboard }) {
  const { trend, granularity } = data;
  const max = Math.max(1, ...trend.map((p) => p.items));
  const width = trend.length * (BAR + GAP);
  const first = trend[0];
  const last = trend.at(-1);
  return (
    <div className="px-4 py-4 sm:px-5">
      <svg
        role="img"
        aria-label={trendSummary(trend, granularity)}
        viewBox={`0 0 ${Math.max(width, 1)} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
      >
        <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} className="stroke-zinc-300 dark:stroke-zinc-700" />
        {trend.map((point, index) => {
          const x = index * (BAR + GAP);
          const all = (point.items / max) * (HEIGHT - 4);
          const matched = (point.matched / max) * (HEIGHT - 4);
          return (
            <g key={point.period}>
              <rect
                x={x}
                y={HEIGHT - all}
                width={BAR}
                height={all - matched}
                className="fill-zinc-300 dark:fill-zinc-600"
              />
              <rect
                x={x}
                y={HEIGHT - matched}
                width={BAR}
                height={matched}
                className="fill-green-500 dark:fill-green-400"
              />
            </g>
          );
        })}
      </svg>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-zinc-500 dark:text-zinc-400">
        <span>{first ? periodLabel(first.period, granularity) : ''}</span>
        <span>{last ? periodLabel(last.period, granularity) : ''}</span>
      </div>
      <ul aria-hidden="true" className="mt-2 flex flex-wrap gap-x-4 text-xs text-zinc-600 dark:text-zinc-300">
        <li className="inline-flex items-center gap-1.5">
          <span className="size-2 rounded-full bg-green-500" />
          Matched (reconciled or partial)
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span className="size-2 rounded-full bg-zinc-300 dark:bg-zinc-600" />
          Not matched
        </li>
        <li>Highest: {countOf(max, 'item')}</li>
      </ul>
      {/* Hidden in a div: a table ignores its own 1 px width, so an sr-only table widened the page on mobile. */}
      <div className="sr-only">
        <table>
          <caption>Items and matches per {granularity}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Items</th>
              <th scope="col">Matched</th>
              <th scope="col">Match rate</th>
            </tr>
          </thead>
          <tbody>
            {trend.map((point) => (
              <tr key={point.period}>
                <th scope="row">{periodLabel(point.period, granularity)}</th>
                <td>{formatCount(point.items)}</td>
                <td>{formatCount(point.matched)}</td>
                <td>{formatRate(point.match_rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

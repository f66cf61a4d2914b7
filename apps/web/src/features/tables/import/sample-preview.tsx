import { countOf } from '@counterpart/domain';
import { classNames } from '../../../shared/lib/class-names.ts';
import type { MappingRow } from './mapping-state.ts';

export interface SamplePreviewProps {
  rows: MappingRow[];
  sample: string[][];
}

/** The first data rows as the file has them; skipped columns are dimmed. Scrolls in its own box. */
export function SamplePreview({ rows, sample }: SamplePreviewProps) {
  return (
    <section
      aria-label="Preview of the first rows"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      className="max-h-80 overflow-auto rounded-lg border border-zinc-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:border-zinc-800"
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">
          Preview of the first {countOf(sample.length, 'row')} of the file
        </caption>
        <thead className="sticky top-0 bg-zinc-50 dark:bg-zinc-900">
          <tr>
            {rows.map((row) => (
              <th
                key={row.source}
                scope="col"
                className={classNames(
                  'border-b border-zinc-200 px-3 py-2 font-semibold whitespace-nowrap dark:border-zinc-800',
                  row.target === 'skip'
                    ? 'text-zinc-400 line-through dark:text-zinc-600'
                    : 'text-zinc-800 dark:text-zinc-100',
                )}
              >
                {row.header}
                {row.target === 'skip' && <span className="sr-only"> (skipped)</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
          {sample.map((cells, line) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity but their position.
            <tr key={line}>
              {rows.map((row) => (
                <td
                  key={row.source}
                  className={classNames(
                    'max-w-64 truncate px-3 py-1.5 whitespace-nowrap',
                    row.target === 'skip'
                      ? 'text-zinc-400 dark:text-zinc-600'
                      : 'text-zinc-700 dark:text-zinc-300',
                  )}
                >
                  {cells[row.source] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {sample.length === 0 && (
        <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">The file has no data rows to preview.</p>
      )}
    </section>
  );
}

import type { BlockOutputPage } from '@counterpart/contracts';
import { formatCount } from './execution-display.ts';

/**
 * Where the grid sits: `dialog` bleeds to a modal's edges (the modal pads its body); `card` sits
 * flush in a panel and indents its first column to the panel's text from `sm` up.
 */
export type OutputRowsGridPadding = 'dialog' | 'card';

const WRAPPER: Record<OutputRowsGridPadding, string> = {
  dialog: '-mx-5 -my-4 overflow-x-auto',
  card: 'overflow-x-auto',
};
const NUMBER_HEADER: Record<OutputRowsGridPadding, string> = {
  dialog: 'w-12 px-3 py-2 text-right font-medium',
  card: 'w-12 px-3 py-2 text-right font-medium sm:pl-5',
};
const NUMBER_CELL: Record<OutputRowsGridPadding, string> = {
  dialog: 'px-3 py-1.5 text-right text-xs font-normal text-zinc-500 tabular-nums dark:text-zinc-400',
  card: 'px-3 py-1.5 text-right text-xs font-normal text-zinc-500 tabular-nums sm:pl-5 dark:text-zinc-400',
};

export interface OutputRowsGridProps {
  page: BlockOutputPage;
  /** The table's accessible name. */
  label: string;
  /** The next page is loading (the one before stays on screen meanwhile). */
  busy: boolean;
  padding: OutputRowsGridPadding;
  /** The heading shown for a column; the column's own name when not given. */
  columnLabel?: (column: string) => string;
}

/** One page of a block's output rows: a numbered grid, one column per output column. */
export function OutputRowsGrid({
  page,
  label,
  busy,
  padding,
  columnLabel = (column) => column,
}: OutputRowsGridProps) {
  const offset = (page.page_no - 1) * page.page_size;
  return (
    <div className={WRAPPER[padding]}>
      <table className="w-full text-left text-sm" aria-label={label} aria-busy={busy}>
        <thead className="text-xs text-zinc-500 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className={NUMBER_HEADER[padding]}>
              #
            </th>
            {page.columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {columnLabel(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {page.data.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a stored output.
            <tr key={offset + i}>
              <th scope="row" className={NUMBER_CELL[padding]}>
                {formatCount(offset + i + 1)}
              </th>
              {page.columns.map((column) => (
                <td key={column} className="px-3 py-1.5 whitespace-nowrap text-zinc-800 dark:text-zinc-200">
                  {row[column] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

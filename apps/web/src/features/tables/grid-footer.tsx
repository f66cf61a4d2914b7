import { Button } from '../../shared/ui/button.tsx';

export const PAGE_SIZES = [20, 50, 100, 500] as const;

const COUNT = new Intl.NumberFormat('en-US');

/** "Rows 51–100 of 1,234", or "of about 12,000" when the server's total is an estimate. */
export function rowRangeText(
  pageNo: number,
  pageSize: number,
  shown: number,
  total: number,
  estimate: boolean,
) {
  if (shown === 0) return estimate ? `No rows on this page (about ${COUNT.format(total)} in all)` : 'No rows';
  const first = (pageNo - 1) * pageSize + 1;
  const last = first + shown - 1;
  return `Rows ${COUNT.format(first)}–${COUNT.format(last)} of ${estimate ? 'about ' : ''}${COUNT.format(total)}`;
}

/** Whether a next page exists: by the total, or (when it is only an estimate) by a full page. */
export function hasNextPage(
  pageNo: number,
  pageSize: number,
  shown: number,
  total: number,
  estimate: boolean,
) {
  if (estimate) return shown === pageSize;
  return pageNo * pageSize < total;
}

export interface GridFooterProps {
  pageNo: number;
  pageSize: number;
  shown: number;
  total: number;
  estimate: boolean;
  onPage: (pageNo: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** Under the grid: which rows are shown, the page size, and Previous / Next (server-side paging). */
export function GridFooter({
  pageNo,
  pageSize,
  shown,
  total,
  estimate,
  onPage,
  onPageSize,
}: GridFooterProps) {
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-200 px-4 py-3 text-sm sm:px-5 dark:border-zinc-800"
    >
      <span className="text-zinc-500 dark:text-zinc-400" aria-live="polite">
        {rowRangeText(pageNo, pageSize, shown, total, estimate)}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-zinc-600 dark:text-zinc-300">
          Rows per page
          <select
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
            className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" size="sm" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!hasNextPage(pageNo, pageSize, shown, total, estimate)}
          onClick={() => onPage(pageNo + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

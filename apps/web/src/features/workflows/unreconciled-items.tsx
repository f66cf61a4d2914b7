import type { BlockOutputPage } from '@counterpart/contracts';
import { useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { formatCount } from './execution-display.ts';
import { OUTPUT_PAGE_SIZE, type OutputRef, useBlockOutput } from './executions-api.ts';

export interface UnreconciledItemsProps {
  /** "Unreconciled items" or, with several Reconcile blocks, "Unreconciled items of …". */
  label: string;
  output: OutputRef;
}

/** A Reconcile block's open records, 50 a page read from the server (never every row at once). */
export function UnreconciledItems({ label, output }: UnreconciledItemsProps) {
  const [pageNo, setPageNo] = useState(1);
  const page = useBlockOutput(output, pageNo);
  const data = page.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / OUTPUT_PAGE_SIZE)) : 1;
  const shown = data?.page_no ?? pageNo;
  const first = data && data.total > 0 ? (shown - 1) * OUTPUT_PAGE_SIZE + 1 : 0;
  const last = data ? Math.min(data.total, shown * OUTPUT_PAGE_SIZE) : 0;

  return (
    <div>
      {page.isPending ? (
        <div className="space-y-2 p-5">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : page.isError ? (
        <p role="alert" className="p-5 text-sm text-red-600 dark:text-red-400">
          {page.error.message}
        </p>
      ) : page.data.kind !== 'rows' || page.data.total === 0 ? (
        <p className="px-4 py-6 text-sm text-zinc-500 sm:px-5 dark:text-zinc-400">
          Every record was reconciled or suggested: nothing is left open.
        </p>
      ) : (
        <>
          <ItemsGrid page={page.data} label={label} busy={page.isFetching} />
          <nav
            aria-label={`${label}: pages`}
            className="flex flex-wrap items-center justify-between gap-2 border-t border-zinc-200 px-4 py-3 text-sm sm:px-5 dark:border-zinc-800"
          >
            <span className="text-zinc-500 tabular-nums dark:text-zinc-400">
              Rows {formatCount(first)}–{formatCount(last)} of {formatCount(page.data.total)}
            </span>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={pageNo <= 1}
                onClick={() => setPageNo(pageNo - 1)}
              >
                Previous
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={pageNo >= pages}
                onClick={() => setPageNo(pageNo + 1)}
              >
                Next
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}

function ItemsGrid({ page, label, busy }: { page: BlockOutputPage; label: string; busy: boolean }) {
  const offset = (page.page_no - 1) * page.page_size;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label} aria-busy={busy}>
        <thead className="text-xs text-zinc-500 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="w-12 px-3 py-2 text-right font-medium sm:pl-5">
              #
            </th>
            {page.columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {column === 'side' ? 'Side' : column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {page.data.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a stored output.
            <tr key={offset + i}>
              <th
                scope="row"
                className="px-3 py-1.5 text-right text-xs font-normal text-zinc-500 tabular-nums sm:pl-5 dark:text-zinc-400"
              >
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

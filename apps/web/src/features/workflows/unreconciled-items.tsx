import { useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { formatCount } from './execution-display.ts';
import { OUTPUT_PAGE_SIZE, type OutputRef, useBlockOutput } from './executions-api.ts';
import { OutputRowsGrid } from './output-rows-grid.tsx';

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
        <ErrorAlert className="p-5">{page.error.message}</ErrorAlert>
      ) : page.data.kind !== 'rows' || page.data.total === 0 ? (
        <p className="px-4 py-6 text-sm text-zinc-500 sm:px-5 dark:text-zinc-400">
          Every record was reconciled or suggested: nothing is left open.
        </p>
      ) : (
        <>
          <OutputRowsGrid
            page={page.data}
            label={label}
            busy={page.isFetching}
            padding="card"
            columnLabel={(column) => (column === 'side' ? 'Side' : column)}
          />
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

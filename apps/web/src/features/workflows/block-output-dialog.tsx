import type { BlockOutputPage } from '@counterpart/contracts';
import { useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { formatCount } from './execution-display.ts';
import { OUTPUT_PAGE_SIZE, type OutputRef, useBlockOutput } from './executions-api.ts';

export interface BlockOutputDialogProps {
  /** "Clean amounts: Rows". */
  title: string;
  output: OutputRef;
  onClose: () => void;
}

/** One output of a block run: rows as a grid, 50 a page with Previous / Next; any other value as JSON. */
export function BlockOutputDialog({ title, output, onClose }: BlockOutputDialogProps) {
  const [pageNo, setPageNo] = useState(1);
  const page = useBlockOutput(output, pageNo);
  const data = page.data;
  const rows = data?.kind === 'rows';
  const pages = data ? Math.max(1, Math.ceil(data.total / OUTPUT_PAGE_SIZE)) : 1;
  // The page shown (the one before stays on screen while the next loads).
  const shown = data?.page_no ?? pageNo;
  const first = data && data.total > 0 ? (shown - 1) * OUTPUT_PAGE_SIZE + 1 : 0;
  const last = data ? Math.min(data.total, shown * OUTPUT_PAGE_SIZE) : 0;

  return (
    <Modal
      open
      onClose={onClose}
      size="large"
      title={title}
      description={
        data
          ? rows
            ? `${formatCount(data.total)} ${data.total === 1 ? 'row' : 'rows'}`
            : 'A value'
          : undefined
      }
      footer={
        rows && data ? (
          <nav aria-label="Output pages" className="flex w-full flex-wrap items-center justify-between gap-2">
            <span className="text-sm text-zinc-500 tabular-nums dark:text-zinc-400">
              {data.total === 0
                ? 'No rows'
                : `Rows ${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)}`}
            </span>
            <div className="flex gap-2">
              <PageButton label="Previous" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)} />
              <PageButton label="Next" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)} />
            </div>
          </nav>
        ) : undefined
      }
    >
      {page.isPending ? (
        <div className="space-y-2">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : page.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {page.error.message}
        </p>
      ) : page.data.kind === 'value' ? (
        <pre className="overflow-x-auto rounded-lg bg-zinc-50 p-3 font-mono text-xs leading-5 whitespace-pre-wrap break-words text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
          {JSON.stringify(page.data.value ?? null, null, 2)}
        </pre>
      ) : (
        <RowsGrid page={page.data} label={title} busy={page.isFetching} />
      )}
    </Modal>
  );
}

/**
 * Previous / Next stay focusable at the ends (aria-disabled, not disabled), so focus never falls
 * out of the dialog when the last page is reached.
 */
function PageButton({ label, disabled, onClick }: { label: string; disabled: boolean; onClick: () => void }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
    >
      {label}
    </Button>
  );
}

function RowsGrid({ page, label, busy }: { page: BlockOutputPage; label: string; busy: boolean }) {
  if (page.total === 0) {
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">This output has no rows.</p>;
  }
  const offset = (page.page_no - 1) * page.page_size;
  return (
    <div className="-mx-5 -my-4 overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label} aria-busy={busy}>
        <thead className="text-xs text-zinc-500 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="w-12 px-3 py-2 text-right font-medium">
              #
            </th>
            {page.columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {column}
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
                className="px-3 py-1.5 text-right text-xs font-normal text-zinc-500 tabular-nums dark:text-zinc-400"
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

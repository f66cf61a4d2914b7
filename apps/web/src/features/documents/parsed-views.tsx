import type { ParsedPdfPage } from '@counterpart/contracts';
import { useState } from 'react';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { PageNav } from '../../shared/ui/page-nav.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useParsed } from './documents-api.ts';

const ROWS_PAGE_SIZE = 50;
const PDF_PAGES_AT_ONCE = 1;

function Loading() {
  return (
    <div className="space-y-2 p-5">
      <Skeleton className="h-6 w-full" />
      <Skeleton className="h-6 w-full" />
    </div>
  );
}

/** CSV/XLSX rows as a grid, 50 rows a page; row numbers as in the file. */
export function RowsGrid({ documentId, label }: { documentId: string; label: string }) {
  const [pageNo, setPageNo] = useState(1);
  const parsed = useParsed(documentId, pageNo, ROWS_PAGE_SIZE, true);
  if (parsed.isPending) return <Loading />;
  if (parsed.isError) {
    return <ErrorAlert className="p-5">{parsed.error.message}</ErrorAlert>;
  }
  if (parsed.data.kind !== 'rows') return null;
  const { rows, first_row, total } = parsed.data;
  const width = Math.max(0, ...rows.map((r) => r.length));
  return (
    <>
      <div className="max-h-[32rem] overflow-auto">
        <table className="w-full text-left text-sm" aria-label={label} aria-busy={parsed.isFetching}>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are numbered as in the file.
              <tr key={first_row + i}>
                <th
                  scope="row"
                  className="sticky left-0 bg-zinc-50 px-3 py-1.5 text-right text-xs font-normal text-zinc-500 tabular-nums dark:bg-zinc-900 dark:text-zinc-400"
                >
                  {first_row + i}
                </th>
                {Array.from({ length: width }, (_, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in a fixed row.
                  <td key={c} className="px-3 py-1.5 whitespace-nowrap text-zinc-800 dark:text-zinc-200">
                    {row[c] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PageNav pageNo={pageNo} pageSize={ROWS_PAGE_SIZE} total={total} onPage={setPageNo} />
    </>
  );
}

function PdfPageText({ page }: { page: ParsedPdfPage }) {
  return (
    <article aria-label={`Page ${page.page}`} className="space-y-4 p-4 sm:p-5">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">Page {page.page}</h3>
      <pre className="overflow-x-auto rounded-lg bg-zinc-50 p-3 font-mono text-xs leading-5 whitespace-pre-wrap text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
        {page.lines.map((line) => line.text).join('\n')}
      </pre>
      {page.tables.map((table, t) => (
        <div key={table.first_line} className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label={`Table ${t + 1} on page ${page.page}`}>
            <thead className="text-xs text-zinc-500 dark:text-zinc-400">
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                {(table.rows[0] ?? []).map((cell, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in a fixed row.
                  <th key={c} scope="col" className="px-3 py-1.5 font-medium">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {table.rows.slice(1).map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a parsed table's rows never move.
                <tr key={r}>
                  {row.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in a fixed row.
                    <td key={c} className="px-3 py-1.5 whitespace-nowrap text-zinc-800 dark:text-zinc-200">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </article>
  );
}

/** A PDF's parsed text page by page, with the tables detected on each page. */
export function PdfParsedText({ documentId }: { documentId: string }) {
  const [pageNo, setPageNo] = useState(1);
  const parsed = useParsed(documentId, pageNo, PDF_PAGES_AT_ONCE, true);
  if (parsed.isPending) return <Loading />;
  if (parsed.isError) {
    return <ErrorAlert className="p-5">{parsed.error.message}</ErrorAlert>;
  }
  if (parsed.data.kind !== 'pdf') return null;
  return (
    <div aria-busy={parsed.isFetching}>
      {parsed.data.pages.map((page) => (
        <PdfPageText key={page.page} page={page} />
      ))}
      <PageNav pageNo={pageNo} pageSize={PDF_PAGES_AT_ONCE} total={parsed.data.total} onPage={setPageNo} />
    </div>
  );
}

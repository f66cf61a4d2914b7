import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert.tsx';
import { PageNav } from './page-nav.tsx';
import { Skeleton } from './skeleton.tsx';

/** One page of a list as the API answers it: its rows and how many match in all. */
export interface ListPage<Row> {
  data: Row[];
  total: number;
}

export interface PagedListProps<Row> {
  /** The query of the page on screen. */
  query: UseQueryResult<ListPage<Row>>;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number) => void;
  /** Shown instead of the rows when the page has none. */
  empty: ReactNode;
  /** Draws the page's rows (e.g. a `ListTable`). */
  children: (rows: Row[]) => ReactNode;
}

/**
 * A paged list's states: skeleton rows while the first page loads, the error, `empty` when the page has
 * no rows, else the rows and Previous / Next under them.
 */
export function PagedList<Row>({ query, pageNo, pageSize, onPage, empty, children }: PagedListProps<Row>) {
  if (query.isPending) {
    return (
      <div className="space-y-3 p-5">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return <ErrorAlert className="p-5">{query.error.message}</ErrorAlert>;
  }
  if (query.data.data.length === 0) return empty;
  return (
    <>
      {children(query.data.data)}
      <PageNav pageNo={pageNo} pageSize={pageSize} total={query.data.total} onPage={onPage} />
    </>
  );
}

import type { PageQuery } from '@counterpart/contracts';

/** What a list answers (the contracts' `pageOf`): one page of rows and how many there are in all. */
export interface ListPage<T> {
  data: T[];
  page_no: number;
  page_size: number;
  total: number;
}

/** How many rows come before the asked page (page_no starts at 1). */
export const pageOffset = (query: PageQuery): number => (query.page_no - 1) * query.page_size;

/** The page of `data` the query asked for, out of `total` rows. */
export function listPage<T>(data: T[], query: PageQuery, total: number): ListPage<T> {
  return { data, page_no: query.page_no, page_size: query.page_size, total };
}

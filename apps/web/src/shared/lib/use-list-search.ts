import { useState } from 'react';

/** A paged list's search text and page number: a new search starts again from page 1. */
export function useListSearch() {
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const searchFor = (text: string) => {
    setSearch(text.trim());
    setPageNo(1);
  };
  return { search, searchFor, pageNo, setPageNo };
}

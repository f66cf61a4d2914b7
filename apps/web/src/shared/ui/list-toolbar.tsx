import type { ReactNode } from 'react';
import { SearchInput } from './search-input.tsx';

export interface ListToolbarProps {
  /** Accessible name of the search field, e.g. "Search tables". */
  searchLabel: string;
  onSearch: (text: string) => void;
  /** Filters and buttons after the search field. */
  children?: ReactNode;
}

/** A list page's heading actions: search by name, then its filters and buttons (stacked on narrow screens). */
export function ListToolbar({ searchLabel, onSearch, children }: ListToolbarProps) {
  return (
    <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:items-center">
      <SearchInput
        label={searchLabel}
        placeholder="Search by name"
        onSearch={onSearch}
        className="w-full sm:w-64"
      />
      {children}
    </div>
  );
}

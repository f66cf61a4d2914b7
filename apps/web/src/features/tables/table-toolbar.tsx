import type { ItemFilter, TableColumn } from '@counterpart/contracts';
import { Button } from '../../shared/ui/button.tsx';
import { SearchInput } from '../../shared/ui/search-input.tsx';
import { FilterBar, type FilterPreset } from './filter-bar.tsx';

export interface TableToolbarProps {
  columns: TableColumn[];
  filters: ItemFilter[];
  hidden: ReadonlySet<string>;
  onSearch: (search: string) => void;
  onFilters: (filters: ItemFilter[]) => void;
  onShow: (columnId: string) => void;
  filterPreset?: FilterPreset | null | undefined;
}

/** Above the grid: search over every column, the filters, and the hidden columns to show again. */
export function TableToolbar({
  columns,
  filters,
  hidden,
  onSearch,
  onFilters,
  onShow,
  filterPreset,
}: TableToolbarProps) {
  return (
    <div className="space-y-3 border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
      <SearchInput
        label="Search rows"
        placeholder="Search every column"
        onSearch={(text) => onSearch(text.trim())}
        className="w-full sm:w-80"
      />
      <FilterBar columns={columns} filters={filters} onChange={onFilters} preset={filterPreset} />
      {hidden.size > 0 && (
        <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          Hidden:
          {columns
            .filter((column) => hidden.has(column.id))
            .map((column) => (
              <Button key={column.id} variant="ghost" size="sm" onClick={() => onShow(column.id)}>
                Show {column.name}
              </Button>
            ))}
        </p>
      )}
    </div>
  );
}

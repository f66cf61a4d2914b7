import type { ReconItem, ReconStatus, SideFields, TableColumn } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { classNames } from '../../../shared/lib/class-names.ts';
import { EmptyView } from '../../../shared/ui/empty-view.tsx';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { SearchInput } from '../../../shared/ui/search-input.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';
import { ItemRow, ROW_HEIGHT } from './item-row.tsx';
import { isMoveKey, movedIndex, shouldLoadMore } from './list-navigation.ts';
import { type ItemsFilter, useReconItemPages } from './recon-api.ts';
import type { Selection } from './selection.ts';

const LIST_HEIGHT = 448;
/** Rows rendered out of sight on each side of the window. */
const OVERSCAN = 6;
/** Without a measured box (tests without layout), at most this many rows are drawn. */
const UNMEASURED_ROWS = 50;

export const STATUS_FILTERS: ReadonlyArray<{ value: ReconStatus | ''; label: string }> = [
  { value: '', label: 'All' },
  { value: 'unreconciled', label: 'Unreconciled' },
  { value: 'suggested', label: 'Suggested' },
  { value: 'partial', label: 'Partial' },
  { value: 'reconciled', label: 'Reconciled' },
];

export interface ItemListProps {
  side: 'left' | 'right';
  tableId: string;
  tableName: string;
  fields: SideFields | undefined;
  columns: ReadonlyArray<TableColumn>;
  selected: Selection;
  /** A status filter set from outside (the Suggestions view); the list's own select changes it. */
  status: ReconStatus | undefined;
  onStatus: (status: ReconStatus | undefined) => void;
  onToggle: (item: ReconItem) => void;
  onOpenGroup: (groupId: string) => void;
  /** The active row while the list has focus (undefined when it loses it): the trail shortcut's subject. */
  onActive?: (item: ReconItem | undefined) => void;
}

/**
 * One side of the workspace: a status filter and search over GET /v1/recon/items, and a virtualised
 * listbox of rows that loads the next page as it scrolls (the DOM holds only the rows in sight).
 * Click or Space selects a row; a matched row opens its group on click or Enter; arrows, Page
 * Up/Down, Home and End move. Options carry aria-setsize (every row of the filter) and aria-posinset.
 */
export function ItemList(props: ItemListProps) {
  const { side, tableId, tableName, fields, columns, selected, status } = props;
  const [filter, setFilter] = useState<ItemsFilter>({ status, search: '' });
  const [active, setActive] = useState(0);
  const listId = useId();
  const scrollBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setFilter((current) => (current.status === status ? current : { ...current, status }));
  }, [status]);
  const items = useReconItemPages(tableId, filter, { amount: fields?.amount, date: fields?.date });
  const pages = items.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.data) ?? [], [pages]);
  const total = pages?.at(-1)?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData } = items;
  const current = Math.min(active, Math.max(0, rows.length - 1));
  const virtualizer = useVirtualizer({
    count: rows.length + (hasNextPage ? 1 : 0),
    getScrollElement: () => scrollBox.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    initialRect: { width: 600, height: LIST_HEIGHT },
    getItemKey: (index) => rows[index]?.item_id ?? `loader-${index}`,
  });
  const windowed = (virtualizer.scrollRect?.height ?? 0) > 0;
  const virtualRows = virtualizer.getVirtualItems();
  const rendered = windowed
    ? virtualRows.map((row) => row.index)
    : Array.from({ length: Math.min(rows.length + (hasNextPage ? 1 : 0), UNMEASURED_ROWS) }, (_, i) => i);
  const firstRendered = rendered[0] ?? 0;
  const lastRendered = rendered.at(-1) ?? 0;
  const padTop = windowed ? (virtualRows[0]?.start ?? 0) : 0;
  const padBottom = windowed ? virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0) : 0;

  // The next page, when the rows drawn come near the end of what is loaded (not while the rows
  // shown are still the previous filter's).
  useEffect(() => {
    if (isPlaceholderData) return;
    if (shouldLoadMore(Math.max(lastRendered, current), rows.length, { hasNextPage, isFetchingNextPage })) {
      void fetchNextPage();
    }
  }, [lastRendered, current, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData]);

  const optionId = (index: number) => `${listId}-option-${index}`;
  const { onToggle, onOpenGroup, onActive } = props;
  const activate = useCallback(
    (item: ReconItem) => {
      if (item.group_id && item.status !== 'unreconciled') onOpenGroup(item.group_id);
      else onToggle(item);
    },
    [onOpenGroup, onToggle],
  );
  const onRowClick = useCallback(
    (index: number, item: ReconItem) => {
      setActive(index);
      onActive?.(item);
      activate(item);
    },
    [activate, onActive],
  );
  const onRowCheck = useCallback(
    (index: number, item: ReconItem) => {
      setActive(index);
      onActive?.(item);
      onToggle(item);
    },
    [onActive, onToggle],
  );

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const item = rows[current];
    if (isMoveKey(event.key)) {
      const pageRows = Math.floor((scrollBox.current?.clientHeight ?? LIST_HEIGHT) / ROW_HEIGHT);
      const next = movedIndex(event.key, current, rows.length, pageRows);
      setActive(next);
      onActive?.(rows[next]);
      virtualizer.scrollToIndex(next, { align: 'auto' });
    } else if (event.key === ' ' && item) onToggle(item);
    else if (event.key === 'Enter' && item) activate(item);
    else return;
    event.preventDefault();
  };

  const changeFilter = (change: Partial<ItemsFilter>) => {
    setActive(0);
    scrollBox.current?.scrollTo({ top: 0 });
    setFilter((currentFilter) => ({ ...currentFilter, ...change }));
    if ('status' in change) props.onStatus(change.status);
  };
  const label = `${tableName} (${side})`;
  const activeShown = current >= firstRendered && current <= lastRendered && current < rows.length;

  return (
    <section
      aria-label={`${side === 'left' ? 'Left' : 'Right'}: ${tableName}`}
      className="flex min-w-0 flex-col rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="space-y-2 border-b border-zinc-200 px-3 py-3 sm:px-4 dark:border-zinc-800">
        <div className="flex items-center justify-between gap-2">
          <h2 className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50">
            <span className="mr-1.5 text-xs font-medium text-zinc-500 uppercase dark:text-zinc-400">
              {side}
            </span>
            {tableName}
          </h2>
          <span className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
            {pages ? countOf(total, 'row') : ''}
          </span>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <label className="sr-only" htmlFor={`${listId}-status`}>
            Status of {side} rows
          </label>
          <select
            id={`${listId}-status`}
            className={classNames(FIELD_CLASSES, 'h-9 py-1 sm:w-44')}
            value={filter.status ?? ''}
            onChange={(event) =>
              changeFilter({ status: (event.target.value || undefined) as ReconStatus | undefined })
            }
          >
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <SearchInput
            label={`Search ${side} rows`}
            placeholder="Search rows"
            onSearch={(search) => changeFilter({ search: search.trim() })}
            className="w-full sm:max-w-none"
          />
        </div>
      </div>
      {items.isError && !pages ? (
        <ErrorAlert className="p-4">{items.error.message}</ErrorAlert>
      ) : !pages ? (
        <div className="space-y-2 p-4">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : rows.length === 0 ? (
        <EmptyView
          title="No rows"
          description={
            filter.status || filter.search ? 'No row matches this filter.' : `${tableName} has no rows yet.`
          }
        />
      ) : (
        <div
          ref={scrollBox}
          role="listbox"
          aria-label={label}
          aria-multiselectable="true"
          aria-activedescendant={activeShown ? optionId(current) : undefined}
          aria-busy={items.isFetching}
          tabIndex={0}
          onKeyDown={handleKeyDown}
          onFocus={() => onActive?.(rows[current])}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) onActive?.(undefined);
          }}
          style={{ maxHeight: LIST_HEIGHT }}
          className="group overflow-y-auto overscroll-contain focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] focus-visible:ring-inset"
        >
          {padTop > 0 && <div aria-hidden="true" style={{ height: padTop }} />}
          {rendered.map((index) => {
            const item = rows[index];
            if (!item) {
              return (
                <div
                  key="loader"
                  aria-hidden="true"
                  style={{ height: ROW_HEIGHT }}
                  className="flex items-center justify-center gap-2 text-sm text-zinc-500 dark:text-zinc-400"
                >
                  <LoaderCircle className="size-4 animate-spin" />
                  Loading more rows…
                </div>
              );
            }
            return (
              <ItemRow
                key={item.item_id}
                id={optionId(index)}
                item={item}
                index={index}
                setSize={total}
                selected={selected.has(item.item_id)}
                active={index === current}
                fields={fields}
                columns={columns}
                onClick={onRowClick}
                onCheck={onRowCheck}
              />
            );
          })}
          {padBottom > 0 && <div aria-hidden="true" style={{ height: padBottom }} />}
        </div>
      )}
      {items.isError && pages && (
        <ErrorAlert className="border-t border-zinc-200 p-3 dark:border-zinc-800">
          {items.error.message}
        </ErrorAlert>
      )}
    </section>
  );
}

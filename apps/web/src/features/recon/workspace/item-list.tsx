import type { ReconItem, ReconStatus, SideFields, TableColumn } from '@counterpart/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Check } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { classNames } from '../../../shared/lib/class-names.ts';
import { EmptyView } from '../../../shared/ui/empty-view.tsx';
import { PageNav } from '../../../shared/ui/page-nav.tsx';
import { SearchInput } from '../../../shared/ui/search-input.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { StatusBadge } from '../../../shared/ui/status-badge.tsx';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';
import { type ItemsView, useReconItems } from './recon-api.ts';
import { formatMoney, rowText, type Selection } from './selection.ts';

const ROW_HEIGHT = 56;

export const STATUS_FILTERS: ReadonlyArray<{ value: ReconStatus | ''; label: string }> = [
  { value: '', label: 'All' },
  { value: 'unreconciled', label: 'Unreconciled' },
  { value: 'suggested', label: 'Suggested' },
  { value: 'partial', label: 'Partial' },
  { value: 'reconciled', label: 'Reconciled' },
];

export const STATUS_LABELS: Record<ReconStatus, string> = {
  reconciled: 'Reconciled',
  partial: 'Partial',
  suggested: 'Suggested',
  unreconciled: 'Unreconciled',
};

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
 * One side of the workspace: a status filter, search and paging over GET /v1/recon/items, and a
 * virtualised listbox of rows (date, reference, description, amount, status). Click or Space selects
 * a row; a matched row opens its group on click or Enter; arrow keys move.
 */
export function ItemList(props: ItemListProps) {
  const { side, tableId, tableName, fields, columns, selected, status } = props;
  const [view, setView] = useState<ItemsView>({ status, search: '', pageNo: 1 });
  const [active, setActive] = useState(0);
  const listId = useId();
  const scrollBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setView((current) => (current.status === status ? current : { ...current, status, pageNo: 1 }));
  }, [status]);
  const items = useReconItems(tableId, view, { amount: fields?.amount, date: fields?.date });
  const rows = items.data?.data ?? [];
  const current = Math.min(active, Math.max(0, rows.length - 1));
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollBox.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 600, height: 480 },
    getItemKey: (index) => rows[index]?.item_id ?? index,
  });
  const windowed = (virtualizer.scrollRect?.height ?? 0) > 0;
  const virtualRows = virtualizer.getVirtualItems();
  const rendered = windowed ? virtualRows.map((row) => row.index) : rows.map((_, index) => index);
  const padTop = windowed ? (virtualRows[0]?.start ?? 0) : 0;
  const padBottom = windowed ? virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0) : 0;

  const optionId = (index: number) => `${listId}-option-${index}`;
  const activate = (item: ReconItem) => {
    if (item.group_id && item.status !== 'unreconciled') props.onOpenGroup(item.group_id);
    else props.onToggle(item);
  };
  const move = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    props.onActive?.(rows[next]);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const item = rows[current];
    if (event.key === 'ArrowDown') move(current + 1);
    else if (event.key === 'ArrowUp') move(current - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(rows.length - 1);
    else if (event.key === 'PageDown') move(current + 8);
    else if (event.key === 'PageUp') move(current - 8);
    else if (event.key === ' ' && item) props.onToggle(item);
    else if (event.key === 'Enter' && item) activate(item);
    else return;
    event.preventDefault();
  };

  const changeView = (change: Partial<ItemsView>) => {
    setActive(0);
    setView((currentView) => ({ ...currentView, pageNo: 1, ...change }));
    if ('status' in change) props.onStatus(change.status);
  };
  const label = `${tableName} (${side})`;

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
            {items.data ? `${items.data.total.toLocaleString('en-US')} rows` : ''}
          </span>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <label className="sr-only" htmlFor={`${listId}-status`}>
            Status of {side} rows
          </label>
          <select
            id={`${listId}-status`}
            className={classNames(FIELD_CLASSES, 'h-9 py-1 sm:w-44')}
            value={view.status ?? ''}
            onChange={(event) =>
              changeView({ status: (event.target.value || undefined) as ReconStatus | undefined })
            }
          >
            {STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
          <SearchInput
            label={`Search ${side} rows`}
            placeholder="Search rows"
            onSearch={(search) => changeView({ search: search.trim() })}
            className="w-full sm:max-w-none"
          />
        </div>
      </div>
      {items.isError ? (
        <p role="alert" className="p-4 text-sm text-red-600 dark:text-red-400">
          {items.error.message}
        </p>
      ) : !items.data ? (
        <div className="space-y-2 p-4">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : rows.length === 0 ? (
        <EmptyView
          title="No rows"
          description={
            view.status || view.search ? 'No row matches this filter.' : `${tableName} has no rows yet.`
          }
        />
      ) : (
        <div
          ref={scrollBox}
          role="listbox"
          aria-label={label}
          aria-multiselectable="true"
          aria-activedescendant={rows.length > 0 ? optionId(current) : undefined}
          aria-busy={items.isFetching}
          tabIndex={0}
          onKeyDown={handleKeyDown}
          onFocus={() => props.onActive?.(rows[current])}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) props.onActive?.(undefined);
          }}
          className="group max-h-[28rem] overflow-y-auto overscroll-contain focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] focus-visible:ring-inset"
        >
          {padTop > 0 && <div aria-hidden="true" style={{ height: padTop }} />}
          {rendered.map((index) => {
            const item = rows[index];
            if (!item) return null;
            const isSelected = selected.has(item.item_id);
            const text = rowText(item.values, fields, columns);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys (Space, Enter, arrows) for its active option.
              <div
                key={item.item_id}
                tabIndex={-1}
                id={optionId(index)}
                role="option"
                aria-selected={isSelected}
                data-index={index}
                data-status={item.status}
                ref={windowed ? virtualizer.measureElement : undefined}
                onClick={() => {
                  setActive(index);
                  props.onActive?.(item);
                  activate(item);
                }}
                className={classNames(
                  'flex cursor-pointer items-center gap-3 border-b border-zinc-100 px-3 py-2 text-sm sm:px-4 dark:border-zinc-800/70',
                  isSelected
                    ? 'bg-[var(--color-primary)]/10 dark:bg-[var(--color-primary)]/20'
                    : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/50',
                  index === current &&
                    'group-focus-within:outline-2 group-focus-within:-outline-offset-2 group-focus-within:outline-[var(--color-primary)]/70',
                )}
              >
                <span
                  aria-hidden="true"
                  data-testid="row-checkbox"
                  onClick={(event) => {
                    event.stopPropagation();
                    setActive(index);
                    props.onToggle(item);
                  }}
                  className={classNames(
                    'flex size-4 shrink-0 items-center justify-center rounded border',
                    isSelected
                      ? 'border-[var(--color-primary)] bg-[var(--color-primary)] text-white'
                      : 'border-zinc-400 dark:border-zinc-600',
                  )}
                >
                  {isSelected && <Check className="size-3" strokeWidth={3} />}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-zinc-900 dark:text-zinc-100">
                    {text.reference || text.description || 'No reference'}
                  </span>
                  <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                    {[item.date, text.reference ? text.description : ''].filter(Boolean).join(' · ') || '—'}
                  </span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  <span className="font-medium whitespace-nowrap text-zinc-900 tabular-nums dark:text-zinc-100">
                    {formatMoney(item.amount, item.currency)}
                  </span>
                  <StatusBadge
                    status={item.status}
                    label={
                      item.group_state === 'pending_approval'
                        ? `${STATUS_LABELS[item.status]} · awaiting approval`
                        : STATUS_LABELS[item.status]
                    }
                  />
                </span>
              </div>
            );
          })}
          {padBottom > 0 && <div aria-hidden="true" style={{ height: padBottom }} />}
        </div>
      )}
      {items.data && (
        <PageNav
          pageNo={view.pageNo}
          pageSize={items.data.page_size}
          total={items.data.total}
          onPage={(pageNo) => {
            setActive(0);
            setView((currentView) => ({ ...currentView, pageNo }));
          }}
        />
      )}
    </section>
  );
}

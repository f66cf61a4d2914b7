import type { TableColumn } from '@counterpart/contracts';
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, ChevronDown, Filter, Trash2 } from 'lucide-react';
import type { KeyboardEvent, RefObject } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';
import { Menu, type MenuItem } from '../../shared/ui/menu.tsx';
import { isFigureColumn } from './cell-value.ts';
import { COLUMN_TYPE_LABELS } from './column-drafts.ts';

/** What the column menu asks the page to do beyond sort, rename and hide. */
export type ColumnAction = 'filter' | 'retype' | 'remove' | 'move-left' | 'move-right';

export interface ColumnHeaderProps {
  column: TableColumn;
  sorted: 'asc' | 'desc' | null;
  focusRef: (node: HTMLElement | null) => void;
  tabIndex: number;
  /** Rename, change type, remove and move need update on `{product}_table`. */
  canRename: boolean;
  /** Whether a visible column sits to the left / right (moving past it). */
  hasLeft: boolean;
  hasRight: boolean;
  onSort: (order: 'asc' | 'desc') => void;
  onRename: () => void;
  onHide: () => void;
  /** Absent: no Filter / Change type / Remove / Move items. */
  onAction?: ((action: ColumnAction) => void) | undefined;
}

const GRID_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * A column's header: its name opens the column menu (sort, filter, rename, change type, move, hide,
 * remove); arrow keys stay with the grid.
 */
export function ColumnHeader({
  column,
  sorted,
  focusRef,
  tabIndex,
  canRename,
  hasLeft,
  hasRight,
  onSort,
  onRename,
  onHide,
  onAction,
}: ColumnHeaderProps) {
  const items: MenuItem[] = [
    { label: 'Sort ascending', icon: <ArrowUp />, onSelect: () => onSort('asc') },
    { label: 'Sort descending', icon: <ArrowDown />, onSelect: () => onSort('desc') },
  ];
  if (onAction) items.push({ label: 'Filter…', icon: <Filter />, onSelect: () => onAction('filter') });
  items.push({ type: 'separator' }, { label: 'Rename column', onSelect: onRename, disabled: !canRename });
  if (onAction) {
    items.push(
      { label: 'Change type…', onSelect: () => onAction('retype'), disabled: !canRename },
      {
        label: 'Move left',
        icon: <ArrowLeft />,
        onSelect: () => onAction('move-left'),
        disabled: !canRename || !hasLeft,
      },
      {
        label: 'Move right',
        icon: <ArrowRight />,
        onSelect: () => onAction('move-right'),
        disabled: !canRename || !hasRight,
      },
    );
  }
  items.push({ label: 'Hide column', onSelect: onHide });
  if (onAction && canRename) {
    items.push(
      { type: 'separator' },
      { label: 'Remove column…', icon: <Trash2 />, tone: 'danger', onSelect: () => onAction('remove') },
    );
  }
  return (
    <th
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className={classNames(
        'sticky top-0 z-[1] border-b border-zinc-200 bg-zinc-50 px-1 py-1 text-xs font-medium whitespace-nowrap text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300',
        isFigureColumn(column) && 'text-right',
      )}
    >
      <Menu
        label={`${column.name} column menu`}
        items={items}
        trigger={(props) => (
          <button
            {...props}
            ref={(node) => {
              (props.ref as RefObject<HTMLButtonElement | null>).current = node;
              focusRef(node);
            }}
            tabIndex={tabIndex}
            aria-label={`${column.name}, ${COLUMN_TYPE_LABELS[column.type]} column${sorted ? `, sorted ${sorted === 'asc' ? 'ascending' : 'descending'}` : ''}`}
            onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
              if (!GRID_KEYS.has(event.key)) props.onKeyDown(event);
            }}
            className="inline-flex max-w-full items-center gap-1 rounded px-1.5 py-1 hover:bg-zinc-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:hover:bg-zinc-800"
          >
            <span className="truncate">{column.name}</span>
            {sorted === 'asc' && <ArrowUp aria-hidden="true" className="size-3.5" />}
            {sorted === 'desc' && <ArrowDown aria-hidden="true" className="size-3.5" />}
            <ChevronDown aria-hidden="true" className="size-3.5 text-zinc-400" />
          </button>
        )}
      />
    </th>
  );
}

import type { TableColumn } from '@counterpart/contracts';
import { ArrowDown, ArrowUp, ChevronDown } from 'lucide-react';
import type { KeyboardEvent, RefObject } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';
import { Menu } from '../../shared/ui/menu.tsx';
import { isFigureColumn } from './cell-value.ts';
import { COLUMN_TYPE_LABELS } from './column-drafts.ts';

export interface ColumnHeaderProps {
  column: TableColumn;
  sorted: 'asc' | 'desc' | null;
  focusRef: (node: HTMLElement | null) => void;
  tabIndex: number;
  canRename: boolean;
  onSort: (order: 'asc' | 'desc') => void;
  onRename: () => void;
  onHide: () => void;
}

const GRID_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** A column's header: its name opens the column menu (sort, rename, hide); arrow keys stay with the grid. */
export function ColumnHeader({
  column,
  sorted,
  focusRef,
  tabIndex,
  canRename,
  onSort,
  onRename,
  onHide,
}: ColumnHeaderProps) {
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
        items={[
          { label: 'Sort ascending', icon: <ArrowUp />, onSelect: () => onSort('asc') },
          { label: 'Sort descending', icon: <ArrowDown />, onSelect: () => onSort('desc') },
          { type: 'separator' },
          { label: 'Rename column', onSelect: onRename, disabled: !canRename },
          { label: 'Hide column', onSelect: onHide },
        ]}
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

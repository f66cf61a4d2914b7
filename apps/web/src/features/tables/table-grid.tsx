import type { TableColumn, TableItem } from '@counterpart/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Link2 } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { editTextOf, formatCell, isFigureColumn, isStatusCell } from './cell-value.ts';
import { type ColumnAction, ColumnHeader } from './column-header.tsx';
import { GridCellEditor } from './grid-cell-editor.tsx';
import { type CellPosition, moveCell } from './grid-navigation.ts';

export interface TableGridProps {
  tableName: string;
  columns: TableColumn[];
  items: TableItem[];
  /** Rows before this page, for aria-rowindex. */
  rowOffset: number;
  total: number;
  sort: { columnId: string; order: 'asc' | 'desc' } | null;
  selected: ReadonlySet<string>;
  canEdit: boolean;
  onSelect: (itemId: string, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  onSort: (columnId: string, order: 'asc' | 'desc') => void;
  onRename: (column: TableColumn) => void;
  onHide: (column: TableColumn) => void;
  /**
   * The column menu's filter, change type, remove and move items; absent: not offered. A move may answer
   * whether the column moved; until it says no, focus goes to the column's header where it lands.
   */
  onColumnAction?: ((column: TableColumn, action: ColumnAction) => Promise<boolean> | undefined) | undefined;
  /** Saves one cell; resolves to the field's error message, or undefined once saved. */
  onSave: (item: TableItem, column: TableColumn, text: string) => Promise<string | undefined>;
  /** Opens a row's linked records (the relationships panel); absent: no such button. */
  onOpenRow?: ((item: TableItem) => void) | undefined;
  /**
   * A "Recon status" column (named apart from a table's own Status column) after the data columns: each row's reconciliation status as a spec §3 badge
   * ('badges'), or "—" when the table has no reconciliation data ('none'); absent: no column.
   */
  reconStatus?: 'badges' | 'none' | undefined;
  /** Shown under the rows inside the scroll box (the empty view). */
  children?: ReactNode;
}

/** Height of a row before it is measured; rows are rendered only near the visible part of the box. */
export const ROW_HEIGHT = 33;
const OVERSCAN = 12;

interface Editing {
  itemId: string;
  columnId: string;
  error?: string | undefined;
  saving: boolean;
}

/**
 * The data grid (WAI-ARIA grid): one tab stop, arrow keys / Home / End between cells, Enter edits a cell,
 * Escape cancels, Space toggles a row's checkbox. Column 0 holds the selection checkboxes; row 0 the headers.
 * Rows are virtualised (@tanstack/react-virtual): only those near the scroll box's view are in the DOM,
 * between two spacer rows; moving focus to a row off screen scrolls it in first.
 */
export function TableGrid(props: TableGridProps) {
  const { columns, items, selected, canEdit } = props;
  const [focus, setFocus] = useState<CellPosition>({ row: 0, col: 1 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const targets = useRef(new Map<string, HTMLElement>());
  const moved = useRef(false);
  /** The column moved from its header's menu, and the place it left. */
  const following = useRef<{ columnId: string; col: number } | null>(null);
  const scrollBox = useRef<HTMLDivElement>(null);
  const rowCount = items.length + 1;
  const statusCol = props.reconStatus ? columns.length + 1 : -1;
  const colCount = columns.length + 1 + (props.reconStatus ? 1 : 0) + (props.onOpenRow ? 1 : 0);
  const row = Math.min(focus.row, rowCount - 1);
  const col = Math.min(focus.col, colCount - 1);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollBox.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // Before the box is measured (and in tests without layout), render a screenful.
    initialRect: { width: 1024, height: 720 },
    getItemKey: (index) => items[index]?.id ?? index,
    // Rows a scroll brings in render with the next frame, not synchronously inside each scroll event
    // (flushSync): bench/table-grid-fps.ts, 500 rows, ~28 → ~44 DrawFrame/s, longest task ~20 → ~15 ms.
    useFlushSync: false,
  });
  const virtualRows = virtualizer.getVirtualItems();
  // Without layout (a box of no height: jsdom, a hidden tab) there is nothing to window: render all.
  const windowed = (virtualizer.scrollRect?.height ?? 0) > 0;
  const rendered = windowed ? virtualRows.map((v) => v.index) : items.map((_, index) => index);
  const padTop = windowed ? (virtualRows[0]?.start ?? 0) : 0;
  const padBottom = windowed ? virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0) : 0;

  useEffect(() => {
    if (!moved.current) return;
    const target = targets.current.get(`${row}:${col}`);
    // A row still off screen is rendered after the scroll: focus it on that render.
    if (!target) return;
    moved.current = false;
    target.focus();
  });

  // A moved column's header takes focus where it lands, so Move left / right can be pressed again.
  useEffect(() => {
    const move = following.current;
    if (!move) return;
    const landed = columns.findIndex((column) => column.id === move.columnId) + 1;
    if (landed === move.col) return;
    following.current = null;
    if (landed > 0) focusCell({ row: 0, col: landed });
  });

  const focusCell = (next: CellPosition) => {
    moved.current = true;
    if (next.row > 0) virtualizer.scrollToIndex(next.row - 1, { align: 'auto' });
    setFocus(next);
  };
  const register = (r: number, c: number) => (node: HTMLElement | null) => {
    if (node) targets.current.set(`${r}:${c}`, node);
    else targets.current.delete(`${r}:${c}`);
  };

  const columnAction = async (column: TableColumn, col: number, action: ColumnAction) => {
    const done = props.onColumnAction?.(column, action);
    if (action !== 'move-left' && action !== 'move-right') return;
    const move = { columnId: column.id, col };
    following.current = move;
    if (!(await done) && following.current === move) following.current = null;
  };

  const startEdit = (item: TableItem, column: TableColumn) => {
    if (!canEdit || column.type === 'link') return;
    setEditing({ itemId: item.id, columnId: column.id, saving: false });
  };
  const stopEdit = () => {
    moved.current = true;
    setEditing(null);
  };
  const commit = async (item: TableItem, column: TableColumn, text: string) => {
    setEditing({ itemId: item.id, columnId: column.id, saving: true });
    const error = await props.onSave(item, column, text);
    if (error) setEditing({ itemId: item.id, columnId: column.id, saving: false, error });
    else stopEdit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (editing) return;
    const next = moveCell({ row, col }, event.key, rowCount, colCount, event.ctrlKey || event.metaKey);
    if (next) {
      event.preventDefault();
      focusCell(next);
      return;
    }
    const item = items[row - 1];
    const column = columns[col - 1];
    if ((event.key === 'Enter' || event.key === 'F2') && item && column) {
      event.preventDefault();
      startEdit(item, column);
    }
  };

  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const tabIndexOf = (r: number, c: number) => (r === row && c === col ? 0 : -1);
  const cellClasses =
    'align-middle border-b border-zinc-100 px-3 py-1.5 whitespace-nowrap dark:border-zinc-800';

  return (
    // min-h-[26rem]: room for a column menu (it opens inside this box) when the page has few rows.
    // will-change scroll-position: the browser scrolls the box on its compositor, not by repainting it
    // (bench/table-grid-fps.ts, 500 rows a page: ~44 → 60 DrawFrame/s, ~9.5 → ~5.8 ms main thread a frame).
    <div ref={scrollBox} className="max-h-[65vh] min-h-[26rem] overflow-auto [will-change:scroll-position]">
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA grid pattern on a table (its cells become gridcells).
        role="grid"
        aria-label={props.tableName}
        aria-rowcount={props.total + 1}
        aria-colcount={colCount}
        onKeyDown={onKeyDown}
        className="w-full border-separate border-spacing-0 text-left text-sm"
      >
        <thead>
          <tr aria-rowindex={1}>
            <th
              scope="col"
              className="sticky top-0 left-0 z-[2] w-10 border-b border-zinc-200 bg-zinc-50 px-3 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <input
                ref={register(0, 0)}
                type="checkbox"
                tabIndex={tabIndexOf(0, 0)}
                aria-label="Select all rows on this page"
                checked={allSelected}
                onChange={(event) => props.onSelectAll(event.target.checked)}
                onFocus={() => setFocus({ row: 0, col: 0 })}
                className="size-4 accent-[var(--color-primary)]"
              />
            </th>
            {columns.map((column, index) => (
              <ColumnHeader
                key={column.id}
                column={column}
                sorted={props.sort?.columnId === column.id ? props.sort.order : null}
                focusRef={register(0, index + 1)}
                tabIndex={tabIndexOf(0, index + 1)}
                canRename={canEdit}
                onSort={(order) => props.onSort(column.id, order)}
                onRename={() => props.onRename(column)}
                onHide={() => props.onHide(column)}
                hasLeft={index > 0}
                hasRight={index < columns.length - 1}
                onAction={props.onColumnAction && ((action) => void columnAction(column, index + 1, action))}
              />
            ))}
            {props.reconStatus && (
              <th
                scope="col"
                ref={register(0, statusCol)}
                tabIndex={tabIndexOf(0, statusCol)}
                onFocus={() => setFocus({ row: 0, col: statusCol })}
                className="sticky top-0 z-[1] border-b border-zinc-200 bg-zinc-50 px-3 py-2 text-xs font-medium text-zinc-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] focus-visible:ring-inset dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
              >
                Recon status
              </th>
            )}
            {props.onOpenRow && (
              <th
                scope="col"
                ref={register(0, colCount - 1)}
                tabIndex={tabIndexOf(0, colCount - 1)}
                onFocus={() => setFocus({ row: 0, col: colCount - 1 })}
                className="sticky top-0 z-[1] w-10 border-b border-zinc-200 bg-zinc-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] focus-visible:ring-inset dark:border-zinc-800 dark:bg-zinc-900"
              >
                <span className="sr-only">Linked records</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row of the virtualised grid, never focused
            <tr aria-hidden="true">
              <td colSpan={colCount} style={{ height: padTop, padding: 0 }} />
            </tr>
          )}
          {rendered.map((itemIndex) => {
            const item = items[itemIndex];
            if (!item) return null;
            const r = itemIndex + 1;
            const isSelected = selected.has(item.id);
            return (
              <tr
                key={item.id}
                data-index={itemIndex}
                ref={virtualizer.measureElement}
                aria-rowindex={props.rowOffset + r + 1}
                aria-selected={isSelected}
                className={classNames(
                  'hover:bg-zinc-50 dark:hover:bg-zinc-800/40',
                  isSelected && 'bg-[var(--color-primary)]/5',
                )}
              >
                <td className={classNames(cellClasses, 'sticky left-0 z-[1] bg-white dark:bg-zinc-900')}>
                  <input
                    ref={register(r, 0)}
                    type="checkbox"
                    tabIndex={tabIndexOf(r, 0)}
                    aria-label={`Select row ${props.rowOffset + r}`}
                    checked={isSelected}
                    onChange={(event) => props.onSelect(item.id, event.target.checked)}
                    onFocus={() => setFocus({ row: r, col: 0 })}
                    className="size-4 accent-[var(--color-primary)]"
                  />
                </td>
                {columns.map((column, columnIndex) => {
                  const c = columnIndex + 1;
                  const value = item.values[column.id];
                  const isEditing = editing?.itemId === item.id && editing.columnId === column.id;
                  return (
                    <td
                      key={column.id}
                      ref={register(r, c)}
                      tabIndex={isEditing ? -1 : tabIndexOf(r, c)}
                      onFocus={(event) => {
                        if (event.target === event.currentTarget) setFocus({ row: r, col: c });
                      }}
                      onDoubleClick={() => startEdit(item, column)}
                      className={classNames(
                        cellClasses,
                        'max-w-72 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] focus-visible:ring-inset',
                        isFigureColumn(column) && 'text-right tabular-nums',
                        isEditing ? 'overflow-visible py-0.5' : 'truncate',
                      )}
                    >
                      {isEditing ? (
                        <GridCellEditor
                          column={column}
                          initialText={editTextOf(column, value)}
                          error={editing.error}
                          saving={editing.saving}
                          onCommit={(text) => void commit(item, column, text)}
                          onCancel={stopEdit}
                        />
                      ) : isStatusCell(column, value) ? (
                        <StatusBadge status={value} />
                      ) : (
                        formatCell(column, value)
                      )}
                    </td>
                  );
                })}
                {props.reconStatus && (
                  <td
                    ref={register(r, statusCol)}
                    tabIndex={tabIndexOf(r, statusCol)}
                    onFocus={() => setFocus({ row: r, col: statusCol })}
                    // relative: holds the sr-only text inside the scroll box (else it widens the page).
                    className={classNames(
                      cellClasses,
                      'relative focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] focus-visible:ring-inset',
                    )}
                  >
                    {props.reconStatus === 'badges' && item.recon_status ? (
                      <StatusBadge status={item.recon_status} />
                    ) : (
                      <span className="text-zinc-400 dark:text-zinc-500">
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">No reconciliation</span>
                      </span>
                    )}
                  </td>
                )}
                {props.onOpenRow && (
                  <td className={classNames(cellClasses, 'w-10 px-1')}>
                    <button
                      type="button"
                      ref={register(r, colCount - 1)}
                      tabIndex={tabIndexOf(r, colCount - 1)}
                      aria-label={`Linked records of row ${props.rowOffset + r}`}
                      onFocus={() => setFocus({ row: r, col: colCount - 1 })}
                      onClick={() => props.onOpenRow?.(item)}
                      className="rounded p-1 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
                    >
                      <Link2 aria-hidden="true" className="size-4" />
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
          {padBottom > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row of the virtualised grid, never focused
            <tr aria-hidden="true">
              <td colSpan={colCount} style={{ height: padBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
      {props.children}
    </div>
  );
}

import type { TableColumn, TableItem } from '@counterpart/contracts';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { editTextOf, formatCell, isFigureColumn, isStatusCell } from './cell-value.ts';
import { ColumnHeader } from './column-header.tsx';
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
  /** Saves one cell; resolves to the field's error message, or undefined once saved. */
  onSave: (item: TableItem, column: TableColumn, text: string) => Promise<string | undefined>;
}

interface Editing {
  itemId: string;
  columnId: string;
  error?: string | undefined;
  saving: boolean;
}

/**
 * The data grid (WAI-ARIA grid): one tab stop, arrow keys / Home / End between cells, Enter edits a cell,
 * Escape cancels, Space toggles a row's checkbox. Column 0 holds the selection checkboxes; row 0 the headers.
 */
export function TableGrid(props: TableGridProps) {
  const { columns, items, selected, canEdit } = props;
  const [focus, setFocus] = useState<CellPosition>({ row: 0, col: 1 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const targets = useRef(new Map<string, HTMLElement>());
  const moved = useRef(false);
  const rowCount = items.length + 1;
  const colCount = columns.length + 1;
  const row = Math.min(focus.row, rowCount - 1);
  const col = Math.min(focus.col, colCount - 1);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    targets.current.get(`${row}:${col}`)?.focus();
  });

  const focusCell = (next: CellPosition) => {
    moved.current = true;
    setFocus(next);
  };
  const register = (r: number, c: number) => (node: HTMLElement | null) => {
    if (node) targets.current.set(`${r}:${c}`, node);
    else targets.current.delete(`${r}:${c}`);
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
            />
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item, itemIndex) => {
          const r = itemIndex + 1;
          const isSelected = selected.has(item.id);
          return (
            <tr
              key={item.id}
              aria-rowindex={props.rowOffset + r + 1}
              aria-selected={isSelected}
              className={classNames(
                'hover:bg-zinc-50 dark:hover:bg-zinc-800/40',
                isSelected && 'bg-[var(--color-primary)]/5',
              )}
            >
              <td className={classNames(cellClasses, 'sticky left-0 bg-inherit')}>
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
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

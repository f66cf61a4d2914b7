// @vitest-environment jsdom
import type { TableColumn, TableItem } from '@counterpart/contracts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { movedColumnIds } from './column-order.ts';
import { TableGrid, type TableGridProps } from './table-grid.tsx';

afterEach(cleanup);

const columns: TableColumn[] = [
  { id: 'ref', name: 'Reference', type: 'text', position: 0 },
  { id: 'amt', name: 'Amount', type: 'currency', position: 1, currency: 'KES' },
  { id: 'st', name: 'Status', type: 'single_select', position: 2, options: ['reconciled', 'pending'] },
];

function item(id: string, ref: string, minor: string, status: string): TableItem {
  return {
    id,
    values: { ref, amt: { minor_units: minor, currency: 'KES' }, st: status },
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}

/** The props every grid here takes as they are: first page, no sort, nothing selected, editable. */
const quietProps = {
  tableName: 'Bank lines',
  rowOffset: 0,
  sort: null,
  selected: new Set<string>(),
  canEdit: true,
  onSelect: () => {},
  onSelectAll: () => {},
  onSort: () => {},
  onRename: () => {},
  onHide: () => {},
} satisfies Partial<TableGridProps>;

function renderGrid(
  onSave: TableGridProps['onSave'] = async () => undefined,
  reconStatus?: TableGridProps['reconStatus'],
) {
  render(
    <TableGrid
      {...quietProps}
      reconStatus={reconStatus}
      columns={columns}
      items={[
        { ...item('a', 'INV-1', '123450', 'reconciled'), recon_status: 'partial' },
        { ...item('b', 'INV-2', '-500', 'pending'), recon_status: 'unreconciled' },
      ]}
      total={2}
      onSave={onSave}
    />,
  );
  return screen.getByRole('grid', { name: 'Bank lines' });
}

/** The grid on a page that reorders its columns as the server answers a Move left / right. */
function MovingGrid() {
  const [order, setOrder] = useState(columns);
  const ids = order.map((column) => column.id);
  return (
    <TableGrid
      {...quietProps}
      columns={order}
      items={[item('a', 'INV-1', '123450', 'reconciled')]}
      total={1}
      onSave={async () => undefined}
      onColumnAction={async (column, action) => {
        await Promise.resolve();
        const moved = movedColumnIds(ids, ids, column.id, action === 'move-left' ? 'left' : 'right');
        if (!moved) return false;
        setOrder(moved.map((id) => columns.find((candidate) => candidate.id === id) as TableColumn));
        return true;
      }}
    />
  );
}

/** Focuses a cell as a click or Tab would (jsdom does not send focusin for .focus()). */
function focusCell(element: HTMLElement) {
  element.focus();
  fireEvent.focusIn(element);
}

const cell = (row: number, col: number) =>
  screen.getAllByRole('row')[row]?.querySelectorAll('td')[col] as HTMLElement;

describe('TableGrid', () => {
  it('shows each row’s reconciliation status as a badge, or a dash when the table has none', () => {
    renderGrid(undefined, 'badges');
    expect(screen.getByRole('columnheader', { name: 'Recon status' })).toBeTruthy();
    expect(cell(1, 4).querySelector('[data-tone="warning"]')?.textContent).toBe('partial');
    expect(cell(2, 4).querySelector('[data-tone="danger"]')?.textContent).toBe('unreconciled');
    cleanup();
    renderGrid(undefined, 'none');
    expect(cell(1, 4).textContent).toBe('—No reconciliation');
    cleanup();
    renderGrid();
    expect(cell(1, 4)).toBeUndefined();
  });

  it('renders currency en-US with its code and status values as badges', () => {
    renderGrid();
    expect(cell(1, 2).textContent).toContain('1,234.50');
    expect(cell(1, 2).textContent).toContain('KES');
    expect(cell(1, 3).querySelector('[data-tone="success"]')?.textContent).toBe('reconciled');
    expect(cell(2, 3).querySelector('[data-tone="danger"]')).not.toBeNull();
  });

  it('moves between cells with the arrow keys, one tab stop at a time', () => {
    const grid = renderGrid();
    focusCell(cell(1, 1));
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell(1, 2));
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell(2, 2));
    expect(cell(2, 2).tabIndex).toBe(0);
    expect(cell(1, 1).tabIndex).toBe(-1);
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Amount, Currency column/ }));
  });

  it('edits a cell with Enter, shows the field error, saves, and cancels with Escape', async () => {
    const onSave = vi
      .fn<TableGridProps['onSave']>()
      .mockResolvedValueOnce('Amount is not an amount of money')
      .mockResolvedValueOnce(undefined);
    const grid = renderGrid(onSave);
    focusCell(cell(1, 2));
    fireEvent.keyDown(grid, { key: 'Enter' });
    const editor = screen.getByLabelText('Edit Amount') as HTMLInputElement;
    expect(editor.value).toBe('1234.50');
    fireEvent.change(editor, { target: { value: 'lots' } });
    await act(async () => fireEvent.keyDown(editor, { key: 'Enter' }));
    expect(screen.getByRole('alert').textContent).toBe('Amount is not an amount of money');
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(editor, { target: { value: '1,300' } });
    await act(async () => fireEvent.keyDown(editor, { key: 'Enter' }));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'a' }), columns[1], '1,300');
    expect(screen.queryByLabelText('Edit Amount')).toBeNull();
    expect(document.activeElement).toBe(cell(1, 2));

    fireEvent.keyDown(grid, { key: 'Enter' });
    fireEvent.keyDown(screen.getByLabelText('Edit Amount'), { key: 'Escape' });
    expect(screen.queryByLabelText('Edit Amount')).toBeNull();
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('keeps focus on a moved column’s header, so Move can be pressed again', async () => {
    render(<MovingGrid />);
    const grid = screen.getByRole('grid', { name: 'Bank lines' });
    const header = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}, `) });
    const headerNames = () =>
      within(grid)
        .getAllByRole('columnheader')
        .map((node) => node.textContent)
        .filter(Boolean);
    const moveRight = async () => {
      fireEvent.click(header('Reference'));
      const move = screen.getByRole('menuitem', { name: 'Move right' });
      await act(async () => fireEvent.keyDown(move, { key: 'Enter' }));
    };
    header('Reference').focus();

    await moveRight();
    expect(headerNames()).toEqual(['Amount', 'Reference', 'Status']);
    expect(document.activeElement).toBe(header('Reference'));
    expect(header('Reference').tabIndex).toBe(0);
    expect(header('Amount').tabIndex).toBe(-1);

    await moveRight();
    expect(headerNames()).toEqual(['Amount', 'Status', 'Reference']);
    expect(document.activeElement).toBe(header('Reference'));
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(header('Status'));
  });
});

// @vitest-environment jsdom
import type { TableColumn } from '@counterpart/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ColumnAction, ColumnHeader } from './column-header.tsx';
import { FilterBar, type FilterPreset } from './filter-bar.tsx';

afterEach(cleanup);

const amount: TableColumn = { id: 'amt', name: 'Amount', type: 'number', position: 1 };
const reference: TableColumn = { id: 'ref', name: 'Reference', type: 'text', position: 0 };

function renderHeader(canRename: boolean, onAction = vi.fn<(action: ColumnAction) => void>()) {
  render(
    <table>
      <thead>
        <tr>
          <ColumnHeader
            column={amount}
            sorted={null}
            focusRef={() => {}}
            tabIndex={0}
            canRename={canRename}
            hasLeft={false}
            hasRight
            onSort={() => {}}
            onRename={() => {}}
            onHide={() => {}}
            onAction={onAction}
          />
        </tr>
      </thead>
    </table>,
  );
  openMenu();
  return onAction;
}

/** Enter on the header button opens its menu (arrow keys belong to the grid). */
const openMenu = () => fireEvent.click(screen.getByRole('button', { name: /^Amount, Number column/ }));
const item = (name: string) => screen.getByRole('menuitem', { name });

describe('column menu', () => {
  it('offers filter, change type, moves and remove, each by keyboard', () => {
    const onAction = renderHeader(true);
    expect(screen.getAllByRole('menuitem').map((node) => node.textContent)).toEqual([
      'Sort ascending',
      'Sort descending',
      'Filter…',
      'Rename column',
      'Change type…',
      'Move left',
      'Move right',
      'Hide column',
      'Remove column…',
    ]);
    expect(item('Move left').getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(item('Filter…'), { key: 'Enter' });
    expect(onAction).toHaveBeenLastCalledWith('filter');
    openMenu();
    fireEvent.click(item('Change type…'));
    expect(onAction).toHaveBeenLastCalledWith('retype');
    openMenu();
    fireEvent.click(item('Move right'));
    expect(onAction).toHaveBeenLastCalledWith('move-right');
    openMenu();
    fireEvent.click(item('Remove column…'));
    expect(onAction).toHaveBeenLastCalledWith('remove');
  });

  it('without update permission filters but does not change, move or remove the column', () => {
    renderHeader(false);
    expect(item('Filter…').getAttribute('aria-disabled')).toBeNull();
    expect(item('Change type…').getAttribute('aria-disabled')).toBe('true');
    expect(item('Move right').getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('menuitem', { name: 'Remove column…' })).toBeNull();
  });
});

function PresetHarness({ onChange }: { onChange: () => void }) {
  const [preset, setPreset] = useState<FilterPreset | null>(null);
  return (
    <>
      <button type="button" onClick={() => setPreset((p) => ({ columnId: 'amt', seq: (p?.seq ?? 0) + 1 }))}>
        Filter Amount
      </button>
      <FilterBar columns={[reference, amount]} filters={[]} onChange={onChange} preset={preset} />
    </>
  );
}

describe('filter bar preset from a column menu', () => {
  it('sets the column and its first condition and focuses the condition', () => {
    const onChange = vi.fn();
    render(<PresetHarness onChange={onChange} />);
    const condition = screen.getByLabelText('Filter condition') as HTMLSelectElement;
    expect(condition.value).toBe('contains');
    fireEvent.click(screen.getByRole('button', { name: 'Filter Amount' }));
    expect((screen.getByLabelText('Filter column') as HTMLSelectElement).value).toBe('amt');
    expect(condition.value).toBe('between');
    expect(document.activeElement).toBe(condition);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(onChange).toHaveBeenCalledWith([{ column_id: 'amt', op: 'between', from: '100' }]);
  });
});

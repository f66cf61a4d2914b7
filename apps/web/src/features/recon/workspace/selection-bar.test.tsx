// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SelectionTotals } from './selection.ts';
import { SelectionBar, type SelectionBarProps } from './selection-bar.tsx';

afterEach(cleanup);

const totals = (change: Partial<SelectionTotals> = {}): SelectionTotals => ({
  leftCount: 1,
  rightCount: 1,
  left: 485000n,
  right: 500000n,
  difference: -15000n,
  currency: 'KES',
  missing: 0,
  ...change,
});

function renderBar(change: Partial<SelectionBarProps> = {}) {
  const props: SelectionBarProps = {
    totals: totals(),
    groupCount: 0,
    suggestionCount: 0,
    canEdit: true,
    onMatch: vi.fn(),
    onAllocate: vi.fn(),
    onUnmatch: vi.fn(),
    onAccept: vi.fn(),
    onReject: vi.fn(),
    onClear: vi.fn(),
    ...change,
  };
  render(<SelectionBar {...props} />);
  return props;
}

describe('SelectionBar', () => {
  it('shows both totals and the exact difference, and matches the open rows', () => {
    const props = renderBar();
    expect(screen.getByTestId('selection-left').textContent).toBe('KES 4,850.00');
    expect(screen.getByTestId('selection-right').textContent).toBe('KES 5,000.00');
    expect(screen.getByTestId('selection-difference').textContent).toBe('-KES 150.00');
    fireEvent.click(screen.getByRole('button', { name: 'Match' }));
    expect(props.onMatch).toHaveBeenCalledOnce();
  });

  it('allocates only one left row over right rows', () => {
    renderBar({ totals: totals({ leftCount: 2 }) });
    expect(screen.getByRole('button', { name: 'Allocate' })).toHaveProperty('disabled', true);
    cleanup();
    const props = renderBar({ totals: totals({ leftCount: 1, rightCount: 3 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Allocate' }));
    expect(props.onAllocate).toHaveBeenCalledOnce();
  });

  it('offers Accept all / Reject all for selected suggestions, and Unmatch for groups', () => {
    const props = renderBar({ groupCount: 3, suggestionCount: 2 });
    expect(screen.queryByRole('button', { name: 'Match' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept all (2)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject all (2)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Unmatch 3 groups' }));
    expect(props.onAccept).toHaveBeenCalledOnce();
    expect(props.onReject).toHaveBeenCalledOnce();
    expect(props.onUnmatch).toHaveBeenCalledOnce();
  });

  it('lets a reader look but not change anything', () => {
    renderBar({ canEdit: false });
    expect(screen.getByRole('button', { name: 'Match' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Allocate' })).toHaveProperty('disabled', true);
  });

  it('warns about a selection mixing currencies', () => {
    renderBar({ totals: totals({ currency: null }) });
    expect(screen.getByText('Mixed currencies')).toBeTruthy();
  });
});

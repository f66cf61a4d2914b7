// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placeBesideDialog, Toaster } from './toast.tsx';
import { createToastStore } from './toast-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('renders toasts in a polite status region above everything, errors as alerts', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ type: 'success', title: 'Saved', message: 'Workflow updated' });
      store.show({ type: 'error', title: 'Upload failed' });
    });
    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.style.zIndex).toBe('4000');
    expect(within(region).getByText('Workflow updated')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Upload failed')).toBeTruthy();
  });

  it('closes a toast with its Close notification button', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ type: 'info', title: 'Heads up', duration: null });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Heads up')).toBeNull();
  });

  it('offers its action as a button that runs it and closes the toast', () => {
    const store = createToastStore();
    const onAction = vi.fn();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ type: 'success', title: 'Group unmatched', action: { label: 'Undo', onAction } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.queryByText('Group unmatched')).toBeNull();
  });

  it('pauses the countdown while hovered', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ type: 'info', title: 'Hover me' });
    });
    fireEvent.mouseEnter(screen.getByText('Hover me'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Hover me')).toBeTruthy();
    fireEvent.mouseLeave(screen.getByText('Hover me'));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Hover me')).toBeNull();
  });

  it('puts snackbars in their own bottom region', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ type: 'info', variant: 'snackbar', title: 'Export ready' });
    });
    const region = screen.getByRole('status', { name: 'Snackbar notifications' });
    expect(within(region).getByText('Export ready')).toBeTruthy();
  });
});

describe('placeBesideDialog', () => {
  const box = (left: number, top: number, right: number, bottom: number) => ({
    left,
    top,
    right,
    bottom,
    headerBottom: top + 60,
  });

  it('puts the toasts in the gutter beside a narrow dialog at 1366 px', () => {
    // A 500 px dialog centred in 1366: 433 px free on each side.
    expect(placeBesideDialog(box(433, 300, 933, 600), 1366, 900).where).toBe('right');
  });

  it('goes under a wide dialog that leaves room below, over it when the room is above', () => {
    const below = placeBesideDialog(box(235, 100, 1131, 600), 1366, 900);
    expect(below).toEqual({ where: 'below', style: { left: 491, top: 608 } });
    const above = placeBesideDialog(box(235, 300, 1131, 880), 1366, 900);
    expect(above).toEqual({ where: 'above', style: { left: 491, bottom: 608 } });
  });

  it('on a phone, a dialog filling the screen keeps its close button and footer free: toasts just under its header', () => {
    const spot = placeBesideDialog(box(16, 16, 374, 828), 390, 844);
    expect(spot).toEqual({ where: 'inside', style: { left: 16, top: 84 } });
  });
});

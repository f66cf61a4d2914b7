import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, type ToastStore, toast, toastStore } from './toast-store.ts';

const titles = (store: ToastStore) => store.store.getState().toasts.map((item) => item.title);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('drops the oldest toast when more than the maximum count are shown', () => {
    const store = createToastStore({ maxCount: 3 });
    for (const title of ['one', 'two', 'three', 'four']) store.show({ type: 'info', title });
    expect(titles(store)).toEqual(['two', 'three', 'four']);
  });

  it('keeps at most five toasts by default', () => {
    const store = createToastStore();
    for (let index = 1; index <= 7; index++) store.show({ type: 'success', title: `t${index}` });
    expect(titles(store)).toEqual(['t3', 't4', 't5', 't6', 't7']);
  });

  it('hides a toast after 5000 ms by default', () => {
    const store = createToastStore();
    store.show({ type: 'info', title: 'Saved' });
    vi.advanceTimersByTime(4999);
    expect(titles(store)).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(titles(store)).toEqual([]);
  });

  it('honours a custom duration and keeps a toast with a null duration', () => {
    const store = createToastStore();
    store.show({ type: 'warning', title: 'Short', duration: 1000 });
    store.show({ type: 'error', title: 'Sticky', duration: null });
    vi.advanceTimersByTime(1000);
    expect(titles(store)).toEqual(['Sticky']);
    vi.advanceTimersByTime(60_000);
    expect(titles(store)).toEqual(['Sticky']);
  });

  it('pausing stops the countdown and resuming continues with the remaining time', () => {
    const store = createToastStore();
    const id = store.show({ type: 'info', title: 'Hover me' });
    vi.advanceTimersByTime(3000);
    store.pause(id);
    expect(store.store.getState().toasts[0]?.paused).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(titles(store)).toEqual(['Hover me']);
    store.resume(id);
    expect(store.store.getState().toasts[0]?.paused).toBe(false);
    vi.advanceTimersByTime(1999);
    expect(titles(store)).toEqual(['Hover me']);
    vi.advanceTimersByTime(1);
    expect(titles(store)).toEqual([]);
  });

  it('ignores a second pause so the remaining time is not shortened twice', () => {
    const store = createToastStore();
    const id = store.show({ type: 'info', title: 'Twice' });
    vi.advanceTimersByTime(1000);
    store.pause(id);
    vi.advanceTimersByTime(2000);
    store.pause(id);
    store.resume(id);
    vi.advanceTimersByTime(3999);
    expect(titles(store)).toEqual(['Twice']);
    vi.advanceTimersByTime(1);
    expect(titles(store)).toEqual([]);
  });

  it('closes a toast on dismiss and its old timer does not fire later', () => {
    const store = createToastStore();
    const id = store.show({ type: 'info', title: 'Closable', id: 'fixed' });
    store.dismiss(id);
    expect(titles(store)).toEqual([]);
    store.show({ type: 'info', title: 'Again', id: 'fixed', duration: 8000 });
    vi.advanceTimersByTime(5000);
    expect(titles(store)).toEqual(['Again']);
  });

  it('replaces a toast shown again with the same id and restarts its countdown', () => {
    const store = createToastStore();
    store.show({ type: 'info', title: 'Uploading', id: 'upload' });
    vi.advanceTimersByTime(4000);
    store.show({ type: 'success', title: 'Uploaded', id: 'upload' });
    expect(titles(store)).toEqual(['Uploaded']);
    vi.advanceTimersByTime(4000);
    expect(titles(store)).toEqual(['Uploaded']);
    vi.advanceTimersByTime(1000);
    expect(titles(store)).toEqual([]);
  });

  it('shows snackbars at the bottom for 20 seconds', () => {
    const store = createToastStore();
    store.show({ type: 'info', title: 'Export ready', variant: 'snackbar' });
    expect(store.store.getState().toasts[0]).toMatchObject({ placement: 'bottom', duration: 20_000 });
    vi.advanceTimersByTime(19_999);
    expect(titles(store)).toEqual(['Export ready']);
    vi.advanceTimersByTime(1);
    expect(titles(store)).toEqual([]);
  });
});

describe('toast API', () => {
  afterEach(() => toastStore.clear());

  it('queues typed toasts top-right and a snackbar at the bottom', () => {
    toast.success('Saved', 'Rule updated');
    toast.error('Failed', undefined, { duration: null });
    const snackbarId = toast.snackbar('Undo?', undefined, { id: 'undo' });
    expect(snackbarId).toBe('undo');
    expect(
      toastStore.store.getState().toasts.map(({ type, title, message, placement }) => ({
        type,
        title,
        message,
        placement,
      })),
    ).toEqual([
      { type: 'success', title: 'Saved', message: 'Rule updated', placement: 'top-right' },
      { type: 'error', title: 'Failed', message: undefined, placement: 'top-right' },
      { type: 'info', title: 'Undo?', message: undefined, placement: 'bottom' },
    ]);
    toast.dismiss('undo');
    expect(toastStore.store.getState().toasts).toHaveLength(2);
  });
});

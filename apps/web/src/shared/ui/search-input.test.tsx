// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from './search-input.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(props: { defaultValue?: string; delay?: number } = {}) {
  const onSearch = vi.fn();
  render(<SearchInput label="Search workflows" placeholder="Search…" onSearch={onSearch} {...props} />);
  const input = screen.getByRole('searchbox', { name: 'Search workflows' }) as HTMLInputElement;
  return { onSearch, input };
}

describe('SearchInput', () => {
  it('searches once typing has paused for 2000 ms by default', () => {
    const { onSearch, input } = setup();
    fireEvent.change(input, { target: { value: 'ba' } });
    act(() => vi.advanceTimersByTime(1500));
    fireEvent.change(input, { target: { value: 'bank' } });
    act(() => vi.advanceTimersByTime(1999));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('bank');
  });

  it('honours a custom delay', () => {
    const { onSearch, input } = setup({ delay: 300 });
    fireEvent.change(input, { target: { value: 'kes' } });
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledWith('kes');
  });

  it('searches immediately on Enter without a second debounced call', () => {
    const { onSearch, input } = setup();
    fireEvent.change(input, { target: { value: 'mpesa' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledWith('mpesa');
    act(() => vi.advanceTimersByTime(5000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('clears with the Clear search button, searching the empty text at once', () => {
    const { onSearch, input } = setup({ defaultValue: 'equity' });
    expect(input.value).toBe('equity');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input.value).toBe('');
    expect(onSearch).toHaveBeenCalledWith('');
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('does not search again when the text ends up unchanged', () => {
    const { onSearch, input } = setup({ defaultValue: 'kcb' });
    fireEvent.change(input, { target: { value: 'kc' } });
    fireEvent.change(input, { target: { value: 'kcb' } });
    act(() => vi.advanceTimersByTime(2000));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('drops a pending search when unmounted', () => {
    const onSearch = vi.fn();
    const { unmount } = render(<SearchInput label="Search" onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'x' } });
    unmount();
    act(() => vi.advanceTimersByTime(2000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});

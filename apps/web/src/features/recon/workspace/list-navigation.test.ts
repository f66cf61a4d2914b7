import { describe, expect, it } from 'vitest';
import { isMoveKey, movedIndex, shouldLoadMore } from './list-navigation.ts';

describe('moving in a virtual list', () => {
  it('moves one row, a screenful, or to either end of what is loaded', () => {
    expect(movedIndex('ArrowDown', 0, 400, 8)).toBe(1);
    expect(movedIndex('ArrowUp', 5, 400, 8)).toBe(4);
    expect(movedIndex('PageDown', 10, 400, 8)).toBe(17);
    expect(movedIndex('PageUp', 10, 400, 8)).toBe(3);
    expect(movedIndex('Home', 250, 400, 8)).toBe(0);
    expect(movedIndex('End', 3, 400, 8)).toBe(399);
  });

  it('stays within the loaded rows', () => {
    expect(movedIndex('ArrowUp', 0, 400, 8)).toBe(0);
    expect(movedIndex('ArrowDown', 399, 400, 8)).toBe(399);
    expect(movedIndex('PageDown', 395, 400, 8)).toBe(399);
    expect(movedIndex('PageUp', 2, 400, 8)).toBe(0);
    expect(movedIndex('End', 0, 0, 8)).toBe(0);
    expect(movedIndex('PageDown', 0, 10, 1)).toBe(1);
  });

  it('knows its keys', () => {
    expect(['ArrowDown', 'End', 'PageUp'].every(isMoveKey)).toBe(true);
    expect(isMoveKey(' ')).toBe(false);
    expect(isMoveKey('Enter')).toBe(false);
  });
});

describe('loading pages as the list scrolls', () => {
  const idle = { hasNextPage: true, isFetchingNextPage: false };

  it('asks for the next page when the rows drawn come near the end of what is loaded', () => {
    expect(shouldLoadMore(100, 200, idle)).toBe(false);
    expect(shouldLoadMore(149, 200, idle)).toBe(true);
    expect(shouldLoadMore(199, 200, idle, 0)).toBe(true);
    expect(shouldLoadMore(198, 200, idle, 0)).toBe(false);
  });

  it('waits for the page on its way, and stops at the last page', () => {
    expect(shouldLoadMore(199, 200, { hasNextPage: true, isFetchingNextPage: true })).toBe(false);
    expect(shouldLoadMore(199, 200, { hasNextPage: false, isFetchingNextPage: false })).toBe(false);
  });
});

/** Keyboard moves and page loading of the workspace's virtual lists (pure, tested apart). */

/** The keys that move the active row of a list. */
export type MoveKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'PageDown' | 'PageUp';

const MOVE_KEYS = new Set<string>(['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp']);

export function isMoveKey(key: string): key is MoveKey {
  return MOVE_KEYS.has(key);
}

/**
 * The active row after a key: one row up or down, a screenful (`pageRows`) up or down, the first or
 * the last loaded row; always within the `loaded` rows (0 when there are none).
 */
export function movedIndex(key: MoveKey, current: number, loaded: number, pageRows: number): number {
  if (loaded <= 0) return 0;
  const step = Math.max(1, pageRows - 1);
  const target =
    key === 'ArrowDown'
      ? current + 1
      : key === 'ArrowUp'
        ? current - 1
        : key === 'PageDown'
          ? current + step
          : key === 'PageUp'
            ? current - step
            : key === 'Home'
              ? 0
              : loaded - 1;
  return Math.max(0, Math.min(loaded - 1, target));
}

/**
 * Whether to ask for the next page: the last row drawn (or the active row) is within `ahead` rows
 * of the end of what is loaded, there is a next page and none is on its way.
 */
export function shouldLoadMore(
  lastShown: number,
  loaded: number,
  state: { hasNextPage: boolean; isFetchingNextPage: boolean },
  ahead = 50,
): boolean {
  return state.hasNextPage && !state.isFetchingNextPage && lastShown >= loaded - 1 - ahead;
}

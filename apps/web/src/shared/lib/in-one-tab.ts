/** How long the tab that ran a task keeps its claim, past the moment other tabs get the same message. */
export const ONE_TAB_HOLD_MS = 60_000;

/**
 * Runs `task` in one tab of this browser only (Web Locks: the first tab to claim `key` runs it, the
 * others skip it), so a message every tab receives — "your export is ready" — downloads once.
 * Without Web Locks it simply runs.
 */
export function runInOneTab(key: string, task: () => Promise<void>, holdMs = ONE_TAB_HOLD_MS): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  return new Promise((resolve, reject) => {
    void locks.request(key, { ifAvailable: true }, async (lock) => {
      if (!lock) {
        resolve();
        return;
      }
      await task().then(resolve, reject);
      await new Promise((wait) => setTimeout(wait, holdMs));
    });
  });
}

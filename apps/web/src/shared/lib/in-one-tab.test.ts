import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInOneTab } from './in-one-tab.ts';

/** Web Locks as the browser shares them between tabs: one holder per name; ifAvailable gets null. */
function fakeLocks() {
  const held = new Set<string>();
  return {
    request(
      name: string,
      _options: { ifAvailable: boolean },
      callback: (lock: object | null) => Promise<void>,
    ) {
      if (held.has(name)) return callback(null);
      held.add(name);
      return callback({ name }).finally(() => held.delete(name));
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('runInOneTab', () => {
  it('runs a task claimed by several tabs once, and again once the claim has lapsed', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    const task = vi.fn(async () => {});
    await Promise.all([runInOneTab('download:1', task, 1000), runInOneTab('download:1', task, 1000)]);
    expect(task).toHaveBeenCalledTimes(1);
    await runInOneTab('download:2', task, 1000);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    await runInOneTab('download:1', task, 1000);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('passes the task failure on', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    await expect(runInOneTab('k', async () => Promise.reject(new Error('boom')), 0)).rejects.toThrow('boom');
  });

  it('just runs the task where Web Locks are missing', async () => {
    vi.stubGlobal('navigator', {});
    const task = vi.fn(async () => {});
    await runInOneTab('k', task);
    await runInOneTab('k', task);
    expect(task).toHaveBeenCalledTimes(2);
  });
});

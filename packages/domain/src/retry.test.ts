import { describe, expect, it, vi } from 'vitest';
import { retry } from './retry.ts';

function failingTimes<T>(failures: number, value: T) {
  let calls = 0;
  return vi.fn(async () => {
    calls++;
    if (calls <= failures) throw new Error(`failure ${calls}`);
    return value;
  });
}

describe('retry', () => {
  it('returns the first success without waiting', async () => {
    const sleep = vi.fn(async () => {});
    await expect(retry(async () => 'ok', { sleep })).resolves.toBe('ok');
    expect(sleep).not.toHaveBeenCalled();
  });

  it('waits 1000 ms between tries and succeeds on the fifth', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    const fn = failingTimes(4, 'done');
    await expect(retry(fn, { sleep })).resolves.toBe('done');
    expect(fn).toHaveBeenCalledTimes(5);
    expect(sleep.mock.calls).toEqual([[1000], [1000], [1000], [1000]]);
  });

  it('gives up after 5 tries with the last error as cause', async () => {
    const sleep = vi.fn(async () => {});
    const fn = failingTimes(5, 'never');
    const error = await retry(fn, { sleep }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Maximum retry attempts reached');
    expect((error as Error).cause).toEqual(new Error('failure 5'));
    expect(fn).toHaveBeenCalledTimes(5);
    expect(sleep).toHaveBeenCalledTimes(4);
  });

  it('honours custom attempts and delay', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    const fn = failingTimes(10, 'never');
    await expect(retry(fn, { attempts: 2, delayMs: 5, sleep })).rejects.toThrow(
      'Maximum retry attempts reached',
    );
    expect(fn).toHaveBeenCalledTimes(2);
    expect(sleep.mock.calls).toEqual([[5]]);
  });

  it('sleeps with a real timer by default', async () => {
    vi.useFakeTimers();
    try {
      const fn = failingTimes(1, 'late');
      const result = retry(fn, { delayMs: 1000 });
      await vi.advanceTimersByTimeAsync(999);
      expect(fn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toBe('late');
      expect(fn).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

import { useEffect, useMemo, useRef } from 'react';

export interface DebouncedCallback<Args extends unknown[]> {
  /** Schedules the callback with these arguments, replacing any call still waiting. */
  run: (...args: Args) => void;
  /** Drops the waiting call, if any. */
  cancel: () => void;
  /** Runs the waiting call now, if any. */
  flush: () => void;
  /** Whether a call is waiting. */
  isPending: () => boolean;
}

/**
 * Debounces `callback` by `delay` ms. The returned object is stable across renders, always calls the
 * latest `callback`, and the waiting call is dropped when the component unmounts.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delay: number,
): DebouncedCallback<Args> {
  const callbackRef = useRef(callback);
  const delayRef = useRef(delay);
  useEffect(() => {
    callbackRef.current = callback;
    delayRef.current = delay;
  });

  const debounced = useMemo<DebouncedCallback<Args>>(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pendingArgs: Args | undefined;
    const cancel = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pendingArgs = undefined;
    };
    const flush = () => {
      const args = pendingArgs;
      cancel();
      if (args) callbackRef.current(...args);
    };
    return {
      run: (...args: Args) => {
        cancel();
        pendingArgs = args;
        timer = setTimeout(flush, delayRef.current);
      },
      cancel,
      flush,
      isPending: () => timer !== undefined,
    };
  }, []);

  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}

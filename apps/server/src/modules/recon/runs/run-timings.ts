/*
 * Where a run's time went, for benches: each finished run's timings go to the listeners of the
 * process (a run done in a worker thread reports through its parent).
 */

/** Where a run's time went (ms): reading both sides, the engine, building and writing the groups. */
export interface RunTimings {
  runId: string;
  readMs: number;
  engineMs: number;
  writeMs: number;
  /** Where the write's time went (ms), in order: building the rows in JS, each COPY, the rest, the commit. */
  writeParts?: Record<string, number>;
}
const timingListeners = new Set<(timings: RunTimings) => void>();
/** Hands a finished run's timings to the listeners (also for a run done in a worker thread). */
export function reportRunTimings(timings: RunTimings): void {
  for (const listener of timingListeners) listener(timings);
}
/** Calls `listener` with each finished run's timings (benches); answers the function that stops it. */
export function onRunTimings(listener: (timings: RunTimings) => void): () => void {
  timingListeners.add(listener);
  return () => timingListeners.delete(listener);
}

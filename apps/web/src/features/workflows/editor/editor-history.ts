/** Undo/redo over snapshots: `commit` records, `replace` does not (a drag in progress). */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

const LIMIT = 100;

export function historyOf<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

export function commit<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history;
  return { past: [...history.past, history.present].slice(-LIMIT), present: next, future: [] };
}

export function replace<T>(history: History<T>, next: T): History<T> {
  return { ...history, present: next };
}

/** Records the present as a step back without changing it (before a drag). */
export function checkpoint<T>(history: History<T>): History<T> {
  return { past: [...history.past, history.present].slice(-LIMIT), present: history.present, future: [] };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

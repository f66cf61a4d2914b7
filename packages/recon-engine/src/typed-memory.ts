/**
 * The run's large typed arrays, allocated on a SharedArrayBuffer where the platform has one.
 *
 * Why: V8 counts an ordinary ArrayBuffer's bytes as "external memory" and starts a full marking of
 * the heap each time that grows by 64 MB since the last collection. A run allocates a few hundred MB
 * of typed arrays (key table, key lists, indexes, typo index) while the caller's records sit on the
 * heap (1.2 GB at 1M per side), so each of those collections re-marked the whole input and freed
 * next to nothing (several per run, 1–2 s each at 1M). A SharedArrayBuffer's memory is not counted
 * that way (V8 accounts 0 bytes per isolate for shared backing stores); it is freed like any other
 * when its array is collected. Element access is the same (no Atomics are used; nothing is shared
 * with another thread). Where SharedArrayBuffer is missing (a browser page without cross-origin
 * isolation) ordinary arrays are used: the same results, only the collector's schedule differs.
 */
const Shared: typeof SharedArrayBuffer | undefined =
  typeof SharedArrayBuffer === 'function' ? SharedArrayBuffer : undefined;

function buffer(bytes: number): ArrayBuffer | SharedArrayBuffer {
  return Shared ? new Shared(bytes) : new ArrayBuffer(bytes);
}

/** A zero-filled Int32Array of `length` elements. */
export function int32Array(length: number): Int32Array {
  return new Int32Array(buffer(length * 4));
}

/** A zero-filled Float64Array of `length` elements. */
export function float64Array(length: number): Float64Array {
  return new Float64Array(buffer(length * 8));
}

/** A zero-filled Uint16Array of `length` elements. */
export function uint16Array(length: number): Uint16Array {
  return new Uint16Array(buffer(length * 2));
}

/** A zero-filled Uint8Array of `length` elements. */
export function uint8Array(length: number): Uint8Array {
  return new Uint8Array(buffer(length));
}

/** A zero-filled Int8Array of `length` elements. */
export function int8Array(length: number): Int8Array {
  return new Int8Array(buffer(length));
}

/**
 * A column of strings (some missing) packed for posting to another thread: one joined string per 8,192
 * entries and each entry's end in it. Structured clone copies a handful of long strings at memory
 * speed, where an array of 1.5M short strings costs a serialisation step each (at 1M per side posting
 * the worker's three columns as arrays took the main thread ~1.5 s; packed, ~0.2 s). Chunking keeps
 * every joined string far below V8's string length limit (~2^29 characters) whatever the run's size.
 */

const CHUNK_BITS = 13;
const CHUNK = 1 << CHUNK_BITS;

export interface PackedStrings {
  length: number;
  /** Chunk c holds entries c·8192 … c·8192 + 8191, joined. */
  chunks: string[];
  /** Entry i's end in its chunk, or -1 - end when the entry is missing (its start is the previous end). */
  ends: Int32Array;
}

/** Packs `count` strings read by `at` (undefined for a missing one). */
export function packStrings(count: number, at: (index: number) => string | undefined): PackedStrings {
  const ends = new Int32Array(count);
  const chunks: string[] = [];
  const parts: string[] = [];
  for (let from = 0; from < count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK);
    parts.length = 0;
    let end = 0;
    for (let i = from; i < to; i++) {
      const value = at(i);
      if (value === undefined) {
        ends[i] = -1 - end;
      } else {
        parts.push(value);
        end += value.length;
        ends[i] = end;
      }
    }
    chunks.push(parts.join(''));
  }
  return { length: count, chunks, ends };
}

/** Entry `index` of a packed column (a slice of its chunk), or undefined when it was missing. */
export function unpackString(packed: PackedStrings, index: number): string | undefined {
  const end = packed.ends[index]!;
  if (end < 0) return undefined;
  const previous = (index & (CHUNK - 1)) === 0 ? 0 : packed.ends[index - 1]!;
  const start = previous < 0 ? -1 - previous : previous;
  return packed.chunks[index >>> CHUNK_BITS]!.slice(start, end);
}

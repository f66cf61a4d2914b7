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
  const builder = new PackedStringsBuilder(count);
  for (let i = 0; i < count; i++) builder.add(at(i));
  return builder.done();
}

/**
 * Packs a column entry by entry (`add` `count` times, then `done`): several columns of the same records
 * can then be packed in one pass over them, each record read once.
 */
export class PackedStringsBuilder {
  private readonly ends: Int32Array;
  private readonly chunks: string[] = [];
  private readonly parts: string[] = [];
  private end = 0;
  private index = 0;

  constructor(private readonly count: number) {
    this.ends = new Int32Array(count);
  }

  /** The next entry (undefined when it is missing). */
  add(value: string | undefined): void {
    const index = this.index++;
    if ((index & (CHUNK - 1)) === 0 && index > 0) this.flush();
    if (value === undefined) {
      this.ends[index] = -1 - this.end;
    } else {
      this.parts.push(value);
      this.end += value.length;
      this.ends[index] = this.end;
    }
  }

  private flush(): void {
    this.chunks.push(this.parts.join(''));
    this.parts.length = 0;
    this.end = 0;
  }

  /** The packed column (after `count` entries). */
  done(): PackedStrings {
    if (this.index !== this.count) throw new RangeError(`packed ${this.index} of ${this.count} entries`);
    if (this.index > 0) this.flush();
    return { length: this.count, chunks: this.chunks, ends: this.ends };
  }
}

/** Entry `index` of a packed column (a slice of its chunk), or undefined when it was missing. */
export function unpackString(packed: PackedStrings, index: number): string | undefined {
  const end = packed.ends[index]!;
  if (end < 0) return undefined;
  const previous = (index & (CHUNK - 1)) === 0 ? 0 : packed.ends[index - 1]!;
  const start = previous < 0 ? -1 - previous : previous;
  return packed.chunks[index >>> CHUNK_BITS]!.slice(start, end);
}

/**
 * Key interning and static key indexes. A run interns every normalised key once, in one `KeyTable`
 * shared by both sides, so a key is an integer id everywhere after preparation. A `KeyIndex` maps key
 * ids to record positions stored compactly: the positions of all keys sit in one Int32Array (compressed
 * sparse rows over the id space), so millions of postings cost typed memory instead of millions of small
 * arrays for the collector, and a lookup by id is two array reads instead of a string hash.
 */
import { int32Array, uint8Array, uint16Array } from './typed-memory.ts';

export class KeyTable {
  /**
   * Open addressing over our own 32-bit string hash, in typed arrays: a V8 Map of millions of fresh
   * strings was the largest single cost of preparing a 1M run (growth rehashes, and the collector
   * re-marking one huge table).
   */
  /** Slot s holds a key id at [2s] (-1: empty) and its hash at [2s + 1]: one cache line per probe. */
  private slots: Int32Array;
  private mask: number;
  /**
   * The keys' characters, one after the other: key id's are chars[start[id] .. start[id + 1]). One byte
   * per character while every key is Latin-1 (what the scanner makes: A–Z, 0–9, `#`, `P:`), two once
   * one is not. A 1M run has ~4.5M keys: kept as strings they were 4.5M objects on the heap (~180 MB
   * the collector copied out of the young generation and then marked on every full collection); here
   * they are two typed arrays outside it, and a string is made only when `name` asks for one.
   */
  private chars: Uint8Array | Uint16Array;
  private charCount = 0;
  private start: Int32Array;
  private count = 0;

  /** `expected`: about how many keys will be interned (sized once instead of doubling from small). */
  constructor(expected = 2048) {
    let capacity = 1 << 12;
    while (capacity < expected * 2) capacity *= 2;
    this.slots = int32Array(2 * capacity).fill(-1);
    this.mask = capacity - 1;
    this.start = int32Array(Math.max(16, expected) + 1);
    this.chars = uint8Array(Math.max(256, expected * 12));
  }

  /** The id of a key, given a new one if it has none yet. */
  intern(key: string): number {
    const hash = hashString(key);
    const slots = this.slots;
    const mask = this.mask;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const id = slots[2 * slot]!;
      if (id < 0) break;
      if (slots[2 * slot + 1] === hash && this.equalsString(id, key)) return id;
    }
    const from = this.reserveChars(key.length);
    let wide = false;
    for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) > 255) wide = true;
    if (wide) this.widen();
    const chars = this.chars;
    for (let i = 0; i < key.length; i++) chars[from + i] = key.charCodeAt(i);
    return this.add(key.length, hash, slot);
  }

  /**
   * `intern` for a key given as char codes (`chars[0 .. length)`): the same hash and ids, but nothing is
   * allocated, so normalising a record costs no object for its keys.
   */
  internChars(chars: Uint16Array, length: number): number {
    let hash = 0x811c9dc5;
    for (let i = 0; i < length; i++) hash = Math.imul(hash ^ chars[i]!, 0x01000193);
    hash ^= hash >>> 16;
    hash = Math.imul(hash, 0x85ebca6b);
    hash ^= hash >>> 13;
    return this.internHashed(chars, 0, length, hash);
  }

  /**
   * `internChars` for a key given as `chars[from .. from + length)` whose hash (`hashString` of it) is
   * known already — another table's key (`packed`, `hashes`): no hashing and no copy before the lookup.
   */
  internHashed(chars: Uint8Array | Uint16Array, from: number, length: number, hash: number): number {
    const slots = this.slots;
    const mask = this.mask;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const id = slots[2 * slot]!;
      if (id < 0) break;
      if (slots[2 * slot + 1] !== hash) continue;
      const at = this.start[id]!;
      if (this.start[id + 1]! - at !== length) continue;
      const own = this.chars;
      let same = true;
      for (let i = 0; i < length && same; i++) same = own[at + i] === chars[from + i];
      if (same) return id;
    }
    const to = this.reserveChars(length);
    let wide = false;
    for (let i = 0; i < length; i++) if (chars[from + i]! > 255) wide = true;
    if (wide) this.widen();
    this.chars.set(chars.subarray(from, from + length), to);
    return this.add(length, hash, slot);
  }

  /** Whether key id's characters are `key`'s. */
  private equalsString(id: number, key: string): boolean {
    const from = this.start[id]!;
    if (this.start[id + 1]! - from !== key.length) return false;
    const chars = this.chars;
    for (let i = 0; i < key.length; i++) if (chars[from + i] !== key.charCodeAt(i)) return false;
    return true;
  }

  /** Room for `length` more characters; where they go. */
  private reserveChars(length: number): number {
    const needed = this.charCount + length;
    if (needed > this.chars.length) {
      let size = this.chars.length * 2;
      while (size < needed) size *= 2;
      const grown = this.chars instanceof Uint8Array ? uint8Array(size) : uint16Array(size);
      grown.set(this.chars.subarray(0, this.charCount));
      this.chars = grown;
    }
    return this.charCount;
  }

  /** Two bytes per character from now on (a key beyond Latin-1). */
  private widen(): void {
    if (this.chars instanceof Uint16Array) return;
    const wide = uint16Array(this.chars.length);
    wide.set(this.chars.subarray(0, this.charCount));
    this.chars = wide;
  }

  /** Gives the key just written at the end of `chars` the next id, in the empty slot its probe ended on. */
  private add(length: number, hash: number, slot: number): number {
    const id = this.count;
    if (id + 2 > this.start.length) {
      const grown = int32Array(this.start.length * 2);
      grown.set(this.start);
      this.start = grown;
    }
    this.charCount += length;
    this.start[id + 1] = this.charCount;
    this.count = id + 1;
    this.slots[2 * slot] = id;
    this.slots[2 * slot + 1] = hash;
    if (this.count * 2 > this.mask + 1) this.grow();
    return id;
  }

  /** The id of a key, or -1 if it was never interned. */
  id(key: string): number {
    const hash = hashString(key);
    const mask = this.mask;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[2 * slot]!;
      if (id < 0) return -1;
      if (this.slots[2 * slot + 1] === hash && this.equalsString(id, key)) return id;
    }
  }

  /** A key as a string (made on each call: callers that ask often keep what they need by id). */
  name(id: number): string {
    return charsToString(this.chars, this.start[id]!, this.start[id + 1]!);
  }

  /** How many characters key id has. */
  nameLength(id: number): number {
    return this.start[id + 1]! - this.start[id]!;
  }

  /** Copies key id's characters into `into` (which must have room); returns how many. */
  copyName(id: number, into: Uint16Array): number {
    const from = this.start[id]!;
    const length = this.start[id + 1]! - from;
    const chars = this.chars;
    for (let i = 0; i < length; i++) into[i] = chars[from + i]!;
    return length;
  }

  get size(): number {
    return this.count;
  }

  /** Every key as a string, by id (a new array: for tests and diagnostics). */
  keyNames(): string[] {
    const names: string[] = new Array(this.count);
    for (let id = 0; id < this.count; id++) names[id] = this.name(id);
    return names;
  }

  /**
   * The table's keys as typed arrays (their memory shared, not copied, when posted to another thread
   * on a SharedArrayBuffer): key id's characters are chars[start[id] .. start[id + 1]).
   */
  packed(): { chars: Uint8Array | Uint16Array; start: Int32Array } {
    return {
      chars: this.chars.subarray(0, this.charCount),
      start: this.start.subarray(0, this.count + 1),
    };
  }

  /**
   * Each key's hash by id (what `intern` computed), read from the slots: another thread's table can
   * hand them over with `packed` so that its keys are interned here without hashing them again.
   */
  hashes(): Int32Array {
    const hashes = int32Array(this.count);
    const slots = this.slots;
    for (let at = 0; at < slots.length; at += 2) {
      const id = slots[at]!;
      if (id >= 0) hashes[id] = slots[at + 1]!;
    }
    return hashes;
  }

  private grow(): void {
    const old = this.slots;
    const capacity = (this.mask + 1) * 2;
    const slots = int32Array(2 * capacity).fill(-1);
    const mask = capacity - 1;
    for (let from = 0; from < old.length; from += 2) {
      const id = old[from]!;
      if (id < 0) continue;
      const hash = old[from + 1]!;
      let slot = hash & mask;
      while (slots[2 * slot]! >= 0) slot = (slot + 1) & mask;
      slots[2 * slot] = id;
      slots[2 * slot + 1] = hash;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

/** The string of `chars[from .. to)` (in slices, so that a very long key cannot overflow the stack). */
function charsToString(chars: Uint8Array | Uint16Array, from: number, to: number): string {
  if (to - from <= 4096)
    return String.fromCharCode.apply(null, chars.subarray(from, to) as unknown as number[]);
  let text = '';
  for (let at = from; at < to; at += 4096) {
    const piece = chars.subarray(at, Math.min(to, at + 4096));
    text += String.fromCharCode.apply(null, piece as unknown as number[]);
  }
  return text;
}

/** FNV-1a over the string's char codes, with a final mix so that the low bits spread well. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  return hash ^ (hash >>> 13);
}

export class KeyIndex {
  private pairIds = int32Array(1024);
  private pairPositions = int32Array(1024);
  private pairs = 0;
  private keyCount = 0;
  private offsets = int32Array(1);
  /** All positions, grouped by key id: key id's are positions[start(id) .. end(id)) (read only). */
  positions = int32Array(0);

  constructor(readonly table: KeyTable = new KeyTable()) {}

  /** Records `position` under `key` (positions must be added in increasing order); returns the key's id. */
  add(key: string, position: number): number {
    const id = this.table.intern(key);
    this.addId(id, position);
    return id;
  }

  /** Records `position` under an interned key id. */
  addId(id: number, position: number): void {
    if (this.pairs === this.pairIds.length) {
      const ids = int32Array(this.pairs * 2);
      ids.set(this.pairIds);
      const positions = int32Array(this.pairs * 2);
      positions.set(this.pairPositions);
      this.pairIds = ids;
      this.pairPositions = positions;
    }
    this.pairIds[this.pairs] = id;
    this.pairPositions[this.pairs] = position;
    this.pairs++;
  }

  /**
   * Fills an index straight from a side's key lists (no pairs buffered): for each record `i` in order,
   * the ids `ids[start[i] .. start[i + 1])`, or with `split` (how many of a record's ids come first) only
   * its first `split[i]` ids (`part` 'first') or the others ('rest'). The same index as `addId` for each
   * of them, then `finish` (its key count may be larger: ids beyond the last one used have no positions).
   */
  static fromLists(
    table: KeyTable,
    ids: Int32Array,
    records: number,
    start: Int32Array,
    split?: Uint16Array,
    part: 'first' | 'rest' = 'first',
  ): KeyIndex {
    const index = new KeyIndex(table);
    // Every record's ids lie in ids[start[0] .. start[records]): one pass over them for the id space,
    // whatever part is indexed.
    let keyCount = 0;
    const all = start[records]!;
    for (let k = start[0]!; k < all; k++) if (ids[k]! >= keyCount) keyCount = ids[k]! + 1;
    const first = split !== undefined && part === 'first';
    const rest = split !== undefined && part === 'rest';
    // Counts go to offsets[id + 2]; after the prefix sum offsets[id + 1] is where id's positions start,
    // and placing them advances it to their end — which is offsets[id + 1] in the final layout. One array,
    // no cursor copy (typed memory counts toward the collector's external-memory trigger).
    const offsets = int32Array(keyCount + 2);
    let pairs = 0;
    for (let i = 0; i < records; i++) {
      const from = rest ? start[i]! + split[i]! : start[i]!;
      const end = first ? start[i]! + split[i]! : start[i + 1]!;
      for (let k = from; k < end; k++) offsets[ids[k]! + 2]!++;
      if (end > from) pairs += end - from;
    }
    for (let id = 0; id < keyCount; id++) offsets[id + 2]! += offsets[id + 1]!;
    const positions = int32Array(pairs);
    for (let i = 0; i < records; i++) {
      const from = rest ? start[i]! + split[i]! : start[i]!;
      const end = first ? start[i]! + split[i]! : start[i + 1]!;
      for (let k = from; k < end; k++) positions[offsets[ids[k]! + 1]!++] = i;
    }
    index.keyCount = keyCount;
    index.offsets = offsets.subarray(0, keyCount + 1);
    index.positions = positions;
    index.pairIds = int32Array(0);
    index.pairPositions = int32Array(0);
    return index;
  }
  /** Freezes the index: positions grouped by key, in the order they were added. */
  finish(): this {
    let keyCount = 0;
    for (let pair = 0; pair < this.pairs; pair++) keyCount = Math.max(keyCount, this.pairIds[pair]! + 1);
    const offsets = int32Array(keyCount + 1);
    for (let pair = 0; pair < this.pairs; pair++) offsets[this.pairIds[pair]! + 1]!++;
    for (let id = 0; id < keyCount; id++) offsets[id + 1]! += offsets[id]!;
    const cursor = offsets.slice(0, keyCount);
    const positions = int32Array(this.pairs);
    for (let pair = 0; pair < this.pairs; pair++)
      positions[cursor[this.pairIds[pair]!]!++] = this.pairPositions[pair]!;
    this.keyCount = keyCount;
    this.offsets = offsets;
    this.positions = positions;
    this.pairIds = int32Array(0);
    this.pairPositions = int32Array(0);
    return this;
  }

  /**
   * The same index keeping only the positions whose flag in `keep` is set, in the same order, and only
   * the keys whose flag in `keepKey` (by key id) is set when it is given (a pass builds one over the
   * records open when it starts, without the keys too common to form a block: its blocks then skip the
   * matched records and the common keys without visiting them).
   */
  filtered(keep: Uint8Array, keepKey?: Uint8Array): KeyIndex {
    const index = new KeyIndex(this.table);
    const source = this.positions;
    let kept = 0;
    for (let id = 0; id < this.keyCount; id++) {
      if (keepKey && keepKey[id] === 0) continue;
      const to = this.offsets[id + 1]!;
      for (let p = this.offsets[id]!; p < to; p++) kept += keep[source[p]!]! === 0 ? 0 : 1;
    }
    const offsets = int32Array(this.keyCount + 1);
    const positions = int32Array(kept);
    let at = 0;
    for (let id = 0; id < this.keyCount; id++) {
      if (keepKey?.[id] !== 0) {
        const to = this.offsets[id + 1]!;
        for (let p = this.offsets[id]!; p < to; p++) {
          const position = source[p]!;
          if (keep[position] !== 0) positions[at++] = position;
        }
      }
      offsets[id + 1] = at;
    }
    index.keyCount = this.keyCount;
    index.offsets = offsets;
    index.positions = positions;
    index.pairIds = int32Array(0);
    index.pairPositions = int32Array(0);
    return index;
  }

  /** The positions of a key id (a view, not a copy), or undefined when it has none. */
  byId(id: number): Int32Array | undefined {
    if (id < 0 || id >= this.keyCount) return undefined;
    const from = this.offsets[id]!;
    const to = this.offsets[id + 1]!;
    return from === to ? undefined : this.positions.subarray(from, to);
  }

  /** Where a key id's positions start in `positions` (no view allocated, for hot loops). */
  start(id: number): number {
    return id < 0 || id >= this.keyCount ? 0 : this.offsets[id]!;
  }

  /** Where a key id's positions end in `positions`. */
  end(id: number): number {
    return id < 0 || id >= this.keyCount ? 0 : this.offsets[id + 1]!;
  }

  /**
   * A bitmap over key ids `0 .. ids - 1` (bit `id & 31` of word `id >>> 5`): set when the key has at
   * least one and at most `maxCount` positions.
   */
  countBits(ids: number, maxCount: number): Int32Array {
    const bits = new Int32Array((Math.max(ids, this.keyCount) + 31) >>> 5);
    const offsets = this.offsets;
    for (let id = 0; id < this.keyCount; id++) {
      const count = offsets[id + 1]! - offsets[id]!;
      if (count > 0 && count <= maxCount) bits[id >>> 5]! |= 1 << (id & 31);
    }
    return bits;
  }

  /** How many positions a key id has. */
  countById(id: number): number {
    return id < 0 || id >= this.keyCount ? 0 : this.offsets[id + 1]! - this.offsets[id]!;
  }

  /** The positions of a key (a view, not a copy), or undefined. */
  get(key: string): Int32Array | undefined {
    return this.byId(this.table.id(key));
  }

  /** How many positions a key has. */
  count(key: string): number {
    return this.countById(this.table.id(key));
  }

  /** Number of distinct keys with positions. */
  get size(): number {
    let size = 0;
    for (let id = 0; id < this.keyCount; id++) if (this.offsets[id + 1]! > this.offsets[id]!) size++;
    return size;
  }
}

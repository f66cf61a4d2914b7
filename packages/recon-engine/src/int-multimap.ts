/**
 * A multimap from 32-bit integer keys to record indexes in typed arrays (open addressing with chained
 * values): far faster and smaller than a Map of arrays for the hashed typo keys. A slot keeps its key
 * and its chain head side by side (one cache line per probe); the table is kept at most 3/4 full.
 */
import { int32Array } from './typed-memory.ts';

export class IntMultiMap {
  /** Slot s: key at [2s], index of the key's latest entry at [2s + 1] (-1: empty slot). */
  private slots: Int32Array;
  private next: Int32Array;
  private values: Int32Array;
  private size = 0;
  private distinct = 0;
  private mask: number;

  /**
   * `expectedEntries`: about how many values will be added; `expectedKeys`: how many distinct keys
   * (both only size the arrays, which grow when passed).
   */
  constructor(expectedEntries: number, expectedKeys = expectedEntries) {
    let capacity = 16;
    while (capacity * 3 < expectedKeys * 4) capacity *= 2;
    this.mask = capacity - 1;
    this.slots = IntMultiMap.emptySlots(capacity);
    this.next = int32Array(Math.max(16, expectedEntries));
    this.values = int32Array(Math.max(16, expectedEntries));
  }

  /** Every slot empty (chain head -1; an empty slot's key is never read, so it may be -1 too). */
  private static emptySlots(capacity: number): Int32Array {
    return int32Array(2 * capacity).fill(-1);
  }

  private slot(key: number): number {
    const slots = this.slots;
    let slot = (Math.imul(key, 0x9e3779b1) >>> 0) & this.mask;
    while (slots[2 * slot + 1] !== -1 && slots[2 * slot] !== (key | 0)) slot = (slot + 1) & this.mask;
    return slot;
  }

  /** Doubles the slot table when it is 3/4 full, moving every key's chain head. */
  private rehash(): void {
    const old = this.slots;
    const capacity = (this.mask + 1) * 2;
    this.mask = capacity - 1;
    this.slots = IntMultiMap.emptySlots(capacity);
    for (let from = 0; from < old.length; from += 2) {
      if (old[from + 1] === -1) continue;
      const target = this.slot(old[from]! >>> 0);
      this.slots[2 * target] = old[from]!;
      this.slots[2 * target + 1] = old[from + 1]!;
    }
  }

  private grow(): void {
    const entries = this.next.length * 2;
    const next = int32Array(entries);
    next.set(this.next);
    const values = int32Array(entries);
    values.set(this.values);
    this.next = next;
    this.values = values;
  }

  /** Adds a value under a key (a value equal to the key's latest one is not added twice). */
  add(key: number, value: number): void {
    key >>>= 0;
    let slot = this.slot(key);
    const head = this.slots[2 * slot + 1]!;
    if (head !== -1 && this.values[head] === value) return;
    if (head === -1) {
      if ((this.distinct + 1) * 4 > (this.mask + 1) * 3) {
        this.rehash();
        slot = this.slot(key);
      }
      this.distinct++;
    }
    if (this.size === this.next.length) this.grow();
    this.slots[2 * slot] = key | 0;
    this.values[this.size] = value;
    this.next[this.size] = head;
    this.slots[2 * slot + 1] = this.size;
    this.size++;
  }

  /** Calls `visit` for each value of the key (most recent first). */
  forEach(key: number, visit: (value: number) => void): void {
    let entry = this.head(key);
    while (entry !== -1) {
      visit(this.values[entry]!);
      entry = this.next[entry]!;
    }
  }

  /** The key's most recent entry, or -1 (walk with `nextEntry`, read with `valueAt`: no callback). */
  head(key: number): number {
    return this.slots[2 * this.slot(key >>> 0) + 1]!;
  }

  /** The entry after `entry` under the same key, or -1. */
  nextEntry(entry: number): number {
    return this.next[entry]!;
  }

  /** The value of an entry. */
  valueAt(entry: number): number {
    return this.values[entry]!;
  }

  /** Number of values under the key. */
  count(key: number): number {
    let count = 0;
    for (let entry = this.head(key); entry !== -1; entry = this.next[entry]!) count++;
    return count;
  }
}

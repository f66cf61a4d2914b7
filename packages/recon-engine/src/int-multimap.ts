/**
 * A multimap from 32-bit integer keys to record indexes in typed arrays (open addressing with chained
 * values): far faster and smaller than a Map of arrays for the hashed typo keys.
 */
export class IntMultiMap {
  private keys: Uint32Array;
  private heads: Int32Array;
  private next: Int32Array;
  private values: Int32Array;
  private size = 0;
  private distinct = 0;
  private mask: number;

  constructor(expectedEntries: number) {
    let capacity = 16;
    while (capacity < expectedEntries * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.keys = new Uint32Array(capacity);
    this.heads = new Int32Array(capacity).fill(-1);
    this.next = new Int32Array(Math.max(16, expectedEntries));
    this.values = new Int32Array(Math.max(16, expectedEntries));
  }

  private slot(key: number): number {
    let slot = Math.imul(key, 0x9e3779b1) >>> 0;
    slot &= this.mask;
    while (this.heads[slot] !== -1 && this.keys[slot] !== key) slot = (slot + 1) & this.mask;
    return slot;
  }

  /** Doubles the slot table when it is half full, moving every key's chain head. */
  private rehash(): void {
    const oldKeys = this.keys;
    const oldHeads = this.heads;
    this.mask = oldKeys.length * 2 - 1;
    this.keys = new Uint32Array(oldKeys.length * 2);
    this.heads = new Int32Array(oldKeys.length * 2).fill(-1);
    for (let slot = 0; slot < oldKeys.length; slot++) {
      if (oldHeads[slot] === -1) continue;
      const target = this.slot(oldKeys[slot]!);
      this.keys[target] = oldKeys[slot]!;
      this.heads[target] = oldHeads[slot]!;
    }
  }

  private grow(): void {
    const entries = this.next.length * 2;
    const next = new Int32Array(entries);
    next.set(this.next);
    const values = new Int32Array(entries);
    values.set(this.values);
    this.next = next;
    this.values = values;
  }

  /** Adds a value under a key (a value equal to the key's latest one is not added twice). */
  add(key: number, value: number): void {
    key >>>= 0;
    let slot = this.slot(key);
    const head = this.heads[slot]!;
    if (head !== -1 && this.values[head] === value) return;
    if (head === -1) {
      if ((this.distinct + 1) * 2 > this.mask) {
        this.rehash();
        slot = this.slot(key);
      }
      this.distinct++;
    }
    if (this.size === this.next.length) this.grow();
    this.keys[slot] = key;
    this.values[this.size] = value;
    this.next[this.size] = head;
    this.heads[slot] = this.size;
    this.size++;
  }

  /** Calls `visit` for each value of the key (most recent first). */
  forEach(key: number, visit: (value: number) => void): void {
    let entry = this.heads[this.slot(key >>> 0)]!;
    while (entry !== -1) {
      visit(this.values[entry]!);
      entry = this.next[entry]!;
    }
  }

  /** Number of values under the key. */
  count(key: number): number {
    let count = 0;
    for (let entry = this.heads[this.slot(key >>> 0)]!; entry !== -1; entry = this.next[entry]!) count++;
    return count;
  }
}

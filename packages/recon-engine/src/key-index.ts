/**
 * Key interning and static key indexes. A run interns every normalised key once, in one `KeyTable`
 * shared by both sides, so a key is an integer id everywhere after preparation. A `KeyIndex` maps key
 * ids to record positions stored compactly: the positions of all keys sit in one Int32Array (compressed
 * sparse rows over the id space), so millions of postings cost typed memory instead of millions of small
 * arrays for the collector, and a lookup by id is two array reads instead of a string hash.
 */
export class KeyTable {
  /**
   * Open addressing over our own 32-bit string hash, in typed arrays: a V8 Map of millions of fresh
   * strings was the largest single cost of preparing a 1M run (growth rehashes, and the collector
   * re-marking one huge table).
   */
  private slots = new Int32Array(1 << 12).fill(-1);
  private hashes = new Int32Array(1 << 11);
  private readonly names: string[] = [];

  /** The id of a key, given a new one if it has none yet. */
  intern(key: string): number {
    const hash = hashString(key);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]!;
      if (id < 0) break;
      if (this.hashes[id] === hash && this.names[id] === key) return id;
    }
    const id = this.names.length;
    if (id === this.hashes.length) {
      const hashes = new Int32Array(id * 2);
      hashes.set(this.hashes);
      this.hashes = hashes;
    }
    this.hashes[id] = hash;
    this.names.push(key);
    if (this.names.length * 2 > this.slots.length) this.grow();
    else this.place(id, hash);
    return id;
  }

  /** The id of a key, or -1 if it was never interned. */
  id(key: string): number {
    const hash = hashString(key);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]!;
      if (id < 0) return -1;
      if (this.hashes[id] === hash && this.names[id] === key) return id;
    }
  }

  /** The table's own instance of a key (records share it instead of keeping their copies). */
  name(id: number): string {
    return this.names[id]!;
  }

  get size(): number {
    return this.names.length;
  }

  private place(id: number, hash: number): void {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot]! >= 0) slot = (slot + 1) & mask;
    this.slots[slot] = id;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    for (let id = 0; id < this.names.length; id++) this.place(id, this.hashes[id]!);
  }
}

/** FNV-1a over the string's char codes, with a final mix so that the low bits spread well. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  return hash ^ (hash >>> 13);
}

export class KeyIndex {
  private pairIds = new Int32Array(1024);
  private pairPositions = new Int32Array(1024);
  private pairs = 0;
  private keyCount = 0;
  private offsets = new Int32Array(1);
  private positions = new Int32Array(0);

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
      const ids = new Int32Array(this.pairs * 2);
      ids.set(this.pairIds);
      const positions = new Int32Array(this.pairs * 2);
      positions.set(this.pairPositions);
      this.pairIds = ids;
      this.pairPositions = positions;
    }
    this.pairIds[this.pairs] = id;
    this.pairPositions[this.pairs] = position;
    this.pairs++;
  }

  /** Freezes the index: positions grouped by key, in the order they were added. */
  finish(): this {
    let keyCount = 0;
    for (let pair = 0; pair < this.pairs; pair++) keyCount = Math.max(keyCount, this.pairIds[pair]! + 1);
    const offsets = new Int32Array(keyCount + 1);
    for (let pair = 0; pair < this.pairs; pair++) offsets[this.pairIds[pair]! + 1]!++;
    for (let id = 0; id < keyCount; id++) offsets[id + 1]! += offsets[id]!;
    const cursor = offsets.slice(0, keyCount);
    const positions = new Int32Array(this.pairs);
    for (let pair = 0; pair < this.pairs; pair++)
      positions[cursor[this.pairIds[pair]!]!++] = this.pairPositions[pair]!;
    this.keyCount = keyCount;
    this.offsets = offsets;
    this.positions = positions;
    this.pairIds = new Int32Array(0);
    this.pairPositions = new Int32Array(0);
    return this;
  }

  /** The positions of a key id (a view, not a copy), or undefined when it has none. */
  byId(id: number): Int32Array | undefined {
    if (id < 0 || id >= this.keyCount) return undefined;
    const from = this.offsets[id]!;
    const to = this.offsets[id + 1]!;
    return from === to ? undefined : this.positions.subarray(from, to);
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

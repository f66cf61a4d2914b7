/**
 * A static index from string keys to record positions, built once and stored compactly: each distinct
 * key gets an integer id, and the positions of all keys sit in one Int32Array (compressed sparse rows),
 * so millions of postings cost typed memory instead of millions of small arrays for the collector.
 */
export class KeyIndex {
  private readonly ids = new Map<string, number>();
  /** The first instance of each key, so records can share one string per distinct key. */
  private readonly names: string[] = [];
  private pairIds = new Int32Array(1024);
  private pairPositions = new Int32Array(1024);
  private pairs = 0;
  private offsets = new Int32Array(1);
  private positions = new Int32Array(0);

  /**
   * Records `position` under `key` (positions must be added in increasing order) and returns the
   * index's own instance of the key string, which the caller keeps instead of its copy.
   */
  add(key: string, position: number): string {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
      this.names.push(key);
    }
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
    return this.names[id]!;
  }

  /** Freezes the index: positions grouped by key, in the order they were added. */
  finish(): this {
    const keyCount = this.ids.size;
    const offsets = new Int32Array(keyCount + 1);
    for (let pair = 0; pair < this.pairs; pair++) offsets[this.pairIds[pair]! + 1]!++;
    for (let id = 0; id < keyCount; id++) offsets[id + 1]! += offsets[id]!;
    const cursor = offsets.slice(0, keyCount);
    const positions = new Int32Array(this.pairs);
    for (let pair = 0; pair < this.pairs; pair++)
      positions[cursor[this.pairIds[pair]!]!++] = this.pairPositions[pair]!;
    this.offsets = offsets;
    this.positions = positions;
    this.pairIds = new Int32Array(0);
    this.pairPositions = new Int32Array(0);
    return this;
  }

  /** The positions of a key (a view, not a copy), or undefined. */
  get(key: string): Int32Array | undefined {
    const id = this.ids.get(key);
    return id === undefined ? undefined : this.positions.subarray(this.offsets[id]!, this.offsets[id + 1]!);
  }

  /** How many positions a key has. */
  count(key: string): number {
    const id = this.ids.get(key);
    return id === undefined ? 0 : this.offsets[id + 1]! - this.offsets[id]!;
  }

  /** Number of distinct keys. */
  get size(): number {
    return this.ids.size;
  }
}

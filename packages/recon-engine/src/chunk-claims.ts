/**
 * Two threads sharing out a sequence of records in chunks: the main thread takes chunks from the front,
 * the key worker from the back, until they meet. Whoever gets more of the machine scans more; a worker
 * that starts late or gets no core costs the main thread at most the chunk it holds. Chunks never
 * cross `boundary` (the first right record), so each lies in one side. State: [front, back, lock] in
 * an Int32Array on a SharedArrayBuffer.
 */
export const CHUNK = 8192;

export class ChunkClaims {
  constructor(
    readonly state: Int32Array,
    private readonly boundary: number,
  ) {}

  static create(total: number, boundary: number): ChunkClaims {
    const state = new Int32Array(new SharedArrayBuffer(12));
    state[1] = total;
    return new ChunkClaims(state, boundary);
  }

  private lock(): void {
    while (Atomics.compareExchange(this.state, 2, 0, 1) !== 0);
  }

  private unlock(): void {
    Atomics.store(this.state, 2, 0);
  }

  /** The next chunk from the front as [start, end), or undefined when none is left. */
  front(): [number, number] | undefined {
    this.lock();
    const start = this.state[0]!;
    const back = this.state[1]!;
    let claim: [number, number] | undefined;
    if (start < back) {
      const end = Math.min(start + CHUNK, back, start < this.boundary ? this.boundary : back);
      this.state[0] = end;
      claim = [start, end];
    }
    this.unlock();
    return claim;
  }

  /** Whether every chunk has been taken (nobody can take one any more). */
  exhausted(): boolean {
    return Atomics.load(this.state, 0) >= Atomics.load(this.state, 1);
  }

  /** Whether the back has taken anything (the worker holds chunks of `total` records). */
  takenFromBack(total: number): boolean {
    return Atomics.load(this.state, 1) < total;
  }

  /** The next chunk from the back, not below `lowest` (the first record the caller holds). */
  back(lowest: number): [number, number] | undefined {
    this.lock();
    const end = this.state[1]!;
    const floor = Math.max(this.state[0]!, lowest);
    let claim: [number, number] | undefined;
    if (end > floor) {
      const start = Math.max(end - CHUNK, floor, end > this.boundary ? this.boundary : 0);
      this.state[1] = start;
      claim = [start, end];
    }
    this.unlock();
    return claim;
  }
}

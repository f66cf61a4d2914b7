/**
 * The right records one left record is compared with in a scored pass, each once, in the order the
 * blocks gave them: a typed list and a stamp per right record (no array grown and emptied per record).
 */
import { int32Array } from './typed-memory.ts';

export class CandidateSet {
  /** stamp[r] === the current left record once r is in the set. */
  private readonly stamp: Int32Array;
  /** The candidates: list[0 .. size). */
  readonly list: Int32Array;
  size = 0;
  private left = -1;

  constructor(rightCount: number) {
    this.stamp = int32Array(rightCount).fill(-1);
    this.list = int32Array(rightCount);
  }

  /** Empties the set for left record `left`. */
  start(left: number): void {
    this.left = left;
    this.size = 0;
  }

  /** Adds right record `r` unless it is in the set already. */
  add(r: number): void {
    if (this.stamp[r] === this.left) return;
    this.stamp[r] = this.left;
    this.list[this.size++] = r;
  }
}

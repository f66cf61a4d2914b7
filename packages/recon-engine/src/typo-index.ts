/**
 * Typo blocking for scored passes: the right records that share a typo key with a left record. A typo
 * key is a one-deletion variant of a strong identifier's tail hashed with the record's exact amount and
 * currency (`typo-keys.ts`). The index holds the keys of the open right records whose amount some open
 * left record has (no other could share a key), as (key, record) pairs sorted by key with radix passes,
 * and a directory by the keys' top bits: a lookup reads one directory slot and a few pairs. At 1M per
 * side that is ~9M keys: sorted in a few hundred milliseconds where a hash table took ~1.6 s of
 * random-access inserts.
 */
import type { CandidateSet } from './candidate-set.ts';
import { IntMultiMap } from './int-multimap.ts';
import { sortPairs } from './pair-sort.ts';
import type { KeyTable, Prepared, PreparedSide } from './prepare.ts';
import { int32Array } from './typed-memory.ts';
import { amountSeed, typoTail, writeTailHashes } from './typo-keys.ts';

const tailCaches = new WeakMap<KeyTable, Array<string | null | undefined>>();

/** Hashes of one record, reused record after record (grown when a record has more). */
let scratch = new Int32Array(256);

/**
 * `typoHashes` of a record's strong keys (with the seed) into `scratch` (as signed numbers); returns how
 * many. Each key's tail is worked out once per run. `distinctTails`: skip a tail the record already gave
 * (`INV2026004512` and `#2026004512` share one): the same hashes again, which add nothing to a typo index
 * or to a record's candidates.
 */
function writeRecordHashes(side: PreparedSide, index: number, seed: number, distinctTails: boolean): number {
  const table = side.strongIndex.table;
  let tails = tailCaches.get(table);
  if (!tails) {
    tails = new Array(table.size);
    tailCaches.set(table, tails);
  }
  let count = 0;
  const from = side.refStart[index]!;
  const to = from + side.strongCount[index]!;
  for (let k = from; k < to; k++) {
    const id = side.refIds[k]!;
    let tail = tails[id];
    if (tail === undefined) {
      tail = typoTail(table.name(id));
      tails[id] = tail;
    }
    if (tail === null) continue;
    if (distinctTails) {
      let repeated = false;
      for (let j = from; j < k && !repeated; j++) repeated = tails[side.refIds[j]!] === tail;
      if (repeated) continue;
    }
    if (count + tail.length + 1 > scratch.length) {
      const grown = new Int32Array(2 * (count + tail.length + 1));
      grown.set(scratch.subarray(0, count));
      scratch = grown;
    }
    count = writeTailHashes(tail, seed, scratch, count);
  }
  return count;
}

/**
 * `typoHashes` of a record's strong keys (with the seed), as unsigned numbers (into `into`, emptied
 * first, when given); `distinctTails` as in `writeRecordHashes`.
 */
export function recordTypoHashes(
  side: PreparedSide,
  index: number,
  seed: number,
  into?: number[],
  distinctTails = false,
): number[] {
  const hashes: number[] = into ?? [];
  hashes.length = 0;
  const count = writeRecordHashes(side, index, seed, distinctTails);
  for (let i = 0; i < count; i++) hashes.push(scratch[i]! >>> 0);
  return hashes;
}

/** The amount seed typo keys carry. */
function seedOf(side: PreparedSide, index: number): number {
  return amountSeed(side.amount[index]!, side.currency[index]!);
}

/**
 * Typo keys of a record: hashed one-deletion variants of its strong identifiers, with its exact amount
 * (into `into`, emptied first, when given).
 */
export function typoKeysOf(side: PreparedSide, index: number, into?: number[]): number[] {
  return recordTypoHashes(side, index, seedOf(side, index), into, true);
}

export class TypoIndex {
  /** Amount seeds of the indexed records: a left record of another amount has no typo candidates. */
  private readonly seeds: IntMultiMap;
  /** The pairs, sorted by key (as unsigned: read keys with `>>> 0`). */
  private readonly keys: Int32Array;
  private readonly records: Int32Array;
  /** Pairs whose key's top bits are d: keys[directory[d] .. directory[d + 1]). */
  private readonly directory: Int32Array;
  private readonly shift: number;

  /**
   * Over the right side's open records whose exact amount (and currency) some open left record has: no
   * other right record could share a typo key with a left record.
   */
  constructor(left: PreparedSide, right: PreparedSide) {
    const wanted = new IntMultiMap(1024, left.records.length);
    for (let l = 0; l < left.records.length; l++) if (left.open[l]) wanted.add(seedOf(left, l), 0);
    this.seeds = new IntMultiMap(1024, right.records.length >> 2);
    // About 9 variants per identifier tail and 2-3 distinct tails per record: sized for 26, grown if needed.
    let keys = int32Array(Math.max(1024, 26 * (right.records.length >> 1)));
    let records = int32Array(keys.length);
    let count = 0;
    for (let r = 0; r < right.records.length; r++) {
      if (!right.open[r]) continue;
      const seed = seedOf(right, r);
      if (wanted.head(seed) === -1) continue;
      this.seeds.add(seed, 0);
      const hashes = writeRecordHashes(right, r, seed, true);
      if (count + hashes > keys.length) {
        const size = Math.max(keys.length * 2, count + hashes);
        const grownKeys = int32Array(size);
        grownKeys.set(keys);
        keys = grownKeys;
        const grownRecords = int32Array(size);
        grownRecords.set(records);
        records = grownRecords;
      }
      for (let k = 0; k < hashes; k++) {
        keys[count] = scratch[k]!;
        records[count++] = r;
      }
    }
    this.keys = keys.subarray(0, count);
    this.records = records.subarray(0, count);
    sortPairs(this.keys, this.records);
    // About one pair per directory slot.
    const bits = Math.min(24, Math.max(8, Math.ceil(Math.log2(count + 1))));
    this.shift = 32 - bits;
    this.directory = int32Array((1 << bits) + 1);
    for (let i = 0; i < count; i++) this.directory[(this.keys[i]! >>> this.shift) + 1]!++;
    for (let d = 0; d < 1 << bits; d++) this.directory[d + 1]! += this.directory[d]!;
  }

  /** Adds to `into` the right records sharing a typo key with left record `l`, open or not. */
  addCandidates(left: PreparedSide, l: number, into: CandidateSet): void {
    const seed = seedOf(left, l);
    if (this.seeds.head(seed) === -1) return;
    const hashes = writeRecordHashes(left, l, seed, true);
    const { keys, records, directory, shift } = this;
    for (let k = 0; k < hashes; k++) {
      const key = scratch[k]! >>> 0;
      const slot = key >>> shift;
      const to = directory[slot + 1]!;
      for (let i = directory[slot]!; i < to; i++) {
        const found = keys[i]! >>> 0;
        if (found < key) continue;
        if (found > key) break;
        into.add(records[i]!);
      }
    }
  }
}

const typoIndexes = new WeakMap<PreparedSide, TypoIndex>();

/**
 * The run's typo index, built by the first scored pass that blocks on typos and reused by later ones:
 * records matched since are still in it, but candidates are only scored while open, and the left records
 * open later are among those open now; so the result is the same as a fresh index's.
 */
export function typoIndex(prepared: Prepared): TypoIndex {
  let index = typoIndexes.get(prepared.right);
  if (!index) {
    index = new TypoIndex(prepared.left, prepared.right);
    typoIndexes.set(prepared.right, index);
  }
  return index;
}

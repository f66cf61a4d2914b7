/**
 * The key lists of a run of records: each record's reference keys (strong ones first) and counterparty
 * keys as ids into a `KeyTable`, all records in one Int32Array per kind (compressed rows). Filled the
 * same way on the main thread and in the preparation worker (`key-worker.ts`), so that a range of
 * records scanned against the worker's own table and remapped onto the run's table gives the same ids.
 */
import type { KeyScanner } from './key-scanner.ts';
import { int32Array, uint16Array } from './typed-memory.ts';

/** What the scanner reads of a record. */
export interface KeySource {
  reference: string;
  text?: string | undefined;
  counterparty?: string | undefined;
}

/** Keys of `count` records: record i's reference keys are refIds[refStart[i] .. refStart[i + 1]). */
export interface KeyLists {
  count: number;
  refIds: Int32Array;
  refStart: Int32Array;
  /** How many of a record's reference keys are strong (identify a whole chunk). */
  strongCount: Uint16Array;
  partyIds: Int32Array;
  partyStart: Int32Array;
}

/** A growable list of ids in an Int32Array. */
class IdList {
  private items: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.items = int32Array(Math.max(16, capacity));
  }
  push(id: number): void {
    if (this.length === this.items.length) {
      const grown = int32Array(this.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = id;
  }
  /** The ids (a view: no copy of a list that can hold ten million ids). */
  done(): Int32Array {
    return this.items.subarray(0, this.length);
  }
}

/** `onProgress` is called every 16,384 records. */
const PROGRESS_MASK = 16_383;

/** Normalises records[from .. to) into key ids of the scanner's table. */
export function scanKeys(
  records: ArrayLike<KeySource>,
  from: number,
  to: number,
  scanner: KeyScanner,
  onProgress?: () => void,
): KeyLists {
  const count = Math.max(0, to - from);
  const refStart = int32Array(count + 1);
  const partyStart = int32Array(count + 1);
  const strongCount = uint16Array(count);
  // Bank narratives give ~10 reference keys, ledger lines ~6, names 2-3: sized to grow at most once.
  const refIds = new IdList(count * 8);
  const partyIds = new IdList(count * 3);
  const keys = scanner.keys;
  for (let i = 0; i < count; i++) {
    const record = records[from + i]!;
    scanner.reference(record.text ? `${record.reference} ${record.text}` : record.reference);
    // Strong keys beyond 65,535 (a narrative of that many chunks) are kept as weak ones.
    strongCount[i] = Math.min(scanner.strongCount, 65_535);
    // The table keeps one string per distinct key; records keep only ids.
    for (let k = 0; k < keys.length; k++) refIds.push(keys.items[k]!);
    refStart[i + 1] = refIds.length;
    if (record.counterparty) {
      scanner.counterparty(record.counterparty);
      for (let k = 0; k < keys.length; k++) partyIds.push(keys.items[k]!);
    }
    partyStart[i + 1] = partyIds.length;
    if (onProgress && (i & PROGRESS_MASK) === PROGRESS_MASK) onProgress();
  }
  return { count, refIds: refIds.done(), refStart, strongCount, partyIds: partyIds.done(), partyStart };
}

/**
 * The lists of two consecutive ranges as one, the second's ids mapped through `remap` (its table's id →
 * the run's id; an empty `remap`: ids kept). `first` alone when `second` is empty.
 */
export function joinKeyLists(first: KeyLists, second: KeyLists, remap: Int32Array): KeyLists {
  if (second.count === 0) return first;
  const count = first.count + second.count;
  const join = (a: Int32Array, aStart: Int32Array, b: Int32Array, bStart: Int32Array) => {
    const ids = int32Array(a.length + b.length);
    ids.set(a);
    if (remap.length === 0) ids.set(b, a.length);
    else for (let k = 0; k < b.length; k++) ids[a.length + k] = remap[b[k]!]!;
    const start = int32Array(count + 1);
    start.set(aStart);
    for (let i = 1; i <= second.count; i++) start[first.count + i] = a.length + bStart[i]!;
    return { ids, start };
  };
  const ref = join(first.refIds, first.refStart, second.refIds, second.refStart);
  const party = join(first.partyIds, first.partyStart, second.partyIds, second.partyStart);
  const strongCount = uint16Array(count);
  strongCount.set(first.strongCount);
  strongCount.set(second.strongCount, first.count);
  return {
    count,
    refIds: ref.ids,
    refStart: ref.start,
    strongCount,
    partyIds: party.ids,
    partyStart: party.start,
  };
}

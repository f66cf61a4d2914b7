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
    scanner.referenceOf(record.reference, record.text);
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
 * The lists of consecutive ranges as one, each part's ids mapped through its `remap` (its table's id →
 * the run's id) when it has one.
 */
export function concatKeyLists(parts: Array<{ lists: KeyLists; remap?: Int32Array }>): KeyLists {
  if (parts.length === 1 && !parts[0]!.remap) return parts[0]!.lists;
  let count = 0;
  let refs = 0;
  let parties = 0;
  for (const { lists } of parts) {
    count += lists.count;
    refs += lists.refIds.length;
    parties += lists.partyIds.length;
  }
  const joined: KeyLists = {
    count,
    refIds: int32Array(refs),
    refStart: int32Array(count + 1),
    strongCount: uint16Array(count),
    partyIds: int32Array(parties),
    partyStart: int32Array(count + 1),
  };
  const copy = (into: Int32Array, at: number, ids: Int32Array, remap: Int32Array | undefined) => {
    if (!remap) into.set(ids, at);
    else for (let k = 0; k < ids.length; k++) into[at + k] = remap[ids[k]!]!;
  };
  let record = 0;
  let ref = 0;
  let party = 0;
  for (const { lists, remap } of parts) {
    copy(joined.refIds, ref, lists.refIds, remap);
    copy(joined.partyIds, party, lists.partyIds, remap);
    joined.strongCount.set(lists.strongCount, record);
    for (let i = 1; i <= lists.count; i++) {
      joined.refStart[record + i] = ref + lists.refStart[i]!;
      joined.partyStart[record + i] = party + lists.partyStart[i]!;
    }
    record += lists.count;
    ref += lists.refIds.length;
    party += lists.partyIds.length;
  }
  return joined;
}

/**
 * Turns the caller's records into the engine's working form: each side sorted by (date, id) — so the
 * order of the input never matters — with amounts as exact integer numbers, normalised reference and
 * counterparty keys, static key indexes over all records and token weights (IDF over the run's data).
 */
import { MAX_ENGINE_AMOUNT } from './amount.ts';
import { KeyIndex, KeyTable } from './key-index.ts';
import { KeyScanner } from './key-scanner.ts';
import { identifierChunks, isGenericWord, isIdentifierKey } from './normalise.ts';
import { float64Array, int8Array, int32Array, uint8Array, uint16Array } from './typed-memory.ts';
import type { EngineRecord, Side } from './types.ts';

export { KeyIndex, KeyTable };

export interface PreparedSide {
  side: Side;
  records: EngineRecord[];
  amount: Float64Array;
  date: Int32Array;
  valueDate: Int32Array;
  currency: Int32Array;
  /**
   * Interned ids of the reference keys, strong ones first, all records in one array: record i's are
   * refIds[refStart[i] .. refStart[i + 1]) (no per-record arrays: fewer objects for the collector).
   */
  refIds: Int32Array;
  refStart: Int32Array;
  /** How many of a record's reference keys are strong (identify a whole chunk). */
  strongCount: Uint16Array;
  /** Interned ids of the counterparty keys, laid out like `refIds`. */
  partyIds: Int32Array;
  partyStart: Int32Array;
  /** 1 while the record is unmatched. */
  open: Uint8Array;
  /** Reference keys where they are strong (a whole chunk) → records. */
  strongIndex: KeyIndex;
  /** Reference keys where they are weak (a part of a chunk) → records. */
  weakIndex: KeyIndex;
  partyIndex: KeyIndex;
  idChunkCache: Array<string[] | undefined>;
}

export interface Prepared {
  left: PreparedSide;
  right: PreparedSide;
  /** Every key of both sides, interned once. */
  keys: KeyTable;
  /** IDF weight of an interned key id. */
  weight: (id: number) => number;
  /** Whether an interned key is a document identifier (`isIdentifierKey`), worked out once per key. */
  isIdentifier: (id: number) => boolean;
}

/** Postings: one record index, a list of them, or none. */
export type Postings = number | ArrayLike<number> | undefined;

export function postingCount(value: Postings): number {
  return value === undefined ? 0 : typeof value === 'number' ? 1 : value.length;
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

function compareRecords(a: EngineRecord, b: EngineRecord): number {
  if (a.date !== b.date) return a.date - b.date;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const MAX_AMOUNT = BigInt(MAX_ENGINE_AMOUNT);

function checkRecord(record: EngineRecord, side: Side): void {
  if (typeof record.id !== 'string' || record.id === '') throw new TypeError(`${side} record without an id`);
  if (typeof record.amount !== 'bigint') {
    throw new TypeError(`${side} record ${record.id}: amount must be a bigint of minor units`);
  }
  if (record.amount > MAX_AMOUNT || record.amount < -MAX_AMOUNT) {
    throw new RangeError(`${side} record ${record.id}: amount ${record.amount} is beyond ±2^52 minor units`);
  }
  if (!Number.isInteger(record.date))
    throw new TypeError(`${side} record ${record.id}: date must be whole days`);
  if (record.value_date !== undefined && !Number.isInteger(record.value_date)) {
    throw new TypeError(`${side} record ${record.id}: value_date must be whole days`);
  }
}

function prepareSide(
  side: Side,
  input: readonly EngineRecord[],
  matched: ReadonlySet<string>,
  currencies: Map<string, number>,
  table: KeyTable,
  scanner: KeyScanner,
): PreparedSide {
  const seen = new KeyTable(input.length);
  for (const record of input) {
    checkRecord(record, side);
    const before = seen.size;
    if (seen.intern(record.id) < before) {
      throw new RangeError(`${side} record id ${record.id} appears twice`);
    }
  }
  const records = [...input].sort(compareRecords);
  const count = records.length;
  const prepared: PreparedSide = {
    side,
    records,
    amount: float64Array(count),
    date: int32Array(count),
    valueDate: int32Array(count),
    currency: int32Array(count),
    strongCount: uint16Array(count),
    refIds: int32Array(0),
    refStart: int32Array(count + 1),
    partyIds: int32Array(0),
    partyStart: int32Array(count + 1),
    open: uint8Array(count),
    strongIndex: new KeyIndex(table),
    weakIndex: new KeyIndex(table),
    partyIndex: new KeyIndex(table),
    // (the three indexes are filled from the key lists once every record is read)
    idChunkCache: new Array(count),
  };
  // Bank narratives give ~10 reference keys, ledger lines ~6, names 2-3: sized to grow at most once.
  const refIds = new IdList(count * 8);
  const partyIds = new IdList(count * 3);
  for (let i = 0; i < count; i++) {
    const record = records[i]!;
    prepared.amount[i] = Number(record.amount);
    prepared.date[i] = record.date;
    prepared.valueDate[i] = record.value_date ?? record.date;
    const currency = record.currency.trim().toUpperCase();
    let code = currencies.get(currency);
    if (code === undefined) {
      code = currencies.size;
      currencies.set(currency, code);
    }
    prepared.currency[i] = code;
    const text = record.text ? `${record.reference} ${record.text}` : record.reference;
    scanner.reference(text);
    const keys = scanner.keys;
    // Strong keys beyond 65,535 (a narrative of that many chunks) are kept as weak ones.
    const strong = Math.min(scanner.strongCount, 65_535);
    prepared.strongCount[i] = strong;
    // The table keeps one string per distinct key; records keep only ids.
    for (let k = 0; k < keys.length; k++) {
      refIds.push(keys.items[k]!);
    }
    prepared.refStart[i + 1] = refIds.length;
    if (record.counterparty) {
      scanner.counterparty(record.counterparty);
      for (let k = 0; k < keys.length; k++) partyIds.push(keys.items[k]!);
    }
    prepared.partyStart[i + 1] = partyIds.length;
    prepared.open[i] = matched.has(record.id) ? 0 : 1;
  }
  prepared.refIds = refIds.done();
  prepared.partyIds = partyIds.done();
  const { refStart, strongCount, partyStart } = prepared;
  const ids = prepared.refIds;
  prepared.strongIndex = KeyIndex.fromLists(
    table,
    ids,
    count,
    (i) => refStart[i]!,
    (i) => refStart[i]! + strongCount[i]!,
  );
  prepared.weakIndex = KeyIndex.fromLists(
    table,
    ids,
    count,
    (i) => refStart[i]! + strongCount[i]!,
    (i) => refStart[i + 1]!,
  );
  prepared.partyIndex = KeyIndex.fromLists(
    table,
    prepared.partyIds,
    count,
    (i) => partyStart[i]!,
    (i) => partyStart[i + 1]!,
  );
  return prepared;
}

/** Identifier chunks of a record's reference and text (computed once, when first scored). */
export function idChunks(side: PreparedSide, index: number): string[] {
  let chunks = side.idChunkCache[index];
  if (chunks === undefined) {
    const record = side.records[index]!;
    chunks = identifierChunks(record.text ? `${record.reference} ${record.text}` : record.reference);
    side.idChunkCache[index] = chunks;
  }
  return chunks;
}

/**
 * Weight of a key id: IDF over both sides, smoothed so that small runs do not punish every word;
 * computed when first asked and kept in a Float64Array over the id space.
 */
function makeWeight(left: PreparedSide, right: PreparedSide, keys: KeyTable): (id: number) => number {
  const total = Math.max(1000, left.records.length + right.records.length);
  const full = Math.log(1 + total / 50);
  const cache = float64Array(keys.size).fill(-1);
  const count = (side: PreparedSide, id: number) =>
    side.strongIndex.countById(id) + side.weakIndex.countById(id) || side.partyIndex.countById(id);
  return (id) => {
    let weight = cache[id]!;
    if (weight < 0) {
      const df = count(left, id) + count(right, id);
      weight = Math.min(1, Math.log(1 + total / Math.max(1, df)) / full);
      if (isGenericWord(keys.name(id))) weight = Math.min(weight, 0.1);
      cache[id] = weight;
    }
    return weight;
  };
}

/** `isIdentifierKey` by key id, cached in an Int8Array over the id space (-1: not worked out yet). */
function makeIsIdentifier(keys: KeyTable): (id: number) => boolean {
  const cache = int8Array(keys.size).fill(-1);
  return (id) => {
    let known = cache[id]!;
    if (known < 0) {
      known = isIdentifierKey(keys.name(id)) ? 1 : 0;
      cache[id] = known;
    }
    return known === 1;
  };
}

export function prepare(
  left: readonly EngineRecord[],
  right: readonly EngineRecord[],
  matched: { left: ReadonlySet<string>; right: ReadonlySet<string> },
): Prepared {
  const currencies = new Map<string, number>();
  // ~1.4 distinct keys per record on the generated 1M run (receipts and invoice numbers are unique,
  // words, names, phones and accounts repeat); sized for 2 so that it seldom grows (it doubles if needed).
  const keys = new KeyTable(2 * (left.length + right.length));
  const scanner = new KeyScanner(keys);
  const preparedLeft = prepareSide('left', left, matched.left, currencies, keys, scanner);
  const preparedRight = prepareSide('right', right, matched.right, currencies, keys, scanner);
  return {
    left: preparedLeft,
    right: preparedRight,
    keys,
    weight: makeWeight(preparedLeft, preparedRight, keys),
    isIdentifier: makeIsIdentifier(keys),
  };
}

/** The date a pass compares. */
export function dateOf(side: PreparedSide, index: number, field: 'date' | 'value_date' | undefined): number {
  return field === 'value_date' ? side.valueDate[index]! : side.date[index]!;
}

/** Calls `visit` for each posting of a key (no allocation). */
export function forEachPosting(value: Postings, visit: (index: number) => void): void {
  if (value === undefined) return;
  if (typeof value === 'number') visit(value);
  else for (let i = 0; i < value.length; i++) visit(value[i]!);
}

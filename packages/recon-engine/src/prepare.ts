/**
 * Turns the caller's records into the engine's working form: each side sorted by (date, id) — so the
 * order of the input never matters — with amounts as exact integer numbers, normalised reference and
 * counterparty keys, static key indexes over all records and token weights (IDF over the run's data).
 */
import { MAX_ENGINE_AMOUNT } from './amount.ts';
import { hashString, KeyIndex, KeyTable } from './key-index.ts';
import type { KeyLists } from './key-lists.ts';
import { KeyWorker } from './key-worker-thread.ts';
import { identifierChunks, isGenericWord, isIdentifierKey } from './normalise.ts';
import { type PayersRead, scanSides } from './parallel-keys.ts';
import { sortRecords } from './sort-records.ts';
import { float64Array, int8Array, int32Array, uint8Array } from './typed-memory.ts';
import type { EngineRecord, RunOptions, Side } from './types.ts';

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
  /**
   * (left index, right index) pairs of the groups accepted so far in this run, flat, in the order they
   * were closed (kept on the left side; what the payer identity learns from).
   */
  acceptedLinks: number[];
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
  /** Rejected pairs (`RunOptions.rejectedPairs`): left index → right indexes never to pair. */
  rejected?: Map<number, Set<number>>;
  /** The left side's payer table the key worker reads (`prepare`'s `payers`), for `payer-table.ts`. */
  payersRead?: PayersRead | undefined;
}

/** Whether a person rejected pairing left record `l` with right record `r`. */
export function isRejected(prepared: Prepared, l: number, r: number): boolean {
  return prepared.rejected?.get(l)?.has(r) ?? false;
}

/** The rejected pairs by record index (a scan of both sides when there are any). */
export function rejectedIndex(
  prepared: Prepared,
  pairs: ReadonlyArray<{ left: string; right: string }>,
): Map<number, Set<number>> | undefined {
  if (pairs.length === 0) return undefined;
  const wanted = (records: readonly EngineRecord[], ids: Set<string>) => {
    const found = new Map<string, number>();
    records.forEach((record, index) => {
      if (ids.has(record.id)) found.set(record.id, index);
    });
    return found;
  };
  const left = wanted(prepared.left.records, new Set(pairs.map((pair) => pair.left)));
  const right = wanted(prepared.right.records, new Set(pairs.map((pair) => pair.right)));
  const rejected = new Map<number, Set<number>>();
  for (const pair of pairs) {
    const l = left.get(pair.left);
    const r = right.get(pair.right);
    if (l === undefined || r === undefined) continue;
    const set = rejected.get(l);
    if (set) set.add(r);
    else rejected.set(l, new Set([r]));
  }
  return rejected;
}

/** Postings: one record index, a list of them, or none. */
export type Postings = number | ArrayLike<number> | undefined;

export function postingCount(value: Postings): number {
  return value === undefined ? 0 : typeof value === 'number' ? 1 : value.length;
}

const MAX_AMOUNT = BigInt(MAX_ENGINE_AMOUNT);
const MIN_AMOUNT = -MAX_AMOUNT;
/** Equal to no record's currency (not even a missing one, which fails as before). */
const NO_CURRENCY = Symbol('no currency');

function checkRecord(record: EngineRecord, side: Side): void {
  if (typeof record.id !== 'string' || record.id === '') throw new TypeError(`${side} record without an id`);
  if (typeof record.amount !== 'bigint') {
    throw new TypeError(`${side} record ${record.id}: amount must be a bigint of minor units`);
  }
  if (record.amount > MAX_AMOUNT || record.amount < MIN_AMOUNT) {
    throw new RangeError(`${side} record ${record.id}: amount ${record.amount} is beyond ±2^52 minor units`);
  }
  if (!Number.isInteger(record.date))
    throw new TypeError(`${side} record ${record.id}: date must be whole days`);
  if (record.value_date !== undefined && !Number.isInteger(record.value_date)) {
    throw new TypeError(`${side} record ${record.id}: value_date must be whole days`);
  }
}

/**
 * Checks a side's records (fields, ids given once), failing on the first record in order that is wrong
 * or whose id came before.
 */
function checkSide(side: Side, input: readonly EngineRecord[]): void {
  let checked = 0;
  let error: unknown;
  try {
    for (; checked < input.length; checked++) checkRecord(input[checked]!, side);
  } catch (caught) {
    error = caught;
  }
  const repeated = firstRepeatedId(input, checked);
  if (repeated >= 0) throw new RangeError(`${side} record id ${input[repeated]!.id} appears twice`);
  if (error !== undefined) throw error;
}

/**
 * The first of records[0 .. count) whose id an earlier one has, or -1. The ids' hashes are sorted (a
 * typed array: no object per record, where interning every id in a table cost ~0.5 s a side at 1M); only
 * ids whose hash another id shares (some hundred at 1M) are compared as strings.
 */
function firstRepeatedId(records: readonly EngineRecord[], count: number): number {
  const hashes = new Uint32Array(count);
  for (let i = 0; i < count; i++) hashes[i] = hashString(records[i]!.id) >>> 0;
  const sorted = hashes.slice().sort();
  const shared = new Set<number>();
  for (let i = 1; i < count; i++) if (sorted[i] === sorted[i - 1]) shared.add(sorted[i]!);
  if (shared.size === 0) return -1;
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    if (!shared.has(hashes[i]!)) continue;
    const id = records[i]!.id;
    if (seen.has(id)) return i;
    seen.add(id);
  }
  return -1;
}

function prepareSide(
  side: Side,
  records: EngineRecord[],
  lists: KeyLists,
  matched: ReadonlySet<string>,
  currencies: Map<string, number>,
  table: KeyTable,
): PreparedSide {
  const count = records.length;
  const { refIds, refStart, strongCount, partyIds, partyStart } = lists;
  const prepared: PreparedSide = {
    side,
    records,
    amount: float64Array(count),
    date: int32Array(count),
    valueDate: int32Array(count),
    currency: int32Array(count),
    strongCount,
    refIds,
    refStart,
    partyIds,
    partyStart,
    open: uint8Array(count),
    strongIndex: KeyIndex.fromLists(table, refIds, count, refStart, strongCount, 'first'),
    weakIndex: KeyIndex.fromLists(table, refIds, count, refStart, strongCount, 'rest'),
    partyIndex: KeyIndex.fromLists(table, partyIds, count, partyStart),
    idChunkCache: new Array(count),
    acceptedLinks: [],
  };
  let lastCurrency: unknown = NO_CURRENCY;
  let lastCode = -1;
  // A run without existing groups asks no record's id (a lookup hashes the id's string).
  const anyMatched = matched.size > 0;
  for (let i = 0; i < count; i++) {
    const record = records[i]!;
    prepared.amount[i] = Number(record.amount);
    prepared.date[i] = record.date;
    prepared.valueDate[i] = record.value_date ?? record.date;
    // Consecutive records mostly carry the same currency text: normalised once per change (~0.15 s at 1M).
    if (record.currency !== lastCurrency) {
      const currency = record.currency.trim().toUpperCase();
      let code = currencies.get(currency);
      if (code === undefined) {
        code = currencies.size;
        currencies.set(currency, code);
      }
      lastCurrency = record.currency;
      lastCode = code;
    }
    prepared.currency[i] = lastCode;
    prepared.open[i] = anyMatched && matched.has(record.id) ? 0 : 1;
  }
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

/** `RunOptions.parallel`: `auto` uses the key worker from here (its start costs ~0.1–0.7 s). */
const PARALLEL_MIN_RECORDS = 150_000;

/**
 * `payers`: the run has passes that read the payers; with the key worker, it reads them once the keys
 * are done (the caller then takes them, `takePayersRead`, which ends the worker).
 */
export function prepare(
  left: readonly EngineRecord[],
  right: readonly EngineRecord[],
  matched: { left: ReadonlySet<string>; right: ReadonlySet<string> },
  parallelism: RunOptions['parallel'] = 'auto',
  payers = false,
): Prepared {
  const parallel =
    parallelism === 'always' ||
    (parallelism === 'auto' && left.length + right.length >= PARALLEL_MIN_RECORDS);
  // Started first: it loads its modules while the sides are checked.
  const worker = parallel ? KeyWorker.start() : undefined;
  try {
    checkSide('left', left);
    checkSide('right', right);
  } catch (error) {
    worker?.end();
    throw error;
  }
  const currencies = new Map<string, number>();
  // ~1.4 distinct keys per record on the generated 1M run (receipts and invoice numbers are unique,
  // words, names, phones and accounts repeat); sized for 2 so that it seldom grows (it doubles if needed).
  const keys = new KeyTable(2 * (left.length + right.length));
  const sides = scanSides(left, right, sortRecords, keys, worker, payers);
  const preparedLeft = prepareSide('left', sides.left, sides.leftKeys, matched.left, currencies, keys);
  const preparedRight = prepareSide('right', sides.right, sides.rightKeys, matched.right, currencies, keys);
  const prepared: Prepared = {
    left: preparedLeft,
    right: preparedRight,
    keys,
    weight: makeWeight(preparedLeft, preparedRight, keys),
    isIdentifier: makeIsIdentifier(keys),
  };
  if (sides.payers) prepared.payersRead = sides.payers;
  return prepared;
}

/** The date a pass compares. */
export function dateOf(
  side: PreparedSide,
  index: number,
  field: 'date' | 'value_date' | null | undefined,
): number {
  return field === 'value_date' ? side.valueDate[index]! : side.date[index]!;
}

/** Calls `visit` for each posting of a key (no allocation). */
export function forEachPosting(value: Postings, visit: (index: number) => void): void {
  if (value === undefined) return;
  if (typeof value === 'number') visit(value);
  else for (let i = 0; i < value.length; i++) visit(value[i]!);
}

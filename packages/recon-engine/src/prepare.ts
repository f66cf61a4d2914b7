/**
 * Turns the caller's records into the engine's working form: each side sorted by (date, id) — so the
 * order of the input never matters — with amounts as exact integer numbers, normalised reference and
 * counterparty keys, static key indexes over all records and token weights (IDF over the run's data).
 */
import { MAX_ENGINE_AMOUNT } from './amount.ts';
import { KeyIndex } from './key-index.ts';
import { counterpartyKeys, identifierChunks, isGenericWord, referenceKeyList } from './normalise.ts';
import type { EngineRecord, Side } from './types.ts';

export { KeyIndex };

export interface PreparedSide {
  side: Side;
  records: EngineRecord[];
  amount: Float64Array;
  date: Int32Array;
  valueDate: Int32Array;
  currency: Int32Array;
  /** Reference keys, strong ones first. */
  refKeys: string[][];
  /** How many of `refKeys` are strong (identify a whole chunk). */
  strongCount: Uint16Array;
  partyKeys: string[][];
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
  weight: (key: string) => number;
}

/** Postings: one record index, a list of them, or none. */
export type Postings = number | ArrayLike<number> | undefined;

export function postingCount(value: Postings): number {
  return value === undefined ? 0 : typeof value === 'number' ? 1 : value.length;
}

function compareRecords(a: EngineRecord, b: EngineRecord): number {
  if (a.date !== b.date) return a.date - b.date;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function checkRecord(record: EngineRecord, side: Side): void {
  if (typeof record.id !== 'string' || record.id === '') throw new TypeError(`${side} record without an id`);
  if (typeof record.amount !== 'bigint') {
    throw new TypeError(`${side} record ${record.id}: amount must be a bigint of minor units`);
  }
  if (record.amount > BigInt(MAX_ENGINE_AMOUNT) || record.amount < -BigInt(MAX_ENGINE_AMOUNT)) {
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
): PreparedSide {
  const seen = new Set<string>();
  for (const record of input) {
    checkRecord(record, side);
    if (seen.has(record.id)) throw new RangeError(`${side} record id ${record.id} appears twice`);
    seen.add(record.id);
  }
  const records = [...input].sort(compareRecords);
  const count = records.length;
  const prepared: PreparedSide = {
    side,
    records,
    amount: new Float64Array(count),
    date: new Int32Array(count),
    valueDate: new Int32Array(count),
    currency: new Int32Array(count),
    refKeys: new Array(count),
    strongCount: new Uint16Array(count),
    partyKeys: new Array(count),
    open: new Uint8Array(count),
    strongIndex: new KeyIndex(),
    weakIndex: new KeyIndex(),
    partyIndex: new KeyIndex(),
    idChunkCache: new Array(count),
  };
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
    const list = referenceKeyList(text);
    // Strong keys beyond 65,535 (a narrative of that many chunks) are kept as weak ones.
    const keys = list.keys;
    const strong = Math.min(list.strong, 65_535);
    prepared.refKeys[i] = keys;
    prepared.strongCount[i] = strong;
    // Keep the indexes' shared key strings, so repeated words are stored once.
    for (let k = 0; k < keys.length; k++) {
      keys[k] = (k < strong ? prepared.strongIndex : prepared.weakIndex).add(keys[k]!, i);
    }
    const party = record.counterparty ? counterpartyKeys(record.counterparty) : [];
    prepared.partyKeys[i] = party;
    for (let k = 0; k < party.length; k++) party[k] = prepared.partyIndex.add(party[k]!, i);
    prepared.open[i] = matched.has(record.id) ? 0 : 1;
  }
  prepared.strongIndex.finish();
  prepared.weakIndex.finish();
  prepared.partyIndex.finish();
  return prepared;
}

/** How many records carry a reference key, strong or weak. */
export function referenceCount(side: PreparedSide, key: string): number {
  return side.strongIndex.count(key) + side.weakIndex.count(key);
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

/** Weight of a key: IDF over both sides, smoothed so that small runs do not punish every word. */
function makeWeight(left: PreparedSide, right: PreparedSide): (key: string) => number {
  const total = Math.max(1000, left.records.length + right.records.length);
  const full = Math.log(1 + total / 50);
  const cache = new Map<string, number>();
  return (key) => {
    let weight = cache.get(key);
    if (weight === undefined) {
      const df =
        (referenceCount(left, key) || left.partyIndex.count(key)) +
        (referenceCount(right, key) || right.partyIndex.count(key));
      weight = Math.min(1, Math.log(1 + total / Math.max(1, df)) / full);
      if (isGenericWord(key)) weight = Math.min(weight, 0.1);
      cache.set(key, weight);
    }
    return weight;
  };
}

export function prepare(
  left: readonly EngineRecord[],
  right: readonly EngineRecord[],
  matched: { left: ReadonlySet<string>; right: ReadonlySet<string> },
): Prepared {
  const currencies = new Map<string, number>();
  const preparedLeft = prepareSide('left', left, matched.left, currencies);
  const preparedRight = prepareSide('right', right, matched.right, currencies);
  return { left: preparedLeft, right: preparedRight, weight: makeWeight(preparedLeft, preparedRight) };
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

/**
 * Normalising keys on two threads. Preparation interns the keys of every record, left side then right
 * side in (date, id) order, into one `KeyTable`: a key's id is its rank of first appearance in that
 * sequence. The main thread takes chunks from the front of the sequence and interns them straight into
 * the run's table; the key worker (`key-worker.ts`, on its thread through `key-worker-thread.ts`) takes
 * chunks from the back into a table of its own (`chunk-claims.ts`). The worker's keys are then interned
 * chunk by chunk in sequence order, each chunk's keys in their order of first appearance in it — the
 * intern calls a single thread makes — and its lists remapped: same ids, so the same results.
 */
import { ChunkClaims } from './chunk-claims.ts';
import type { KeyTable } from './key-index.ts';
import { concatKeyLists, type KeyLists, type KeySource, scanKeys } from './key-lists.ts';
import { KeyScanner } from './key-scanner.ts';
import type { KeyJob, KeyJobResult } from './key-worker.ts';
import type { KeyWorker } from './key-worker-thread.ts';
import { PackedStringsBuilder } from './packed-strings.ts';
import type { PayerTableData } from './payer-reading.ts';
import { int32Array } from './typed-memory.ts';

/**
 * Where the records shipped to the worker start, as a share of the left side: the worker can take
 * chunks down to there (on a quiet machine the two threads meet about half-way through the left side).
 */
const SHIPPED_FROM = 0.4;

export interface ScannedSides<R> {
  left: R[];
  right: R[];
  leftKeys: KeyLists;
  rightKeys: KeyLists;
  /**
   * When payers were asked for and the worker runs: the left side's payer table it reads once the keys
   * are done (`KeyWorker.payers`; 'pending' while it reads, undefined when it cannot give one).
   */
  payers?: PayersRead;
}

/** The key worker's payer table: `take` it ('pending' while it is read, without `wait`) or `end` it. */
export interface PayersRead {
  take(wait: boolean): PayerTableData | undefined | 'pending';
  end(): void;
}

/**
 * Both sides sorted (by `sort`) and their key lists, interned into `keys` in sequence order (left side
 * then right side). With a worker: the right side is sorted and shipped first, and the worker takes
 * chunks from the back of the sequence while the main thread sorts the left side; then the worker gets
 * most of the left side too and the main thread takes chunks from the front until the two meet
 * (`chunk-claims.ts`). The worker's keys are then interned chunk by chunk in sequence order, each
 * chunk's keys in their order of first appearance: the ids a single thread gives. With `payers`, the
 * worker gets the whole left side and reads its payers once the keys are done (`ScannedSides.payers`),
 * on its own core while the main thread goes on with the run; it is ended once they are taken.
 */
export function scanSides<R extends KeySource>(
  left: readonly R[],
  right: readonly R[],
  sort: (records: readonly R[]) => R[],
  keys: KeyTable,
  worker: KeyWorker | undefined,
  payers = false,
): ScannedSides<R> {
  const scanner = new KeyScanner(keys);
  if (!worker) {
    const leftSorted = sort(left);
    const rightSorted = sort(right);
    return {
      left: leftSorted,
      right: rightSorted,
      leftKeys: scanKeys(leftSorted, 0, leftSorted.length, scanner),
      rightKeys: scanKeys(rightSorted, 0, rightSorted.length, scanner),
    };
  }
  let keep = false;
  try {
    const boundary = left.length;
    const claims = ChunkClaims.create(left.length + right.length, boundary);
    const rightSorted = sort(right);
    worker.send({
      ...columns(rightSorted, 0),
      offset: boundary,
      claims: claims.state.buffer as SharedArrayBuffer,
      boundary,
      last: false,
    });
    const leftSorted = sort(left);
    const from = payers ? 0 : Math.floor(leftSorted.length * SHIPPED_FROM);
    worker.send({ ...columns(leftSorted, from), offset: from, last: true, payers });
    const parts: Array<{ start: number; lists: KeyLists; remap?: Int32Array }> = [];
    for (let claim = claims.front(); claim; claim = claims.front()) {
      const [start, end] = claim;
      const lists =
        start < boundary
          ? scanKeys(leftSorted, start, end, scanner)
          : scanKeys(rightSorted, start - boundary, end - boundary, scanner);
      parts.push({ start, lists });
    }
    // Nothing to wait for when the worker took no chunk (not loaded yet, or could not load: the main
    // thread took them all); otherwise its chunks, once the one it holds is done.
    // The payers are left to the worker only when it answered (a worker that took no chunk may still be
    // loading: the main thread then reads them itself, when the payer pass asks).
    let answered = false;
    if (claims.takenFromBack(left.length + right.length)) {
      const result = worker.result(payers);
      if (result) parts.push(...workerParts(result, keys));
      answered = result !== undefined;
    }
    const emptyLists = scanKeys(leftSorted, 0, 0, scanner);
    const side = (inLeft: boolean) => {
      const chosen = parts.filter((part) => part.start < boundary === inLeft);
      return chosen.length > 0 ? concatKeyLists(chosen) : emptyLists;
    };
    const scanned: ScannedSides<R> = {
      left: leftSorted,
      right: rightSorted,
      leftKeys: side(true),
      rightKeys: side(false),
    };
    keep = payers && answered;
    if (keep) scanned.payers = { take: (wait) => worker.payers(wait), end: () => worker.end() };
    return scanned;
  } finally {
    if (!keep) worker.end();
  }
}

/**
 * The worker's chunks in sequence order, its keys interned into `keys` chunk by chunk, each chunk's in
 * their order of first appearance (after every chunk the main thread took: those come first).
 */
export function workerParts(
  result: KeyJobResult,
  keys: KeyTable,
): Array<{ start: number; lists: KeyLists; remap: Int32Array }> {
  const batches = [...result.batches].sort((a, b) => a.start - b.start);
  const { chars, start, hashes } = result.keys;
  const remap = int32Array(start.length - 1).fill(-1);
  for (const batch of batches) {
    const appearance = batch.appearance;
    for (let k = 0; k < appearance.length; k++) {
      const id = appearance[k]!;
      if (remap[id]! >= 0) continue;
      const from = start[id]!;
      remap[id] = keys.internHashed(chars, from, start[id + 1]! - from, hashes[id]!);
    }
  }
  return batches.map((batch) => ({ start: batch.start, lists: batch.lists, remap }));
}

/** records[from ..] as packed columns (one pass over the records, each read once). */
export function columns(
  records: readonly KeySource[],
  from: number,
): Pick<KeyJob, 'references' | 'texts' | 'counterparties'> {
  const count = Math.max(0, records.length - from);
  const references = new PackedStringsBuilder(count);
  const texts = new PackedStringsBuilder(count);
  const counterparties = new PackedStringsBuilder(count);
  for (let i = 0; i < count; i++) {
    const record = records[from + i]!;
    references.add(record.reference);
    texts.add(record.text);
    counterparties.add(record.counterparty);
  }
  return { references: references.done(), texts: texts.done(), counterparties: counterparties.done() };
}

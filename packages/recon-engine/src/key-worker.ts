/**
 * The preparation worker's side (started by `parallel-keys.ts`): normalises a range of records shipped
 * as columns into key ids of its own `KeyTable`, and hands back the lists and the table's keys in id
 * order, so that the main thread can remap them onto the run's table.
 */
import { KeyTable } from './key-index.ts';
import { type KeyLists, type KeySource, scanKeys } from './key-lists.ts';
import { KeyScanner } from './key-scanner.ts';

/** Records to normalise, as columns (cheaper to copy between threads than objects). */
export interface KeyJob {
  references: string[];
  texts: Array<string | undefined>;
  counterparties: Array<string | undefined>;
}

export interface KeyJobResult {
  lists: KeyLists;
  /** The worker table's keys by id. */
  names: readonly string[];
}

/** `progress[1]` counts steps of 16,384 records, for the main thread's watchdog. */
export function scanKeyJob(job: KeyJob, progress?: Int32Array): KeyJobResult {
  const count = job.references.length;
  const records: KeySource[] = new Array(count);
  for (let i = 0; i < count; i++) {
    records[i] = { reference: job.references[i]!, text: job.texts[i], counterparty: job.counterparties[i] };
  }
  const table = new KeyTable(2 * count);
  const scanner = new KeyScanner(table);
  const onProgress = progress ? () => void Atomics.add(progress, 1, 1) : undefined;
  const lists = scanKeys(records, 0, count, scanner, onProgress);
  return { lists, names: table.keyNames() };
}

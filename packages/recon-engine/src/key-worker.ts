/**
 * The preparation worker's side (started by `parallel-keys.ts`): normalises batches of records shipped
 * as columns into key ids of its own `KeyTable`. For each batch it also notes the order in which keys
 * first appeared in that batch, so that the main thread can give them their run ids in the order a
 * single thread scanning the batches in sequence order would (whatever order they came in).
 */
import { KeyTable } from './key-index.ts';
import { type KeyLists, type KeySource, scanKeys } from './key-lists.ts';
import { KeyScanner } from './key-scanner.ts';

/** Records to normalise, as columns (cheaper to copy between threads than objects). */
export interface KeyJob {
  references: string[];
  texts: Array<string | undefined>;
  counterparties: Array<string | undefined>;
  /** The last batch: the worker answers once it is scanned. */
  last: boolean;
}

export interface KeyBatch {
  lists: KeyLists;
  /** The batch's keys (worker ids) in the order they first appeared in it. */
  appearance: Int32Array;
}

export interface KeyJobResult {
  /** One per job, in the order they were sent. */
  batches: KeyBatch[];
  /** The worker table's keys by id. */
  names: readonly string[];
}

/** A key table that notes each key's first appearance in the current batch. */
class AppearanceTable extends KeyTable {
  private stamp = new Int32Array(1024).fill(-1);
  private batch = -1;
  private order = new Int32Array(1024);
  private length = 0;

  startBatch(): void {
    this.batch++;
    this.length = 0;
  }

  /** The current batch's first appearances. */
  appearance(): Int32Array {
    return this.order.slice(0, this.length);
  }

  override intern(key: string): number {
    return this.note(super.intern(key));
  }

  override internChars(chars: Uint16Array, length: number): number {
    return this.note(super.internChars(chars, length));
  }

  private note(id: number): number {
    if (id >= this.stamp.length) {
      const grown = new Int32Array(Math.max(id + 1, this.stamp.length * 2)).fill(-1);
      grown.set(this.stamp);
      this.stamp = grown;
    }
    if (this.stamp[id] !== this.batch) {
      this.stamp[id] = this.batch;
      if (this.length === this.order.length) {
        const grown = new Int32Array(this.length * 2);
        grown.set(this.order);
        this.order = grown;
      }
      this.order[this.length++] = id;
    }
    return id;
  }
}

/** The worker's state across jobs. */
export class KeyJobScanner {
  private readonly table = new AppearanceTable(1 << 20);
  private readonly scanner = new KeyScanner(this.table);
  private readonly batches: KeyBatch[] = [];

  /** Scans a job; the result after the last one. `progress[1]` counts steps of 16,384 records. */
  scan(job: KeyJob, progress?: Int32Array): KeyJobResult | undefined {
    const count = job.references.length;
    const records: KeySource[] = new Array(count);
    for (let i = 0; i < count; i++) {
      records[i] = { reference: job.references[i]!, text: job.texts[i], counterparty: job.counterparties[i] };
    }
    this.table.startBatch();
    const onProgress = progress ? () => void Atomics.add(progress, 1, 1) : undefined;
    const lists = scanKeys(records, 0, count, this.scanner, onProgress);
    this.batches.push({ lists, appearance: this.table.appearance() });
    return job.last ? { batches: this.batches, names: this.table.keyNames() } : undefined;
  }
}

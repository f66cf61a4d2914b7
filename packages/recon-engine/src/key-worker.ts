/**
 * The preparation worker's side (started by `parallel-keys.ts`): normalises records shipped as columns
 * into key ids of its own `KeyTable`, taking chunks from the back of the run's record sequence (left
 * side then right side, see `chunk-claims.ts`). For each chunk it notes the order in which keys first
 * appeared in it, so that the main thread can give them their run ids in the order a single thread
 * scanning the sequence would (whatever order the chunks were scanned in).
 */
import { ChunkClaims } from './chunk-claims.ts';
import { KeyTable } from './key-index.ts';
import { type KeyLists, type KeySource, scanKeys } from './key-lists.ts';
import { KeyScanner } from './key-scanner.ts';
import { type PackedStrings, unpackString } from './packed-strings.ts';
import { PayerTable, type PayerTableData } from './payer-reading.ts';

/** Records to normalise, as packed columns (far cheaper to copy between threads than objects). */
export interface KeyJob {
  references: PackedStrings;
  texts: PackedStrings;
  counterparties: PackedStrings;
  /** Position of the first record in the run's sequence. */
  offset: number;
  /** The shared claims (first job) and the sequence's side boundary. */
  claims?: SharedArrayBuffer;
  boundary?: number;
  /** The last job: the worker answers once it can take no more chunks. */
  last: boolean;
  /**
   * On a job of the whole left side (offset 0): once the keys are answered, read every record's payer
   * too (`payers`), while the main thread goes on with the run.
   */
  payers?: boolean;
}

export interface KeyBatch {
  /** Sequence position of the chunk's first record. */
  start: number;
  lists: KeyLists;
  /** The chunk's keys (worker ids) in the order they first appeared in it. */
  appearance: Int32Array;
}

export interface KeyJobResult {
  batches: KeyBatch[];
  /**
   * The worker table's keys by id (`KeyTable.packed`: on a SharedArrayBuffer, so posting them shares
   * their memory instead of copying millions of strings).
   */
  keys: { chars: Uint8Array | Uint16Array; start: Int32Array; hashes: Int32Array };
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
  private table = new AppearanceTable(1 << 20);
  private scanner = new KeyScanner(this.table);
  private batches: KeyBatch[] = [];
  private readonly sources: Array<{ offset: number; records: KeySource[] }> = [];
  private claims: ChunkClaims | undefined;
  private lowest = Number.MAX_SAFE_INTEGER;
  private answered = false;
  private payerRecords: KeySource[] | undefined;

  /** Takes in a job and scans chunks while there are any; the result once there are no more. */
  scan(job: KeyJob, progress?: Int32Array): KeyJobResult | undefined {
    const count = job.references.length;
    const records: KeySource[] = new Array(count);
    for (let i = 0; i < count; i++) {
      records[i] = {
        reference: unpackString(job.references, i)!,
        text: unpackString(job.texts, i),
        counterparty: unpackString(job.counterparties, i),
      };
    }
    this.sources.push({ offset: job.offset, records });
    if (job.payers && job.offset === 0) this.payerRecords = records;
    if (count > 0) this.lowest = Math.min(this.lowest, job.offset);
    if (job.claims) this.claims = new ChunkClaims(new Int32Array(job.claims), job.boundary ?? 0);
    for (let claim = this.claims?.back(this.lowest); claim; claim = this.claims?.back(this.lowest)) {
      const [start, end] = claim;
      const source = this.sources.find(
        (item) => start >= item.offset && end <= item.offset + item.records.length,
      )!;
      this.table.startBatch();
      const lists = scanKeys(source.records, start - source.offset, end - source.offset, this.scanner);
      this.batches.push({ start, lists, appearance: this.table.appearance() });
      if (progress) Atomics.add(progress, 1, 1);
    }
    // Done after the last job, or as soon as every chunk is taken (no need to unpack the next job).
    if (this.answered || !(job.last || this.claims?.exhausted())) return undefined;
    this.answered = true;
    return { batches: this.batches, keys: { ...this.table.packed(), hashes: this.table.hashes() } };
  }

  /**
   * The left side's payer table (`PayerTable.readAll`), once the keys are answered and a job asked for
   * it; given once. What the scan kept is let go first (posted already).
   */
  payers(): PayerTableData | undefined {
    const records = this.payerRecords;
    if (!this.answered || !records) return undefined;
    this.payerRecords = undefined;
    this.sources.length = 0;
    this.batches = [];
    // The key table (posted, and remapped by the main thread already) goes too: at 1M its typed arrays
    // are ~150 MB that would otherwise live on with the worker while it reads.
    this.table = new AppearanceTable(16);
    this.scanner = new KeyScanner(this.table);
    return new PayerTable({ records }).readAll();
  }
}

/**
 * How an import's rows travel to the database, chosen once per import (import-writes.ts): lines of
 * COPY's text format, straight into table_items when the import has no external keys (nothing can
 * conflict), else on PostgreSQL into a staging table; or, on PGlite with keys, one JSON document
 * read by jsonb_to_recordset. Each row is encoded as soon as it is converted, so a batch waiting to be written is a
 * list of strings rather than objects the garbage collector has to carry along.
 */
import { copyField } from '../../../db/copy-text.ts';
import { timeOrderedIds } from './item-ids.ts';

export type RowEncoding = 'json' | 'copy-items' | 'copy-staged';

/**
 * A batch of encoded rows as sent (one JSON document or one COPY stream) and how many there are.
 * A COPY stream may come as UTF-8 bytes: the CSV worker hands its batches over so, without a copy.
 */
export interface EncodedBatch {
  payload: string | Uint8Array;
  rows: number;
}

export interface ImportTarget {
  tableId: string;
  importId: string;
}

/** One row (id, stored cells, search text, external key) in `encoding`. */
export function encodeRow(
  encoding: RowEncoding,
  target: ImportTarget,
  id: string,
  values: Record<string, unknown>,
  search: string,
  key: string | null,
): string {
  const cells = JSON.stringify(values);
  if (encoding === 'json') {
    return `{"i":"${id}","v":${cells},"s":${JSON.stringify(search)},"k":${key === null ? 'null' : JSON.stringify(key)}}`;
  }
  if (encoding === 'copy-staged') {
    return `${id}\t${copyField(cells)}\t${copyField(search)}\t${key === null ? '\\N' : copyField(key)}\n`;
  }
  return `${id}\t${target.tableId}\t${copyField(cells)}\t${copyField(search)}\t${target.importId}\n`;
}

/** The encoded rows of a batch as the one document or COPY stream they are sent as. */
export function batchPayload(encoding: RowEncoding, lines: string[]): string {
  return encoding === 'json' ? `[${lines.join(',')}]` : lines.join('');
}

/** Ids are made in blocks of this many. */
const ID_BLOCK = 4096;

/** The rows of the next batch, encoded as they are added, each with a time-ordered id. */
export class RowBatch {
  private lines: string[] = [];
  private ids: string[] = [];
  private nextId = 0;

  constructor(
    private readonly encoding: RowEncoding,
    private readonly target: ImportTarget,
  ) {}

  /** Rows added since the last take(). */
  get size(): number {
    return this.lines.length;
  }

  add(values: Record<string, unknown>, search: string, key: string | null): void {
    if (this.nextId >= this.ids.length) {
      this.ids = timeOrderedIds(ID_BLOCK);
      this.nextId = 0;
    }
    const id = this.ids[this.nextId] ?? '';
    this.nextId += 1;
    this.lines.push(encodeRow(this.encoding, this.target, id, values, search, key));
  }

  /** The rows added so far as one payload; the batch starts empty again. */
  take(): EncodedBatch {
    const batch = { payload: batchPayload(this.encoding, this.lines), rows: this.lines.length };
    this.lines = [];
    return batch;
  }
}

import { Worker } from 'node:worker_threads';
import type { ImportLineError, TableColumn } from '@counterpart/contracts';
import { CsvReadError, type TextEncoding } from '@counterpart/files';
import type { RowPlan } from './row-conversion.ts';
import type { EncodedBatch, ImportTarget, RowEncoding } from './row-encoding.ts';

/** What the CSV worker needs to read and convert a file (all of it can be cloned to the thread). */
export interface CsvWorkerInput {
  filePath: string;
  encoding: TextEncoding;
  delimiter: string;
  hasHeader: boolean;
  plan: RowPlan;
  columns: TableColumn[];
  rowEncoding: RowEncoding;
  target: ImportTarget;
  batchRows: number;
}

/** Counts so far with each message; `errors` are the refusals kept since the previous message. */
interface ReadProgress {
  total: number;
  failed: number;
  errors: ImportLineError[];
  bytesRead: number;
}

export type CsvWorkerMessage =
  | ({ type: 'batch' } & EncodedBatch & ReadProgress)
  | ({ type: 'done' } & ReadProgress)
  | ({ type: 'failed'; line: number | null; message: string } & ReadProgress);

export type CsvWorkerBatch = EncodedBatch & ReadProgress;

/**
 * Reads a CSV file in a worker thread (csv-import-worker.ts) and yields its encoded batches with
 * the counts so far, asking for the next batch as each one is taken: parsing and converting go on
 * beside the database's work instead of taking turns with it in this thread. A file that cannot
 * be read throws (a CsvReadError with its line); ending early stops the worker.
 */
export async function* readCsvInWorker(input: CsvWorkerInput): AsyncGenerator<CsvWorkerBatch> {
  const worker = new Worker(new URL('./csv-worker-boot.mjs', import.meta.url), {
    workerData: { ...input, entry: new URL('./csv-import-worker.ts', import.meta.url).href },
  });
  const queue: CsvWorkerMessage[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: CsvWorkerMessage) => {
    queue.push(message);
    notify();
  });
  worker.on('error', (error) => {
    failure = error;
    notify();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`The file reader stopped (exit code ${code})`);
    notify();
  });
  try {
    for (;;) {
      const message = queue.shift();
      if (!message) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      if (message.type === 'failed') {
        if (message.line === null) throw new Error(message.message);
        throw new CsvReadError(message.line, message.message.replace(/^Line \d+: /, ''));
      }
      const { type: _type, ...batch } = message;
      if (message.type === 'done') {
        yield { ...batch, payload: '', rows: 0 };
        return;
      }
      worker.postMessage('next');
      yield batch as CsvWorkerBatch;
    }
  } finally {
    await worker.terminate();
  }
}

import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { CsvReadError, readCsvRows } from '@counterpart/files';
import { convertBatches, type ReadCounts } from './convert-batches.ts';
import type { CsvWorkerInput, CsvWorkerMessage } from './csv-worker.ts';
import { RowBatch } from './row-encoding.ts';

/**
 * The reading half of a CSV import, in a worker thread (started by csv-worker.ts): streams the
 * file, converts its rows and posts them in batches already encoded for the database. It stays
 * one batch ahead of the writer: after each batch it waits for the job to ask for the next.
 */
const utf8 = new TextEncoder();

async function readInWorker(input: CsvWorkerInput): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('csv-import-worker runs in a worker thread');
  let asked = 1;
  let wake: (() => void) | null = null;
  port.on('message', () => {
    asked += 1;
    wake?.();
  });
  const counts: ReadCounts = { total: 0, failed: 0, errors: [] };
  let sentErrors = 0;
  const stream = createReadStream(input.filePath);
  const report = (): Omit<CsvWorkerMessage & { type: 'done' }, 'type'> => {
    const errors = counts.errors.slice(sentErrors);
    sentErrors = counts.errors.length;
    return { total: counts.total, failed: counts.failed, errors, bytesRead: stream.bytesRead };
  };
  try {
    const rows = readCsvRows(stream, input.encoding, input.delimiter);
    const batch = new RowBatch(input.rowEncoding, input.target);
    const batches = convertBatches(
      rows,
      input.plan,
      input.columns,
      input.hasHeader,
      batch,
      counts,
      input.batchRows,
    );
    for await (const encoded of batches) {
      while (asked === 0) await new Promise<void>((resolve) => (wake = resolve));
      asked -= 1;
      // COPY text goes over as bytes, moved rather than copied into the job's thread.
      const payload =
        input.rowEncoding === 'json' || typeof encoded.payload !== 'string'
          ? encoded.payload
          : utf8.encode(encoded.payload);
      const moved = typeof payload === 'string' ? [] : [payload.buffer as ArrayBuffer];
      port.postMessage({ type: 'batch', ...encoded, payload, ...report() } satisfies CsvWorkerMessage, moved);
    }
    port.postMessage({ type: 'done', ...report() } satisfies CsvWorkerMessage);
  } catch (error) {
    const line = error instanceof CsvReadError ? error.line : null;
    port.postMessage({
      type: 'failed',
      line,
      message: (error as Error).message,
      ...report(),
    } satisfies CsvWorkerMessage);
  } finally {
    port.close();
  }
}

await readInWorker(workerData as CsvWorkerInput);

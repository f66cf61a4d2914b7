import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Box } from '@counterpart/contracts';
import { createWorker, PSM, type Worker } from 'tesseract.js';

/** An image to read: a file tesseract decodes (PGM, PNG, JPEG, TIFF) and its size in pixels. */
export interface OcrImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** A word as OCR read it: its box in the image's units (0..1, top-left origin) and confidence 0..1. */
export interface OcrWord {
  text: string;
  box: Box;
  confidence: number;
}

/** A few tesseract workers (one per core by default) that read images one at a time each. */
export interface OcrPool {
  readonly workers: number;
  /** The words of an image in reading order (lines down, words across). */
  recognize(image: OcrImage): Promise<OcrWord[]>;
  /** Stops the workers; a pool cannot be used after. */
  close(): Promise<void>;
}

/**
 * Where tesseract finds its English model: the npm package's folder (never a download). `best_int`
 * is the accurate LSTM model in integer form; gzip'd as shipped.
 */
export function ocrWorkerOptions() {
  const data = path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json'));
  return {
    langPath: path.join(data, '4.0.0_best_int'),
    gzip: true,
    cachePath: path.join(os.tmpdir(), 'counterpart-tesseract'),
  };
}

/** Page segmentation mode 6 (one uniform block of text) keeps table rows together on invoices. */
const PARAMETERS = { tessedit_pageseg_mode: PSM.SINGLE_BLOCK, user_defined_dpi: '300' };

const LSTM_ONLY = 1;

interface Job {
  image: OcrImage;
  resolve(words: OcrWord[]): void;
  reject(error: unknown): void;
}

export function createOcrPool(options: { workers?: number } = {}): OcrPool {
  const size = Math.max(1, Math.floor(options.workers ?? Math.min(os.availableParallelism(), 4)));
  const queue: Job[] = [];
  const idle: Worker[] = [];
  let started = 0;
  let closed = false;
  const all: Promise<Worker>[] = [];

  const startWorker = async (): Promise<Worker> => {
    const { mkdir } = await import('node:fs/promises');
    const workerOptions = ocrWorkerOptions();
    await mkdir(workerOptions.cachePath, { recursive: true });
    // The error handler keeps tesseract from throwing a failed job's error out of its message handler
    // (an uncaught exception); the job's own promise still rejects with it.
    const worker = await createWorker('eng', LSTM_ONLY, { ...workerOptions, errorHandler: () => {} });
    await worker.setParameters(PARAMETERS);
    return worker;
  };

  const run = (worker: Worker) => {
    const job = queue.shift();
    if (!job) {
      idle.push(worker);
      return;
    }
    recognizeWith(worker, job.image)
      .then(job.resolve, job.reject)
      .finally(() => run(worker));
  };

  return {
    workers: size,
    recognize(image) {
      if (closed) return Promise.reject(new Error('The OCR pool is closed'));
      return new Promise<OcrWord[]>((resolve, reject) => {
        queue.push({ image, resolve, reject });
        const worker = idle.pop();
        if (worker) run(worker);
        else if (started < size) {
          started++;
          const starting = startWorker();
          all.push(starting);
          starting.then(run, (error: unknown) => {
            started--;
            // Without a worker the waiting jobs cannot run: fail them with the reason.
            if (started === 0) for (const job of queue.splice(0)) job.reject(error);
          });
        }
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The OCR pool was closed'));
      const workers = await Promise.allSettled(all);
      await Promise.all(
        workers.map((w) => (w.status === 'fulfilled' ? w.value.terminate().catch(() => {}) : undefined)),
      );
    },
  };
}

async function recognizeWith(worker: Worker, image: OcrImage): Promise<OcrWord[]> {
  const { data } = await worker
    .recognize(
      Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength),
      {},
      { blocks: true, text: false },
    )
    .catch((error: unknown) => {
      // Tesseract rejects with the error's text.
      throw error instanceof Error ? error : new Error(String(error).replace(/^Error: /, ''));
    });
  const words: OcrWord[] = [];
  const clamp = (n: number) => (n < 0 ? 0 : n > 1 ? 1 : Math.round(n * 1e6) / 1e6);
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const text = word.text.trim();
          if (text === '') continue;
          words.push({
            text,
            box: {
              x0: clamp(word.bbox.x0 / image.width),
              y0: clamp(word.bbox.y0 / image.height),
              x1: clamp(word.bbox.x1 / image.width),
              y1: clamp(word.bbox.y1 / image.height),
            },
            confidence: clamp(word.confidence / 100),
          });
        }
      }
    }
  }
  return words;
}

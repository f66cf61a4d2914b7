/**
 * Normalising keys on a second thread. Preparation interns the keys of every record, left side then
 * right side in (date, id) order, into one `KeyTable`: a key's id is its rank of first appearance. A
 * worker thread takes the tail of that sequence and interns it into a table of its own; the main thread
 * does the head into the run's table meanwhile, then interns the worker's keys in the worker's id order
 * (its order of first appearance), which gives every key the id a single thread would have given it, and
 * remaps the worker's lists. Same ids, so the same results.
 *
 * `run` stays synchronous: the main thread waits with `Atomics.wait` (allowed in Node's main thread and
 * in workers). Node only (`process.getBuiltinModule('node:worker_threads')`); elsewhere, or when the
 * worker cannot load, the main thread scans the tail itself. A worker that fails while scanning fails the
 * run; one that stops reporting progress for `STALL_MS` is terminated and fails it too (no hang).
 */
import type { KeyTable } from './key-index.ts';
import { joinKeyLists, type KeyLists, type KeySource, scanKeys } from './key-lists.ts';
import { KeyScanner } from './key-scanner.ts';
import type { KeyBatch, KeyJob, KeyJobResult } from './key-worker.ts';
import { int32Array } from './typed-memory.ts';

type WorkerThreads = typeof import('node:worker_threads');
type Worker = InstanceType<WorkerThreads['Worker']>;
type MessagePort = InstanceType<WorkerThreads['MessagePort']>;

const STALL_MS = 120_000;

/** status[0]: 0 running, 1 done (result on the port), 2 could not load, 3 failed (error on the port). */
const RUNNING = 0;
const DONE = 1;
const NOT_LOADED = 2;

/**
 * Runs as CommonJS in the worker: loads `key-worker` (through tsx's require hook when the package runs
 * from its TypeScript sources: under tsx or vitest alike), waits for the job, scans it and reports
 * through the shared status word.
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
const { port, status: buffer, moduleUrl, modulePath, tsxApi } = workerData;
const status = new Int32Array(buffer);
const finish = (code, error) => {
  if (error !== undefined) port.postMessage({ error: String((error && error.stack) || error) });
  Atomics.store(status, 0, code);
  Atomics.notify(status, 0);
  port.close();
};
const load = async () => {
  // From TypeScript sources: tsx's require hook (Node 20's module hooks do not reach workers).
  if (tsxApi) {
    require(tsxApi).register();
    return require(modulePath);
  }
  return import(moduleUrl);
};
load().then(
  (module) => {
    Atomics.add(status, 1, 1);
    const scanner = new module.KeyJobScanner();
    port.on('message', (job) => {
      try {
        const result = scanner.scan(job, status);
        if (result) {
          port.postMessage(result);
          finish(1);
        }
      } catch (error) {
        finish(3, error);
      }
    });
  },
  (error) => finish(2, error),
);
`;

function workerThreads(): WorkerThreads | undefined {
  const host = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  return host.process?.getBuiltinModule?.('node:worker_threads') as WorkerThreads | undefined;
}

/** tsx's CommonJS API, when the package runs from TypeScript sources and tsx can be found. */
function tsxApiPath(): string | undefined {
  if (!import.meta.url.endsWith('.ts')) return undefined;
  const host = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  const module = host.process?.getBuiltinModule?.('node:module') as typeof import('node:module') | undefined;
  try {
    return module?.createRequire(import.meta.url).resolve('tsx/cjs/api');
  } catch {
    return undefined;
  }
}

export class KeyWorker {
  private constructor(
    private readonly threads: WorkerThreads,
    private readonly worker: Worker,
    private readonly port: MessagePort,
    private readonly status: Int32Array,
  ) {}

  /** Starts a worker (it loads its modules while the caller sorts), or undefined where there are none. */
  static start(): KeyWorker | undefined {
    const threads = workerThreads();
    if (!threads || typeof SharedArrayBuffer !== 'function') return undefined;
    const status = new Int32Array(new SharedArrayBuffer(8));
    const { port1, port2 } = new threads.MessageChannel();
    const moduleUrl = new URL('./key-worker.ts', import.meta.url).href.replace(/\.ts$/, extension());
    const workerData = {
      port: port2,
      status: status.buffer,
      moduleUrl,
      modulePath: decodeURIComponent(new URL(moduleUrl).pathname),
      tsxApi: tsxApiPath(),
    };
    let worker: Worker;
    try {
      worker = new threads.Worker(BOOTSTRAP, { eval: true, workerData, transferList: [port2] });
    } catch {
      port1.close();
      return undefined;
    }
    // A worker never keeps the process alive, and its errors reach the run through the status word.
    worker.unref();
    worker.on('error', () => {});
    return new KeyWorker(threads, worker, port1, status);
  }

  /** Hands the worker its records (copied to its heap now). */
  send(job: KeyJob): void {
    this.port.postMessage(job);
  }

  /**
   * Waits for the worker's result; undefined when it could not load (the caller scans the records
   * itself). Throws when it failed or stalled. The worker is ended either way.
   */
  result(): KeyJobResult | undefined {
    try {
      let progress = Atomics.load(this.status, 1);
      let lastChange = Date.now();
      while (Atomics.load(this.status, 0) === RUNNING) {
        Atomics.wait(this.status, 0, RUNNING, 1000);
        const now = Atomics.load(this.status, 1);
        if (now !== progress) {
          progress = now;
          lastChange = Date.now();
        } else if (Date.now() - lastChange > STALL_MS) {
          throw new Error(`key worker made no progress for ${STALL_MS / 1000} s`);
        }
      }
      const code = Atomics.load(this.status, 0);
      const message = this.threads.receiveMessageOnPort(this.port)?.message as
        | (KeyJobResult & { error?: string })
        | undefined;
      if (code === DONE && message && !message.error) return message;
      if (code === NOT_LOADED) return undefined;
      throw new Error(`key worker failed: ${message?.error ?? 'no result'}`);
    } finally {
      this.end();
    }
  }

  /** Ends the worker without waiting (also when the caller never asks for the result). */
  end(): void {
    this.port.close();
    void this.worker.terminate().catch(() => {});
  }
}

/** `.ts` when running from sources, `.js` from a build. */
function extension(): string {
  return import.meta.url.endsWith('.ts') ? '.ts' : '.js';
}

/**
 * Share of the records the main thread scans: it also checks and sorts both sides, ships the worker's
 * records and remaps its keys, while the worker unpacks them (balanced on the generated 1M run).
 */
const MAIN_SHARE = 0.27;

export interface ScannedSides<R> {
  left: R[];
  right: R[];
  leftKeys: KeyLists;
  rightKeys: KeyLists;
}

/**
 * Both sides sorted (by `sort`) and their key lists, interned into `keys` in the order left then
 * right. With a worker: the right side is sorted and shipped first, so the worker scans it while the
 * main thread sorts the left side; then the worker gets the left side's tail and the main thread
 * scans its head. The worker's keys are then interned in sequence order (left tail, right), each
 * batch's keys in their order of first appearance: the ids a single thread gives.
 */
export function scanSides<R extends KeySource>(
  left: readonly R[],
  right: readonly R[],
  sort: (records: readonly R[]) => R[],
  keys: KeyTable,
  worker: KeyWorker | undefined,
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
  try {
    const rightSorted = sort(right);
    worker.send(shipped(rightSorted, 0, false));
    const leftSorted = sort(left);
    // The split: the main thread keeps the head of the left side, its share of all records (records of
    // either side cost about the same to scan; counting characters instead cost ~0.4 s at 1M).
    const head = Math.min(
      leftSorted.length,
      Math.round(MAIN_SHARE * (leftSorted.length + rightSorted.length)),
    );
    worker.send(shipped(leftSorted, head, true));
    const mainLeft = scanKeys(leftSorted, 0, head, scanner);
    const result = worker.result();
    if (!result) {
      // No worker after all: the main thread goes on with the rest, in the same order.
      return {
        left: leftSorted,
        right: rightSorted,
        leftKeys: joinKeyLists(mainLeft, scanKeys(leftSorted, head, leftSorted.length, scanner), IDENTITY),
        rightKeys: scanKeys(rightSorted, 0, rightSorted.length, scanner),
      };
    }
    const [rightBatch, leftBatch] = result.batches as [KeyBatch, KeyBatch];
    const names = result.names;
    const remap = int32Array(names.length).fill(-1);
    for (const batch of [leftBatch, rightBatch]) {
      const appearance = batch.appearance;
      for (let k = 0; k < appearance.length; k++) {
        const id = appearance[k]!;
        if (remap[id]! < 0) remap[id] = keys.intern(names[id]!);
      }
    }
    return {
      left: leftSorted,
      right: rightSorted,
      leftKeys: joinKeyLists(mainLeft, leftBatch.lists, remap),
      rightKeys: joinKeyLists(scanKeys(rightSorted, 0, 0, scanner), rightBatch.lists, remap),
    };
  } finally {
    worker.end();
  }
}

/** Marks a join whose second part is in the run's ids already. */
const IDENTITY = new Int32Array(0);

/** records[from ..] as columns. */
function shipped(records: readonly KeySource[], from: number, last: boolean): KeyJob {
  const count = Math.max(0, records.length - from);
  const job: KeyJob = {
    references: new Array(count),
    texts: new Array(count),
    counterparties: new Array(count),
    last,
  };
  for (let i = 0; i < count; i++) {
    const record = records[from + i]!;
    job.references[i] = record.reference;
    job.texts[i] = record.text;
    job.counterparties[i] = record.counterparty;
  }
  return job;
}

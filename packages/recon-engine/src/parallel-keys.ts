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

import { ChunkClaims } from './chunk-claims.ts';
import type { KeyTable } from './key-index.ts';
import { concatKeyLists, type KeyLists, type KeySource, scanKeys } from './key-lists.ts';
import { KeyScanner } from './key-scanner.ts';
import type { KeyJob, KeyJobResult } from './key-worker.ts';
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
 * Where the records shipped to the worker start, as a share of the left side: the worker can take
 * chunks down to there (on a quiet machine the two threads meet about half-way through the left side).
 */
const SHIPPED_FROM = 0.4;

export interface ScannedSides<R> {
  left: R[];
  right: R[];
  leftKeys: KeyLists;
  rightKeys: KeyLists;
}

/**
 * Both sides sorted (by `sort`) and their key lists, interned into `keys` in sequence order (left side
 * then right side). With a worker: the right side is sorted and shipped first, and the worker takes
 * chunks from the back of the sequence while the main thread sorts the left side; then the worker gets
 * most of the left side too and the main thread takes chunks from the front until the two meet
 * (`chunk-claims.ts`). The worker's keys are then interned chunk by chunk in sequence order, each
 * chunk's keys in their order of first appearance: the ids a single thread gives.
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
    const from = Math.floor(leftSorted.length * SHIPPED_FROM);
    worker.send({ ...columns(leftSorted, from), offset: from, last: true });
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
    if (claims.takenFromBack(left.length + right.length)) {
      const result = worker.result();
      if (result) parts.push(...workerParts(result, keys));
    }
    const emptyLists = scanKeys(leftSorted, 0, 0, scanner);
    const side = (inLeft: boolean) => {
      const chosen = parts.filter((part) => part.start < boundary === inLeft);
      return chosen.length > 0 ? concatKeyLists(chosen) : emptyLists;
    };
    return { left: leftSorted, right: rightSorted, leftKeys: side(true), rightKeys: side(false) };
  } finally {
    worker.end();
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
  const names = result.names;
  const remap = int32Array(names.length).fill(-1);
  for (const batch of batches) {
    const appearance = batch.appearance;
    for (let k = 0; k < appearance.length; k++) {
      const id = appearance[k]!;
      if (remap[id]! < 0) remap[id] = keys.intern(names[id]!);
    }
  }
  return batches.map((batch) => ({ start: batch.start, lists: batch.lists, remap }));
}

/** records[from ..] as columns. */
export function columns(
  records: readonly KeySource[],
  from: number,
): Pick<KeyJob, 'references' | 'texts' | 'counterparties'> {
  const count = Math.max(0, records.length - from);
  const job: Pick<KeyJob, 'references' | 'texts' | 'counterparties'> = {
    references: new Array(count),
    texts: new Array(count),
    counterparties: new Array(count),
  };
  for (let i = 0; i < count; i++) {
    const record = records[from + i]!;
    job.references[i] = record.reference;
    job.texts[i] = record.text;
    job.counterparties[i] = record.counterparty;
  }
  return job;
}

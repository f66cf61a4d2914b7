/**
 * The key worker's thread (see `parallel-keys.ts` for what it does): starting it, handing it jobs and
 * waiting for its answer without leaving `run`'s synchronous call. The main thread waits with
 * `Atomics.wait` (allowed on Node's main thread and in workers) and reads the answer with
 * `receiveMessageOnPort`. Node only (`process.getBuiltinModule('node:worker_threads')`, so that browsers
 * and bundlers can still import the package). A worker that fails while scanning fails the run; one that
 * stops reporting progress for `STALL_MS` is terminated and fails it too (no hang); one that cannot load
 * leaves every chunk to the main thread.
 */
import type { KeyJob, KeyJobResult } from './key-worker.ts';
import type { PayerTableData } from './payer-reading.ts';

type WorkerThreads = typeof import('node:worker_threads');
type Worker = InstanceType<WorkerThreads['Worker']>;
type MessagePort = InstanceType<WorkerThreads['MessagePort']>;

const STALL_MS = 120_000;

/**
 * status[0]: 0 running, 1 done (result on the port), 2 could not load, 3 failed (error on the port);
 * status[1]: chunks scanned (progress); status[2]: the payers (when asked for), coded as status[0].
 */
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
  // A run waiting for the payers is told too.
  Atomics.store(status, 2, code);
  Atomics.notify(status, 2);
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
    let answered = false;
    port.on('message', (job) => {
      try {
        const result = scanner.scan(job, status);
        if (result) {
          port.postMessage(result);
          answered = true;
          Atomics.store(status, 0, 1);
          Atomics.notify(status, 0);
        }
        // The payers, once asked for and the keys answered (the port stays open for them).
        const payers = scanner.payers();
        if (payers) {
          port.postMessage({ payers });
          Atomics.store(status, 2, 1);
          Atomics.notify(status, 2);
          port.close();
        } else if (answered && !job.payers && job.last) port.close();
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
    const status = new Int32Array(new SharedArrayBuffer(12));
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
   * itself). Throws when it failed or stalled. The worker is ended either way, unless `keep` (it still
   * has the payers to read: see `payers`).
   */
  result(keep = false): KeyJobResult | undefined {
    let ended = false;
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
      const message = this.receive() as (KeyJobResult & { error?: string }) | undefined;
      if (code === DONE && message && !message.error) {
        ended = !keep;
        return message;
      }
      ended = true;
      if (code === NOT_LOADED) return undefined;
      throw new Error(`key worker failed: ${message?.error ?? 'no result'}`);
    } catch (error) {
      ended = true;
      throw error;
    } finally {
      if (ended) this.end();
    }
  }

  /**
   * The payer table the worker read (asked for with `KeyJob.payers`), then the worker is ended; with
   * `wait` false, undefined while it is still reading (the worker goes on). Undefined too when the worker
   * could not load, failed or stalled: the caller then reads the payers itself (the same table).
   */
  payers(wait: boolean): PayerTableData | undefined | 'pending' {
    if (this.ended) return undefined;
    const started = Date.now();
    while (Atomics.load(this.status, 2) === RUNNING) {
      if (!wait) return 'pending';
      Atomics.wait(this.status, 2, RUNNING, 1000);
      if (Date.now() - started > STALL_MS) break;
    }
    let data: PayerTableData | undefined;
    if (Atomics.load(this.status, 2) === DONE) {
      // Past the scan's result when the main thread never took it (it scanned every chunk itself).
      for (let message = this.receive(); message; message = this.receive()) {
        const payers = (message as { payers?: PayerTableData }).payers;
        if (payers) {
          data = payers;
          break;
        }
      }
    }
    this.end();
    return data;
  }

  private receive(): unknown {
    return this.threads.receiveMessageOnPort(this.port)?.message;
  }

  private ended = false;

  /** Ends the worker without waiting (also when the caller never asks for the result). */
  end(): void {
    this.ended = true;
    this.port.close();
    void this.worker.terminate().catch(() => {});
  }
}

/** `.ts` when running from sources, `.js` from a build. */
function extension(): string {
  return import.meta.url.endsWith('.ts') ? '.ts' : '.js';
}

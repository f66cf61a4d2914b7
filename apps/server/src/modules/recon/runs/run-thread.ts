import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { RunSummary } from '@counterpart/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { reconRuns } from '../../../db/schema.ts';
import { startHeartbeat } from './run-liveness.ts';
import { type RunTimings, reportRunTimings } from './run-timings.ts';

/*
 * A run in a worker thread (PostgreSQL): the thread opens its own small pool on the same database,
 * reads both sides, runs the engine, writes the groups in its one transaction and marks the run —
 * exactly executeRun — while this thread only relays progress and beats for the run. What crosses
 * between the threads is small: the run's id in, progress, timings and the summary out; no record,
 * group or item is cloned.
 */

/** What the run's thread is given. */
export interface RunThreadInput {
  entry: string;
  databaseUrl: string;
  organizationId: string;
  runId: string;
}

/** What the run's thread says, in order: progress…, then timings and done, or failed. */
export type RunThreadMessage =
  | { type: 'progress'; percent: number; message: string }
  | { type: 'timings'; timings: RunTimings }
  | { type: 'done'; summary: RunSummary }
  | { type: 'failed'; message: string };

/** The thread's own failure, already recorded on the run by executeRun there. */
class RecordedRunFailure extends Error {}

/** The thread may use as much heap as this process (a 1M × 1M run needs a few GB). */
/** The run thread's young generation (V8 makes it three semi-spaces: 128 MB each). */
const RUN_YOUNG_GENERATION_MB = 384;

function heapLimitMb(): number {
  return Math.floor(getHeapStatistics().heap_size_limit / 1024 / 1024);
}

/**
 * Runs `runId` in a worker thread and answers its summary. Its failure (which the thread has
 * already recorded on the run) throws with the run's message; a thread that dies without a word (out
 * of memory) marks the run failed here, unless it had succeeded. Aborting asks the thread to stop.
 */
export async function executeRunInThread(
  database: Database,
  organizationId: string,
  runId: string,
  hooks: { progress?: (percent: number, message: string) => Promise<void>; signal?: AbortSignal } = {},
): Promise<RunSummary> {
  if (!database.url) throw new Error('A run in a thread needs PostgreSQL (the database URL)');
  hooks.signal?.throwIfAborted();
  const input: RunThreadInput = {
    entry: new URL('./run-thread-worker.ts', import.meta.url).href,
    databaseUrl: database.url,
    organizationId,
    runId,
  };
  const worker = new Worker(new URL('./run-thread-boot.mjs', import.meta.url), {
    workerData: input,
    resourceLimits: {
      maxOldGenerationSizeMb: heapLimitMb(),
      // The engine makes short-lived objects by the million: a young generation of 3 × 128 MB (Node's
      // default semi-space is 16 MB) means fewer scavenges and fewer of them promoted to be marked
      // later: at 1M × 1M ~9 % less CPU for ~0.5 GB more peak RSS (see bin/counterpart-recon.mjs).
      maxYoungGenerationSizeMb: RUN_YOUNG_GENERATION_MB,
    },
  });
  // This thread is free while the engine runs: its beat keeps the run from being taken for dead.
  const stopHeartbeat = startHeartbeat(database.db, runId);
  const abort = () => worker.postMessage({ type: 'abort' });
  hooks.signal?.addEventListener('abort', abort, { once: true });
  let progress = Promise.resolve();
  try {
    return await new Promise<RunSummary>((resolve, reject) => {
      let settled = false;
      worker.on('message', (message: RunThreadMessage) => {
        if (message.type === 'progress') {
          progress = progress.then(() => hooks.progress?.(message.percent, message.message)).catch(() => {});
        } else if (message.type === 'timings') reportRunTimings(message.timings);
        else {
          settled = true;
          if (message.type === 'done') resolve(message.summary);
          else reject(new RecordedRunFailure(message.message));
        }
      });
      worker.on('error', (error) => {
        if (settled) return;
        settled = true;
        reject(error);
      });
      worker.on('exit', (code) => {
        if (settled) return;
        settled = true;
        reject(new Error(`the run's thread stopped (exit code ${code})`));
      });
    }).catch(async (error: Error) => {
      if (!(error instanceof RecordedRunFailure)) await markThreadLost(database, runId, error);
      throw error;
    });
  } finally {
    hooks.signal?.removeEventListener('abort', abort);
    stopHeartbeat();
    await progress;
    await worker.terminate();
  }
}

/** A thread that died without recording its failure: the run is failed, nothing was saved. */
async function markThreadLost(database: Database, runId: string, error: Error): Promise<void> {
  await database.db
    .update(reconRuns)
    .set({
      status: 'failed',
      errorMessage: `The run failed: ${error.message}. Nothing was saved.`,
      finishedAt: new Date(),
    })
    .where(and(eq(reconRuns.id, runId), ne(reconRuns.status, 'succeeded')));
}

import type { ProcessSource, RealtimeInfo } from '@counterpart/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { EventBus } from '../realtime/realtime-event.ts';
import {
  completedInfo,
  errorInfo,
  errorMessage,
  failureReason,
  processEvent,
  retryingInfo,
  runningInfo,
} from './job-messages.ts';
import type { JobDefinition, JobOwner, JobResult } from './job-types.ts';

/** What the queue stores as a job's data: the process id and owner travel with the work. */
export interface JobEnvelope {
  jobId: string;
  source: ProcessSource;
  owner: JobOwner;
  data: unknown;
}

export type JobLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface RunnerDeps {
  boss: PgBoss;
  bus: EventBus;
  logger: JobLogger;
  onSettled(owner: JobOwner, source: ProcessSource, info: RealtimeInfo): Promise<void>;
  /** Aborted when this process stops its workers and the grace period is over. */
  stopSignal: AbortSignal;
}

export type AttemptOutcome = 'completed' | 'retrying' | 'failed';

/** How long an aborted job (time limit, worker stopping) gets to record where it stopped. */
export const ABORT_CLEANUP_MS = 5_000;

/**
 * Runs one attempt of a job: live progress on the bus, a time limit, then the end. Success
 * publishes the completion and calls onSettled before the job is marked complete (a crash in
 * between re-runs the job rather than losing its result). A failure publishes 'retrying' while
 * retries remain; the last one moves the job to the dead-letter queue, whose worker reports it.
 */
export async function runAttempt(
  deps: RunnerDeps,
  definition: JobDefinition<unknown>,
  job: PgBoss.JobWithMetadata<JobEnvelope>,
  timeLimitSeconds: number,
): Promise<AttemptOutcome> {
  const { jobId, source, owner, data } = job.data;
  const publish = (info: RealtimeInfo) =>
    deps.bus.publish(processEvent(jobId, source, owner, info)).catch((error: unknown) => {
      deps.logger.warn({ err: error, jobId }, 'could not publish a process message');
    });

  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new Error(`Timed out after ${timeLimitSeconds} s`)),
    timeLimitSeconds * 1000,
  );
  const signal = AbortSignal.any([timeout.signal, deps.stopSignal]);
  // Progress goes out in call order, and not at all once the attempt has ended.
  let ended = false;
  let chain = Promise.resolve();
  const progress = (percent: number, message?: string) => {
    if (!ended) chain = chain.then(() => publish(runningInfo(percent, message)));
    return chain;
  };

  let result: JobResult;
  const run = Promise.resolve().then(() => definition.run({ id: jobId, data, owner, progress, signal }));
  try {
    result = await untilAborted(run, signal);
  } catch (error) {
    ended = true;
    // Aborted: the job saw the signal too; let it end its writes before the database may close.
    if (signal.aborted) await settledWithin(run, ABORT_CLEANUP_MS);
    await chain;
    const reason = errorMessage(error);
    const last = job.retryCount >= job.retryLimit;
    deps.logger.warn(
      { jobId, job: definition.name, attempt: job.retryCount + 1, reason },
      'job attempt failed',
    );
    if (!last) await publish(retryingInfo(reason));
    await deps.boss.fail(definition.name, job.id, { message: reason });
    return last ? 'failed' : 'retrying';
  } finally {
    clearTimeout(timer);
  }
  ended = true;
  await chain;
  const info = completedInfo(result);
  await publish(info);
  await settle(deps, owner, source, info, jobId);
  // The output keeps the message only: a download URL carries a secret token.
  await deps.boss.complete(definition.name, job.id, { message: result.message });
  return 'completed';
}

/** Reports a job that failed for good (its last retry, or its process died): 'error' and onSettled. */
export async function reportFailure(
  deps: RunnerDeps,
  deadLetterQueue: string,
  job: PgBoss.JobWithMetadata<JobEnvelope>,
): Promise<void> {
  const { jobId, source, owner } = job.data ?? {};
  if (typeof jobId !== 'string' || typeof source !== 'string' || !owner) {
    deps.logger.error({ id: job.id }, 'dropped a dead-letter job without its process envelope');
  } else {
    const info = errorInfo(failureReason(job.output));
    deps.logger.warn({ jobId, source, reason: info.message }, 'job failed');
    await deps.bus.publish(processEvent(jobId, source, owner, info)).catch((error: unknown) => {
      deps.logger.warn({ err: error, jobId }, 'could not publish a process message');
    });
    await settle(deps, owner, source, info, jobId);
  }
  await deps.boss.complete(deadLetterQueue, job.id);
}

async function settle(
  deps: RunnerDeps,
  owner: JobOwner,
  source: ProcessSource,
  info: RealtimeInfo,
  jobId: string,
) {
  try {
    await deps.onSettled(owner, source, { ...info, process_id: jobId });
  } catch (error) {
    deps.logger.error({ err: error, jobId }, 'could not notify the owner of a finished job');
  }
}

/** Waits for the work to end, whatever its result, but no longer than `ms`. */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([work.then(noop, noop), limit]);
  clearTimeout(timer);
}

function noop() {}

/** Resolves with the work, or rejects with the signal's reason as soon as it is aborted. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

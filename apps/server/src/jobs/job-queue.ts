import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../realtime/realtime-event.ts';
import { errorInfo, processEvent, queuedInfo } from './job-messages.ts';
import {
  ABORT_CLEANUP_MS,
  type JobEnvelope,
  type JobLogger,
  type RunnerDeps,
  reportFailure,
  runAttempt,
} from './job-runner.ts';
import type { JobDefinition, JobQueue } from './job-types.ts';
import { openBoss } from './pg-boss.ts';

/** Where jobs go when their last attempt fails (or their process died): its worker reports them. */
export const DEAD_LETTER_QUEUE = 'counterpart_failed_jobs';
/** Seconds the queue waits past a job's time limit before declaring its process dead. */
const EXPIRY_GRACE_SECONDS = 60;

export interface JobQueueTuning {
  /** Jobs of one kind run at once in this process (default 2 on PGlite, 4 on PostgreSQL). */
  concurrency?: number;
  /** How often an idle worker asks the database for work (default 1 s on PGlite, 0.5 s on PostgreSQL). */
  pollingIntervalSeconds?: number;
  /** How long stop() lets running jobs finish before aborting them (default 10 s). */
  stopGraceMs?: number;
  /** How often dead processes' jobs are looked for (default 60 s). */
  maintenanceIntervalSeconds?: number;
  /** How long past its time limit an unfinished job's process is taken for dead (default 60 s). */
  expiryGraceSeconds?: number;
}

export interface JobQueueOptions {
  config: Config;
  database: Database;
  bus: EventBus;
  logger: JobLogger;
  onSettled: RunnerDeps['onSettled'];
  tuning?: JobQueueTuning;
}

/**
 * The durable job queue: pg-boss on the same database (PGlite through our query function, or
 * PostgreSQL). Jobs survive restarts, are retried per their definition, and report queued,
 * progress, retrying, completed and error to their owner's tabs through the event bus.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { config, database, bus, logger, onSettled } = options;
  const pglite = !config.databaseUrl;
  const concurrency = options.tuning?.concurrency ?? (pglite ? 2 : 4);
  const pollingIntervalSeconds = options.tuning?.pollingIntervalSeconds ?? (pglite ? 1 : 0.5);
  const stopGraceMs = options.tuning?.stopGraceMs ?? 10_000;
  const expiryGraceSeconds = options.tuning?.expiryGraceSeconds ?? EXPIRY_GRACE_SECONDS;

  const definitions = new Map<string, JobDefinition<unknown>>();
  const queues = new Map<string, Promise<void>>();
  const workerIds = new Map<string, string[]>();
  const stopController = new AbortController();
  let booting: Promise<PgBoss> | null = null;
  let workersStarted = false;
  let stopped = false;

  const boot = () => {
    booting ??= openBoss({
      config,
      database,
      logger,
      maintenanceIntervalSeconds: options.tuning?.maintenanceIntervalSeconds ?? 60,
    }).then(async (boss) => {
      // Every job names this queue as its dead letter: it must exist before the first send.
      await ensureQueue(boss, DEAD_LETTER_QUEUE);
      return boss;
    });
    // A failed start (database down) is tried again by the next call rather than remembered.
    booting.catch(() => {
      booting = null;
    });
    return booting;
  };
  const ensureQueue = (boss: PgBoss, name: string) => {
    let ready = queues.get(name);
    if (!ready) {
      ready = boss.createQueue(name, { name, policy: 'standard' });
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  };
  const runnerDeps = (boss: PgBoss): RunnerDeps => ({
    boss,
    bus,
    logger,
    onSettled,
    stopSignal: stopController.signal,
  });
  /** Wakes this process's workers of a queue so new work starts now, not at the next poll. */
  const wake = (boss: PgBoss, name: string) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };

  const work = async (
    boss: PgBoss,
    name: string,
    count: number,
    handle: (job: PgBoss.JobWithMetadata<JobEnvelope>) => Promise<void>,
  ) => {
    await ensureQueue(boss, name);
    const ids = workerIds.get(name) ?? [];
    workerIds.set(name, ids);
    for (let i = 0; i < count; i += 1) {
      let self = '';
      self = await boss.work<JobEnvelope>(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return;
          await handle(job);
          // While there is work, fetch again at once instead of waiting for the next poll.
          if (self) boss.notifyWorker(self);
        },
      );
      ids.push(self);
    }
  };

  const startDefinition = async (boss: PgBoss, definition: JobDefinition<unknown>) => {
    const limit = timeLimitSeconds(definition);
    await work(boss, definition.name, concurrency, async (job) => {
      const outcome = await runAttempt(runnerDeps(boss), definition, job, limit);
      if (outcome === 'failed') wake(boss, DEAD_LETTER_QUEUE);
    });
  };

  return {
    define<TData>(definition: JobDefinition<TData>) {
      if (definitions.has(definition.name)) throw new Error(`Job "${definition.name}" is already defined`);
      const known = definition as unknown as JobDefinition<unknown>;
      definitions.set(definition.name, known);
      if (workersStarted && !stopped) {
        void boot()
          .then((boss) => startDefinition(boss, known))
          .catch((error: unknown) =>
            logger.error({ err: error, job: definition.name }, 'could not start workers'),
          );
      }
    },

    async enqueue<TData>(name: string, data: TData, owner: { organizationId: string; userId: string }) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`Unknown job "${name}": define it first`);
      const boss = await boot();
      await ensureQueue(boss, name);
      const jobId = randomUUID();
      const envelope: JobEnvelope = { jobId, source: definition.source, owner, data };
      // 'queued' goes out before the job exists, so no progress message can overtake it.
      await bus
        .publish(processEvent(jobId, definition.source, owner, queuedInfo()))
        .catch((error: unknown) => {
          logger.warn({ err: error, jobId }, 'could not publish a process message');
        });
      try {
        await boss.send(name, envelope, {
          id: jobId,
          retryLimit: definition.retryLimit ?? 2,
          retryDelay: Math.max(1, Math.round(definition.retryDelaySeconds ?? 2)),
          retryBackoff: true,
          expireInSeconds: timeLimitSeconds(definition) + expiryGraceSeconds,
          deadLetter: DEAD_LETTER_QUEUE,
        });
      } catch (error) {
        await bus.publish(
          processEvent(jobId, definition.source, owner, errorInfo('Could not queue the job')),
        );
        throw error;
      }
      wake(boss, name);
      return jobId;
    },

    async startWorkers() {
      if (workersStarted || stopped) return;
      workersStarted = true;
      const boss = await boot();
      await work(boss, DEAD_LETTER_QUEUE, 1, (job) =>
        reportFailure(runnerDeps(boss), DEAD_LETTER_QUEUE, job),
      );
      for (const definition of definitions.values()) await startDefinition(boss, definition);
      logger.info({ jobs: [...definitions.keys()], concurrency }, 'job workers started');
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      const boss = booting ? await booting.catch(() => null) : null;
      if (!boss) return;
      // Running jobs get the grace period to finish; then they are aborted, given a moment to record
      // where they stopped, and failed (retried later).
      const grace = setTimeout(
        () => stopController.abort(new Error('Interrupted: the worker shut down')),
        stopGraceMs,
      );
      try {
        await boss.stop({ graceful: true, wait: true, timeout: stopGraceMs + ABORT_CLEANUP_MS + 2_000 });
      } finally {
        clearTimeout(grace);
      }
    },
  };
}

function timeLimitSeconds(definition: JobDefinition<unknown>) {
  return Math.max(1, Math.round(definition.expireInSeconds ?? 900));
}

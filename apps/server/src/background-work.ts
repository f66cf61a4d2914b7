import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import type { JobLogger } from './jobs/job-runner.ts';
import type { JobQueue } from './jobs/job-types.ts';
import { defineDocumentExportJob } from './modules/documents/document-export.job.ts';
import { defineDocumentProcessingJob } from './modules/documents/document-processing.job.ts';
import { defineExportJob } from './modules/exports/export-job.ts';
import { defineModelJobs } from './modules/models/model-jobs.ts';
import { notifyOwner } from './modules/notifications/notifications.service.ts';
import { defineReconRunJob } from './modules/recon/runs/run-job.ts';
import { defineTableImportJob } from './modules/tables/import/import-job.ts';
import { defineExecutionJob } from './modules/workflows/executions/execution-job.ts';
import { type BusLogger, createEventBus } from './realtime/event-bus.ts';
import type { EventBus } from './realtime/realtime-event.ts';

export interface BackgroundWork {
  bus: EventBus;
  jobs: JobQueue;
}

/**
 * The event bus, the job queue with every kind of job, and what jobs tell their owners when they
 * end — the same for the server (app.ts) and for `npm run worker` (worker.ts).
 * `defineJobs` lets tests add job kinds of their own before workers start.
 */
export async function createBackgroundWork(
  config: Config,
  database: Database,
  logger: JobLogger & BusLogger,
  defineJobs?: (jobs: JobQueue) => void,
): Promise<BackgroundWork> {
  const bus = await createEventBus(config, database, logger);
  const jobs = createJobQueue({
    config,
    database,
    bus,
    logger,
    onSettled: (owner, source, info) => notifyOwner(database.db, bus, owner, source, info),
  });
  defineExportJob(jobs, { config, database });
  defineTableImportJob(jobs, { config, database });
  defineDocumentProcessingJob(jobs, config, database);
  defineDocumentExportJob(jobs, config, database);
  defineModelJobs(jobs, config, database);
  defineReconRunJob(jobs, database);
  defineExecutionJob(jobs, config, database, { bus, log: logger });
  defineJobs?.(jobs);
  return { bus, jobs };
}

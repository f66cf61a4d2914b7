import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-types.ts';
import { defineExecutionJob } from './model-execution.job.ts';
import { defineLearningJob } from './model-learning.job.ts';

/** The models' background work: learning AI models and running models on documents. */
export function defineModelJobs(jobs: JobQueue, config: Config, database: Database): void {
  defineLearningJob(jobs, config, database);
  defineExecutionJob(jobs, config, database);
}

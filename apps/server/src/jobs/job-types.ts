import type { ProcessSource } from '@counterpart/contracts';

/** Who asked for the work: progress and the result go to them (and their organization). */
export interface JobOwner {
  organizationId: string;
  userId: string;
}

export interface JobContext<TData> {
  /** The job id, also the background process id the browser shows. */
  id: string;
  data: TData;
  owner: JobOwner;
  /** Reports progress live to the owner's tabs: 0–100 and an optional message. */
  progress(percent: number, message?: string): Promise<void>;
  /** Aborted when the job expires or the worker stops. */
  signal: AbortSignal;
}

/** What a finished job tells its owner: the completion message and, for files, where to get them. */
export interface JobResult {
  message: string;
  url?: string;
}

/** A kind of background work: its name in the queue, its process source, its retry policy. */
export interface JobDefinition<TData> {
  name: string;
  source: ProcessSource;
  /** Retries after the first failure (default 2), `retryDelaySeconds` apart with backoff (default 2). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run longer than this is failed and retried (default 15 minutes). */
  expireInSeconds?: number;
  run(context: JobContext<TData>): Promise<JobResult>;
}

export interface JobQueue {
  /** Registers a kind of job; call before start(). */
  define<TData>(definition: JobDefinition<TData>): void;
  /** Queues one run; returns its id at once (the process id). */
  enqueue<TData>(name: string, data: TData, owner: JobOwner): Promise<string>;
  /** Starts pulling and running jobs in this process (the server by default; `npm run worker`). */
  startWorkers(): Promise<void>;
  stop(): Promise<void>;
}

import type { ProcessSource, RealtimeInfo } from '@counterpart/contracts';
import type { RealtimeEvent } from '../realtime/realtime-event.ts';
import type { JobOwner, JobResult } from './job-types.ts';

/**
 * The process messages a job sends to its owner's tabs (personal: userId set), keyed by the job
 * id so the browser replaces one card as the job moves on.
 */
export function processEvent(
  id: string,
  source: ProcessSource,
  owner: JobOwner,
  info: RealtimeInfo,
): RealtimeEvent {
  return { organizationId: owner.organizationId, userId: owner.userId, message: { id, source, info } };
}

export const queuedInfo = (): RealtimeInfo => ({
  status: 'queued',
  progress: 0,
  message: 'Queued',
  displayType: 'progress',
});

/** Progress is a whole percent in 0–99: 100 means completed, and only the end says so. */
export function runningInfo(percent: number, message?: string): RealtimeInfo {
  const progress = Math.min(99, Math.max(0, Math.round(Number.isFinite(percent) ? percent : 0)));
  return {
    status: 'running',
    progress,
    ...(message === undefined ? {} : { message }),
    displayType: 'progress',
  };
}

export const retryingInfo = (reason: string): RealtimeInfo => ({
  status: 'retrying',
  progress: 0,
  message: `Retrying after: ${reason}`,
  displayType: 'progress',
});

export function completedInfo(result: JobResult): RealtimeInfo {
  return {
    status: 'completed',
    progress: 100,
    message: result.message,
    ...(result.url === undefined ? {} : { url: result.url }),
  };
}

export const errorInfo = (message: string): RealtimeInfo => ({ status: 'error', message });

/** pg-boss's own failure texts, said for people. */
const KNOWN_FAILURES: Record<string, string> = {
  'job failed by timeout in active state':
    'Stopped without finishing: its worker ended or it ran past its time limit',
  'pg-boss shut down while active': 'Interrupted: the worker shut down',
};

/** The reason stored with a failed job (an Error's fields, or pg-boss's `{ value }`), as one line. */
export function failureReason(output: unknown): string {
  const raw = pickMessage(output) ?? 'The job failed';
  return KNOWN_FAILURES[raw] ?? raw;
}

function pickMessage(output: unknown): string | null {
  if (typeof output === 'string') return output || null;
  if (typeof output !== 'object' || output === null) return null;
  const record = output as Record<string, unknown>;
  if (typeof record.message === 'string' && record.message) return record.message;
  return pickMessage(record.value);
}

/** The message of anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' && error ? error : 'The job failed';
}

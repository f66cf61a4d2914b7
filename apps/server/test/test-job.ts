import { setTimeout as sleep } from 'node:timers/promises';
import type { JobDefinition } from '../src/jobs/job-types.ts';

export interface TestJobData {
  /** Progress reports before it succeeds: percent i·100/(steps+1) for i = 1…steps. */
  steps: number;
  stepMs?: number;
  /** The first n attempts fail with 'Planned failure <attempt>'. */
  failAttempts?: number;
  /** Waits for its signal (the time limit or a stop) instead of finishing. */
  hang?: boolean;
}

export interface TestJob {
  definition: JobDefinition<TestJobData>;
  /** Attempts made per job id. */
  attempts: Map<string, number>;
  /** Why each job's signal was aborted, when it was. */
  aborts: Map<string, string>;
}

/** A real job kind for tests: reports progress, can be told to fail or hang; tests define it on the queue. */
export function createTestJob(name: string, policy: Partial<JobDefinition<TestJobData>> = {}): TestJob {
  const attempts = new Map<string, number>();
  const aborts = new Map<string, string>();
  const definition: JobDefinition<TestJobData> = {
    name,
    source: 'workflow',
    retryLimit: 0,
    retryDelaySeconds: 1,
    ...policy,
    async run({ id, data, progress, signal }) {
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      signal.addEventListener('abort', () => aborts.set(id, String((signal.reason as Error).message)));
      if (attempt <= (data.failAttempts ?? 0)) {
        await progress(10, `Attempt ${attempt}`);
        throw new Error(`Planned failure ${attempt}`);
      }
      if (data.hang) {
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        throw new Error('Hung job was aborted');
      }
      for (let step = 1; step <= data.steps; step += 1) {
        await sleep(data.stepMs ?? 20);
        await progress((step * 100) / (data.steps + 1), `Step ${step} of ${data.steps}`);
      }
      return { message: `Done: ${id}`, url: `/files/${id}/result.txt` };
    },
  };
  return { definition, attempts, aborts };
}

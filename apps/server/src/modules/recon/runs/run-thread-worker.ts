import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../../db/database.ts';
import { executeRun } from './run-job.ts';
import type { RunThreadInput, RunThreadMessage } from './run-thread.ts';
import { onRunTimings } from './run-timings.ts';

/*
 * The run's worker thread (started by run-thread.ts): its own pool of three connections (reading
 * one side, writing, the run's updates), no migrations (the server ran them), then executeRun.
 */

const input = workerData as RunThreadInput;
const port = parentPort;
if (!port) throw new Error('run-thread-worker.ts runs in a worker thread');
const say = (message: RunThreadMessage) => port.postMessage(message);
const controller = new AbortController();
port.on('message', (message: { type: string }) => {
  if (message.type === 'abort') controller.abort(new Error('the run was cancelled'));
});
onRunTimings((timings) => say({ type: 'timings', timings }));

const database = await openDatabase({
  databaseUrl: input.databaseUrl,
  dataDir: '',
  poolSize: 3,
  migrate: false,
});
try {
  const summary = await executeRun(database, input.organizationId, input.runId, {
    signal: controller.signal,
    progress: async (percent, message) => say({ type: 'progress', percent, message }),
  });
  say({ type: 'done', summary });
} catch (error) {
  say({ type: 'failed', message: (error as Error).message });
} finally {
  await database.close();
  port.close();
}

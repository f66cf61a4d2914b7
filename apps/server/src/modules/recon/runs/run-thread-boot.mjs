// Starts run-thread-worker.ts in a worker thread: TypeScript is loaded through tsx, as in the
// server's own process (a worker does not inherit the loader hooks of its parent).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { reconRuns } from '../../../db/schema.ts';

/*
 * Is a `running` run still being worked on? Its worker touches `heartbeat_at` every few seconds; a
 * run whose beat stopped lost its process (a restart, kill -9). Nothing of it was saved (a run
 * writes its results in one transaction at the end), so it is marked failed and can be run again.
 */

/** How often a running run beats. */
export const HEARTBEAT_MS = 5_000;
/**
 * A running run silent this long lost its process. Well above the beat: on PGlite the engine runs on
 * the server's thread without yielding (1M × 1M rows take about 20 s) and the beat cannot fire
 * meanwhile (on PostgreSQL the run has a thread of its own and the server's thread beats for it).
 */
export const STALE_RUN_SECONDS = 120;

export const INTERRUPTED_MESSAGE =
  'The run stopped before it finished (the server restarted or its process ended): nothing was saved. Run it again.';

/** Beats for a run until the returned function is called. A beat never moves a run that is no longer running. */
export function startHeartbeat(db: Db, runId: string): () => void {
  const beat = setInterval(() => {
    void db
      .update(reconRuns)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(reconRuns.id, runId), eq(reconRuns.status, 'running')))
      .catch(() => {});
  }, HEARTBEAT_MS);
  beat.unref();
  return () => clearInterval(beat);
}

/**
 * Runs left `running` by a dead process become failed with a clear message; for a process that
 * starts workers (as workflow executions' markCrashedExecutions). Answers how many.
 */
export async function markInterruptedRuns(db: Db, staleSeconds = STALE_RUN_SECONDS): Promise<number> {
  const rows = await db
    .update(reconRuns)
    .set({ status: 'failed', errorMessage: INTERRUPTED_MESSAGE, finishedAt: sql`now()` })
    .where(
      and(
        eq(reconRuns.status, 'running'),
        sql`coalesce(${reconRuns.heartbeatAt}, ${reconRuns.startedAt}, ${reconRuns.createdAt}) < now() - make_interval(secs => ${staleSeconds})`,
      ),
    )
    .returning({ id: reconRuns.id });
  return rows.length;
}

/** Whether a run read now lost its process (for reading it as failed before any sweep ran). */
export function isInterrupted(run: {
  status: string;
  heartbeatAt: Date | null;
  startedAt: Date | null;
  createdAt: Date;
}): boolean {
  if (run.status !== 'running') return false;
  const last = run.heartbeatAt ?? run.startedAt ?? run.createdAt;
  return Date.now() - last.getTime() > STALE_RUN_SECONDS * 1000;
}

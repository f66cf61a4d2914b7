import { cronMatches, parseCron } from '@counterpart/workflow-engine';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { workflowExecutions, workflows } from '../../../db/schema.ts';
import type { JobQueue } from '../../../jobs/job-types.ts';
import { enqueueExecution, runInputs } from './executions.service.ts';

/** How often a process with workers looks for schedules due this minute (twice a minute at least). */
export const SCHEDULE_TICK_MS = 20_000;

/**
 * Starts the active workflows whose schedule (cron in its time zone) runs at `now`'s minute. Every
 * process with workers calls this; the unique (workflow, minute) row makes one of them win, so a
 * minute runs once. A workflow that asks for inputs cannot run by itself: its scheduled run is
 * recorded as failed, saying so.
 */
export async function startDueSchedules(db: Db, jobs: JobQueue, now = new Date()): Promise<number> {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const scheduled = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.state, 'active'), isNotNull(workflows.schedule)));
  let started = 0;
  for (const workflow of scheduled) {
    const { cron, time_zone: timeZone } = workflow.schedule ?? { cron: '', time_zone: 'UTC' };
    let due = false;
    try {
      due = cronMatches(parseCron(cron), minute, timeZone);
    } catch {
      // A schedule saved before it was checked, or a zone the runtime lost: never due.
    }
    if (!due) continue;
    const scope = {
      db,
      organizationId: workflow.organizationId,
      actor: { userId: workflow.createdBy, email: 'schedule' },
    };
    const { inputs } = await runInputs(scope, workflow.id);
    const wanted = inputs.filter((input) => input.required).map((input) => `"${input.label}"`);
    const [row] = await db
      .insert(workflowExecutions)
      .values({
        organizationId: workflow.organizationId,
        workflowId: workflow.id,
        version: workflow.currentVersion,
        trigger: 'schedule',
        scheduledFor: minute,
        createdBy: workflow.createdBy,
        ...(wanted.length > 0
          ? {
              status: 'failed',
              finishedAt: new Date(),
              error: `A scheduled run cannot ask for ${wanted.join(', ')}: start this workflow by hand`,
            }
          : {}),
      })
      .onConflictDoNothing()
      .returning();
    if (!row || wanted.length > 0) continue;
    await enqueueExecution(db, jobs, row);
    started += 1;
  }
  return started;
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { reconGroups, reconRuns } from '../../../db/schema.ts';
import {
  BANK,
  createReconOrg,
  createSide,
  LEDGER,
  type ReconOrg,
  unbalancedGroups,
  useTestSettings,
  V1,
} from '../shared/recon-test-support.ts';
import { executeRunInThread } from './run-thread.ts';
import { onRunTimings, type RunTimings } from './run-timings.ts';

// A run in a worker thread opens its own pool on the database's URL: PostgreSQL only (PGlite lives in
// the server's thread, and its runs stay there).
const onPostgres = Boolean(process.env.DATABASE_URL);

let server: TestServer;
let o: ReconOrg;

beforeAll(async () => {
  if (!onPostgres) return;
  server = await startTestServer();
  o = await createReconOrg(server, 'Recon run threads');
  await useTestSettings(o);
});
afterAll(() => server?.close());

async function queuedRun(): Promise<string> {
  const bank = await createSide(o, 'Thread bank', BANK);
  const ledger = await createSide(o, 'Thread ledger', LEDGER);
  const [row] = await server.database.db
    .insert(reconRuns)
    .values({
      organizationId: o.org.id,
      leftTableId: bank.id,
      rightTableId: ledger.id,
      passes: (await o.call('GET', '/api/recon/recon_engine/api/rules/defaults')).body.passes,
      options: {
        left_fields: { amount: bank.col.Amount, date: bank.col.Date, reference: [bank.col.Reference] },
        right_fields: { amount: ledger.col.Amount, date: ledger.col.Date, reference: [ledger.col.Reference] },
        incremental: true,
        dry_run: false,
      },
    })
    .returning();
  return row?.id as string;
}

describe.skipIf(!onPostgres)('a run in a worker thread (PostgreSQL)', () => {
  it('reads, matches and writes there: progress, timings and the summary come back, the groups are saved', {
    timeout: 60_000,
  }, async () => {
    const runId = await queuedRun();
    const progress: string[] = [];
    const timings: RunTimings[] = [];
    const stop = onRunTimings((t) => timings.push(t));
    const summary = await executeRunInThread(server.database, o.org.id, runId, {
      progress: async (percent, message) => {
        progress.push(`${percent} ${message}`);
      },
    });
    stop();
    expect(summary.groups.reconciled).toBeGreaterThan(0);
    expect(progress).toEqual(['5 Reading the rows', '20 Matching', '80 Saving the groups']);
    expect(timings).toEqual([expect.objectContaining({ runId, readMs: expect.any(Number) })]);
    const groups = await server.database.db.select().from(reconGroups).where(eq(reconGroups.runId, runId));
    expect(groups).toHaveLength(
      summary.groups.reconciled + summary.groups.partial + summary.groups.suggested,
    );
    const run = await o.call('GET', `${V1}/runs/${runId}`);
    expect(run.body.status).toBe('succeeded');
    expect(await unbalancedGroups(server, o.org.id)).toEqual([]);
  });

  it("a failure there is the run's: its message comes back and nothing is saved", {
    timeout: 60_000,
  }, async () => {
    await expect(executeRunInThread(server.database, o.org.id, randomUUID())).rejects.toThrow(
      'The run no longer exists',
    );
    const runId = await queuedRun();
    // A side whose table is gone: the thread records the failure on the run.
    const [run] = await server.database.db.select().from(reconRuns).where(eq(reconRuns.id, runId));
    await server.database.db
      .update(reconRuns)
      .set({
        options: {
          ...(run?.options as object),
          left_fields: { amount: 'c000000000000', date: 'c000000000001' },
        },
      })
      .where(eq(reconRuns.id, runId));
    await expect(executeRunInThread(server.database, o.org.id, runId)).rejects.toThrow(/Nothing was saved/);
    const failed = await o.call('GET', `${V1}/runs/${runId}`);
    expect(failed.body.status).toBe('failed');
    expect(await server.database.db.select().from(reconGroups).where(eq(reconGroups.runId, runId))).toEqual(
      [],
    );
  });
});

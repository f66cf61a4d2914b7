import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiCall } from '../../../../test/api-call.ts';
import { type ServerProcess, serverOnData, startServerProcess } from '../../../../test/server-process.ts';
import { openSocket } from '../../../../test/socket-client.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { accessTokenFor } from '../../../../test/tokens.ts';
import { openDatabase } from '../../../db/database.ts';
import { reconGroupItems, reconGroups, reconRuns } from '../../../db/schema.ts';
import {
  balancedCalls,
  createReconOrg,
  createSide,
  expectBalanced,
  type Side,
  useTestSettings,
  V1,
  waitForRun,
} from '../shared/recon-test-support.ts';
import { markInterruptedRuns } from './run-liveness.ts';

/**
 * Rows per side: enough that a run is still reading, matching or writing a few hundred
 * milliseconds after it starts (a 10k × 10k run takes over a second), so the kill lands in flight.
 */
const ROWS = 20_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** ROWS rows per side straight into the table (the API's bulk create would take minutes): pairs that match. */
async function fill(server: TestServer, side: Side, shift: number): Promise<void> {
  await server.database.db.execute(sql`
    insert into table_items (table_id, values)
    select ${side.id}::uuid,
           jsonb_build_object(${side.col.Reference}::text, 'RST-' || g,
                              ${side.col.Amount}::text, ((g * 7919) % 500000 + 1000 + case when g % 10 = 0 then ${shift} else 0 end)::text,
                              ${side.col.Date}::text, to_char(date '2026-01-01' + (g % 90), 'YYYY-MM-DD'))
      from generate_series(1, ${ROWS}) g`);
}

describe('a run interrupted by a server restart', () => {
  it('leaves no half-written groups: nothing of the run exists, every item is open, the run reads failed', {
    timeout: 180_000,
  }, async () => {
    // PGlite keeps its files in this folder across the servers; on PostgreSQL the database is shared.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-recon-restart-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    // 1. Set-up in this process (no workers): an organization, two big tables, settings.
    const setup = await startTestServer({}, { workers: false, dataDir });
    let setupOpen = true;
    cleanups.push(() => (setupOpen ? setup.close() : undefined));
    const o = await createReconOrg(setup, 'Recon restart');
    await useTestSettings(o);
    const bank = await createSide(o, 'Restart bank', []);
    const ledger = await createSide(o, 'Restart ledger', []);
    await fill(setup, bank, 0);
    await fill(setup, ledger, 300);
    // Tokens carry the issuer of this server's PUBLIC_URL: the child process is given the same one.
    const token = o.admin;
    const publicUrl = setup.url;
    await setup.close();
    setupOpen = false;

    // 2. The real server (`tsx src/main.ts`, workers on) in its own process starts the run…
    const child: ServerProcess = await startServerProcess(
      serverOnData(dataDir, { PUBLIC_URL: publicUrl, WORKERS: 'true', LOG_LEVEL: 'warn' }),
    );
    cleanups.push(() => {
      if (child.child.exitCode === null) child.child.kill('SIGKILL');
    });
    const call = createApiCall({ url: child.url } as TestServer);
    const socket = await openSocket(child.url, o.org.id, token);
    cleanups.push(() => socket.close());
    await socket.subscribed();
    const started = await call('POST', `${V1}/runs`, token, o.org.id, {
      left_table_id: bank.id,
      right_table_id: ledger.id,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const runId: string = started.body.id;
    // …and is killed (SIGKILL: no shutdown, no cleanup) the moment it says it is saving its groups:
    // inside its write transaction, which takes far longer for 20,000 groups than the kill does.
    const saving = await socket
      .waitFor((m) => m.info.progress === 80, 90_000)
      .catch((error: Error) => {
        throw new Error(`${error.message}\n${child.output()}`);
      });
    expect(saving.info.message).toBe('Saving the groups');
    const exited = new Promise((resolve) => child.child.once('exit', resolve));
    child.child.kill('SIGKILL');
    await exited;

    // 3. The process is dead, its run still reads `running` in the database. A starting process
    // must not take a run that beat recently for dead (its worker could be alive elsewhere): then
    // time passes — the heartbeat is set ten minutes back rather than waited for.
    const direct = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
    try {
      const [left] = await direct.db.select().from(reconRuns).where(eq(reconRuns.id, runId));
      expect(left?.status).toBe('running');
      expect(left?.heartbeatAt).not.toBeNull();
      await markInterruptedRuns(direct.db);
      const [still] = await direct.db.select().from(reconRuns).where(eq(reconRuns.id, runId));
      expect(still?.status).toBe('running');
      await direct.db
        .update(reconRuns)
        .set({
          heartbeatAt: sql`now() - interval '10 minutes'`,
          startedAt: sql`now() - interval '10 minutes'`,
        })
        .where(eq(reconRuns.id, runId));
    } finally {
      await direct.close();
    }

    // 4. The server starts again (workers on): its start-up sweep marks the run failed.
    const again = await startTestServer({}, { dataDir });
    cleanups.push(() => again.close());
    const [row] = await again.database.db.select().from(reconRuns).where(eq(reconRuns.id, runId));
    expect(row?.status).toBe('failed');
    expect(row?.errorMessage).toMatch(/nothing was saved/);
    const api = createApiCall(again);
    const fresh = await accessTokenFor(again, o.adminEmail);
    const admin = balancedCalls(again, o.org.id, (method: string, path: string, body?: unknown) =>
      api(method, path, fresh, o.org.id, body),
    );
    const run = await admin('GET', `${V1}/runs/${runId}`);
    expect(run.body).toMatchObject({ status: 'failed' });
    expect(run.body.error_message).toMatch(/stopped before it finished.*nothing was saved/);

    // No group of that run, nothing held, every item still open.
    expect(await again.database.db.select().from(reconGroups).where(eq(reconGroups.runId, runId))).toEqual(
      [],
    );
    const held = await again.database.db
      .select()
      .from(reconGroupItems)
      .where(eq(reconGroupItems.organizationId, o.org.id));
    expect(held).toEqual([]);
    for (const side of [bank, ledger]) {
      const open = await admin('GET', `${V1}/items?table_id=${side.id}&status=unreconciled&page_size=1`);
      expect(open.body.total).toBe(ROWS);
    }
    const ws = await admin('GET', `${V1}/workspace?left_table_id=${bank.id}&right_table_id=${ledger.id}`);
    expect(ws.body.left.counts).toEqual({ reconciled: 0, partial: 0, suggested: 0, unreconciled: ROWS });

    // Run again: it completes, and its sums balance.
    const rerun = await admin('POST', `${V1}/runs`, { left_table_id: bank.id, right_table_id: ledger.id });
    expect(rerun.status).toBe(202);
    const done = await waitForRun({ ...o, server: again, call: admin }, rerun.body.id);
    expect(done.status, done.error_message).toBe('succeeded');
    expect(done.summary.left.unreconciled).toBeLessThan(ROWS);
    await expectBalanced(again, o.org.id);
  });
});

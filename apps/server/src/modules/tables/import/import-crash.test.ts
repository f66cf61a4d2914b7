import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../../test/api-call.ts';
import { addTestMember, createTestOrganization } from '../../../../test/organization-fixture.ts';
import { type ServerProcess, serverOnData, startServerProcess } from '../../../../test/server-process.ts';
import { openSocket } from '../../../../test/socket-client.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { accessTokenFor } from '../../../../test/tokens.ts';
import { createExportJob } from '../../exports/export-job.ts';
import { INTERRUPTED_IMPORT_MESSAGE } from './import-lifecycle.ts';
import { BASE, IMPORTS, uploadFile } from './import-test-kit.ts';

/*
 * kill -9 of a real server process (`tsx src/main.ts`) in the middle of an import, then a server
 * started again on the same data: the table holds exactly its rows from before, the import is
 * failed with a clear message, and no reader saw a partial import meanwhile.
 */

const ROWS = 100_000;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function json(url: string, token: string, org: string, method = 'GET', body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      organization: org,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

function bigCsv(): string {
  const lines = ['Reference,Amount'];
  for (let i = 0; i < ROWS; i += 1) lines.push(`IMP-${i},${i}.50`);
  return `${lines.join('\n')}\n`;
}

describe('an import whose server is killed mid-way', () => {
  it('leaves the table as it was and is failed at restart', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-import-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    // Before: a table of 5 rows and a large file uploaded into it (this process, no workers).
    const setup = await startTestServer({}, { dataDir, workers: false });
    const org = await createTestOrganization(setup, 'Crash');
    const member = await addTestMember(setup, org, { group: 'Administrators' });
    const token = await accessTokenFor(setup, member.email, { expiresIn: '15m' });
    const call = createApiCall(setup);
    const table = await call('POST', `${BASE}/`, token, org.id, {
      name: 'Bank',
      columns: [
        { name: 'Reference', type: 'text' },
        { name: 'Amount', type: 'currency', currency: 'KES' },
      ],
    });
    const tableId: string = table.body.id;
    const seeded = await call('POST', `${BASE}/${tableId}/items/bulk_create`, token, org.id, {
      items: [1, 2, 3, 4, 5].map((i) => ({ values: { Reference: `OLD-${i}`, Amount: `${i}.00` } })),
    });
    expect(seeded.status).toBe(201);
    const upload = await uploadFile(setup, token, org.id, 'big.csv', bigCsv(), tableId);
    expect(upload.status).toBe(201);
    const importId: string = upload.body.id;
    // The child must accept this token: same issuer (PUBLIC_URL), same keys (in the database).
    const publicUrl = setup.url;
    await setup.close();

    // The real server in its own process runs the import; it is killed once it is well under way.
    let child: ServerProcess | null = await startServerProcess(
      serverOnData(dataDir, { PUBLIC_URL: publicUrl, WORKERS: 'true' }),
    );
    cleanups.push(() => child?.stop());
    const socket = await openSocket(child.url, org.id, token);
    await socket.subscribed();
    const confirmed = await json(`${child.url}${IMPORTS}/${importId}/confirm`, token, org.id, 'POST', {
      target: { table_id: tableId },
      mapping: upload.body.proposal.mapping,
    });
    expect(confirmed.status).toBe(202);
    const processId: string = confirmed.body.id;
    // Readers keep asking while it runs: the list, its total and the table's row_count.
    const readersSaw = new Set<number>();
    let reading = true;
    const readers = (async () => {
      while (reading) {
        const items = await json(`${child?.url}${BASE}/${tableId}/items?page_size=50`, token, org.id);
        if (!reading) break;
        readersSaw.add(items.body.total);
        readersSaw.add(items.body.data.length);
        const count = await json(`${child?.url}${BASE}/${tableId}`, token, org.id);
        if (!reading) break;
        readersSaw.add(count.body.row_count);
        await sleep(50);
      }
    })().catch(() => {});
    // Killed once the job says it is past 10 % (its progress on the socket, by bytes read).
    const midway = await socket.waitFor(
      (m) => m.id === processId && m.info.status === 'running' && (m.info.progress ?? 0) >= 10,
      90_000,
    );
    child.child.kill('SIGKILL');
    await new Promise((resolve) => child?.child.once('exit', resolve));
    reading = false;
    child = null;
    await readers;
    await socket.close();
    // Killed mid-way: the job had written batches, far from all of them.
    expect(midway.info.message).toMatch(/^Imported [1-9]\d* rows/);
    expect(socket.messages.some((m) => m.id === processId && m.info.status === 'completed')).toBe(false);
    // No reader saw anything but the 5 rows while it ran.
    expect([...readersSaw]).toEqual([5]);

    // On PostgreSQL other processes may be running imports: a silent one counts as dead after
    // EXECUTION_STALE_SECONDS (5 here); PGlite's single process fails every running import at start.
    if (process.env.DATABASE_URL) await sleep(6_000);
    const after: TestServer = await startTestServer(
      { EXECUTION_STALE_SECONDS: '5' },
      { dataDir, workers: true },
    );
    cleanups.push(() => after.close());
    const again = createApiCall(after);
    const token2 = await accessTokenFor(after, member.email);
    const failed = await again('GET', `${IMPORTS}/${importId}`, token2, org.id);
    expect(failed.body).toMatchObject({ status: 'failed', inserted_rows: 0 });
    expect(failed.body.error_message).toBe(INTERRUPTED_IMPORT_MESSAGE);
    expect((await again('GET', `${BASE}/${tableId}`, token2, org.id)).body.row_count).toBe(5);
    const items = await again('GET', `${BASE}/${tableId}/items?page_size=50`, token2, org.id);
    expect(items.body.total).toBe(5);
    expect(items.body.data.map((i: Json) => Object.values(i.values)[0])).toEqual([
      'OLD-1',
      'OLD-2',
      'OLD-3',
      'OLD-4',
      'OLD-5',
    ]);
    const stored = await after.database.query<{ n: number }>(
      'select count(*)::int as n from table_items where table_id = $1',
      [tableId],
    );
    expect(stored.rows[0]?.n).toBe(5);
    const exported = await createExportJob({ config: after.config, database: after.database }).run({
      id: randomUUID(),
      data: { area: 'table', table_id: tableId, format: 'csv', order: 'asc' },
      owner: { organizationId: org.id, userId: member.id },
      progress: async () => {},
      signal: new AbortController().signal,
    });
    const file = await fetch(`${after.url}${exported.url}`, {
      headers: { authorization: `Bearer ${token2}`, organization: org.id },
    });
    expect((await file.text()).split('\r\n').filter(Boolean)).toHaveLength(6);
  });
});

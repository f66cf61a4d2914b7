import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportStartedSchema } from '@counterpart/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { addTestMember, createTestOrganization } from '../../test/organization-fixture.ts';
import { type ServerProcess, startServerProcess } from '../../test/server-process.ts';
import { openSocket } from '../../test/socket-client.ts';
import { createTestJob } from '../../test/test-job.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { accessTokenFor } from '../../test/tokens.ts';
import type { JobQueue } from './job-types.ts';

const durable = createTestJob('test_durable_restart');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server whose queue knows the test job; workers off so the test decides when they start. */
async function startWithQueue(dataDir: string): Promise<{ server: TestServer; jobs: JobQueue }> {
  let jobs: JobQueue | undefined;
  const server = await startTestServer(
    {},
    {
      workers: false,
      dataDir,
      defineJobs(queue) {
        jobs = queue;
        queue.define(durable.definition);
      },
    },
  );
  if (!jobs) throw new Error('defineJobs was not called');
  return { server, jobs };
}

describe('durable jobs', () => {
  it('runs after a restart a job queued before it', { timeout: 90_000 }, async () => {
    // PGlite keeps its files in this folder across the two servers; on PostgreSQL the database is shared.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-restart-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    const before = await startWithQueue(dataDir);
    const org = await createTestOrganization(before.server, 'Restart');
    const member = await addTestMember(before.server, org);
    const owner = { organizationId: org.id, userId: member.id };
    const id = await before.jobs.enqueue(durable.definition.name, { steps: 2 }, owner);
    await before.server.close();
    expect(durable.attempts.get(id)).toBeUndefined();

    const after = await startWithQueue(dataDir);
    cleanups.push(() => after.server.close());
    const socket = await openSocket(
      after.server.url,
      org.id,
      await accessTokenFor(after.server, member.email),
    );
    await socket.subscribed();
    await after.jobs.startWorkers();
    const done = await socket.waitFor((m) => m.id === id && m.info.status === 'completed', 20_000);
    expect(done.info.message).toBe(`Done: ${id}`);
    expect(socket.messages.filter((m) => m.id === id).map((m) => m.info.progress)).toEqual([33, 67, 100]);
    expect(durable.attempts.get(id)).toBe(1);
    await socket.close();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL, an export run by a worker in another process reaches the socket held by this one',
    { timeout: 120_000 },
    async () => {
      // This server runs no workers; the other process (the real `tsx src/main.ts`) runs them.
      const web = await startTestServer({}, { workers: false });
      cleanups.push(() => web.close());
      let worker: ServerProcess | null = await startServerProcess({
        DATABASE_URL: process.env.DATABASE_URL ?? '',
        DATA_DIR: web.config.dataDir,
        WORKERS: 'true',
        SEED_DEMO: 'false',
        WEB_DIST: path.join(web.config.dataDir, 'no-web'),
      });
      cleanups.push(() => worker?.stop());

      const org = await createTestOrganization(web, 'Two processes');
      const member = await addTestMember(web, org);
      const token = await member.token();
      const socket = await openSocket(web.url, org.id, token);
      await socket.subscribed();

      const headers = {
        authorization: `Bearer ${token}`,
        organization: org.id,
        'content-type': 'application/json',
      };
      const started = await fetch(`${web.url}/api/exports`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ area: 'notifications', format: 'csv' }),
      });
      expect(started.status).toBe(202);
      const { id } = exportStartedSchema.parse(await started.json());

      const done = await socket.waitFor((m) => m.id === id && m.info.status === 'completed', 30_000);
      expect(done.source).toBe('export_document');
      const running = socket.messages.filter((m) => m.id === id && m.info.status === 'running');
      expect(running.length).toBeGreaterThan(0);
      expect(worker.output()).toContain('job workers started');

      // The file the other process wrote downloads from this one (they share DATA_DIR).
      const download = await fetch(`${web.url}${done.info.url}`, { headers });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toContain('attachment');

      await worker.stop();
      worker = null;
      await socket.close();
    },
  );
});

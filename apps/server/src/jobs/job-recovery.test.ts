import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProcessSource, RealtimeInfo } from '@counterpart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestJob } from '../../test/test-job.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { createLocalBus } from '../realtime/event-bus.ts';
import type { EventBus, RealtimeEvent } from '../realtime/realtime-event.ts';
import { createJobQueue } from './job-queue.ts';
import type { JobOwner, JobQueue } from './job-types.ts';
import { JOBS_SCHEMA } from './pg-boss.ts';

/**
 * Work taken by a process that then died (kill -9, power loss) is never silently lost: once its
 * time limit (plus grace) passes, pg-boss's maintenance retries it, or fails it when no retry is
 * left — and then its owner gets 'error'. The "dead process" is simulated by marking the jobs
 * active long ago while no worker runs them; maintenance and grace are shortened for the test.
 */
const orphanRetried = createTestJob('test_orphan_retried', { retryLimit: 1, expireInSeconds: 1 });
const orphanLost = createTestJob('test_orphan_lost', { retryLimit: 0, expireInSeconds: 1 });
const silent = { info: () => {}, warn: () => {}, error: () => {} };

let dataDir: string;
let database: Database;
let bus: EventBus;
let queue: JobQueue;
const events: RealtimeEvent[] = [];
const settled: Array<{ owner: JobOwner; source: ProcessSource; info: RealtimeInfo }> = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-recovery-'));
  const config = loadConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: 'memory://' });
  bus = createLocalBus();
  bus.subscribe((event) => events.push(event));
  queue = createJobQueue({
    config,
    database,
    bus,
    logger: silent,
    onSettled: async (owner, source, info) => {
      settled.push({ owner, source, info });
    },
    tuning: { maintenanceIntervalSeconds: 1, expiryGraceSeconds: 0, pollingIntervalSeconds: 0.5 },
  });
  queue.define(orphanRetried.definition);
  queue.define(orphanLost.definition);
});
afterAll(async () => {
  await queue?.stop();
  await bus?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('jobs whose process died', () => {
  it('are retried when their time passes, or reported as errors when no retry is left', {
    timeout: 60_000,
  }, async () => {
    const owner = { organizationId: randomUUID(), userId: randomUUID() };
    const retried = await queue.enqueue(orphanRetried.definition.name, { steps: 1 }, owner);
    const lost = await queue.enqueue(orphanLost.definition.name, { steps: 1 }, owner);
    await database.query(
      `update ${JOBS_SCHEMA}.job set state = 'active', started_on = now() - interval '1 hour'
       where id = any($1::uuid[])`,
      [[retried, lost]],
    );
    await queue.startWorkers();

    await expect
      .poll(() => settled.map((s) => s.info.status).sort(), { timeout: 45_000, interval: 200 })
      .toEqual(['completed', 'error']);
    const ofJob = (id: string) => events.filter((e) => e.message.id === id).map((e) => e.message.info.status);
    expect(ofJob(retried)).toEqual(['queued', 'running', 'completed']);
    expect(orphanRetried.attempts.get(retried)).toBe(1);
    expect(ofJob(lost)).toEqual(['queued', 'error']);
    expect(orphanLost.attempts.get(lost)).toBeUndefined();
    expect(settled.find((s) => s.info.status === 'error')).toEqual({
      owner,
      source: 'workflow',
      info: {
        status: 'error',
        message: 'Stopped without finishing: its worker ended or it ran past its time limit',
        process_id: lost,
      },
    });
  });
});

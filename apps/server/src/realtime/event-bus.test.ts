import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { createEventBus, createLocalBus, LISTENER_NAME } from './event-bus.ts';
import type { EventBus, RealtimeEvent } from './realtime-event.ts';

const event = (id: string, message = 'Working'): RealtimeEvent => ({
  organizationId: 'org-1',
  userId: null,
  message: { id, source: 'workflow', info: { status: 'running', progress: 10, message } },
});

describe('the in-process event bus', () => {
  it('delivers each event once to every subscriber, in order, until it unsubscribes', async () => {
    const bus = createLocalBus();
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = bus.subscribe((e) => first.push(e.message.id));
    bus.subscribe((e) => second.push(e.message.id));
    await bus.publish(event('a'));
    await bus.publish(event('b'));
    stopFirst();
    await bus.publish(event('c'));
    expect(first).toEqual(['a', 'b']);
    expect(second).toEqual(['a', 'b', 'c']);
    await bus.close();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL event bus (LISTEN/NOTIFY)', () => {
  const url = process.env.DATABASE_URL ?? '';
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const warnings: string[] = [];
  const logger = {
    info: () => {},
    warn: (_: unknown, message?: string) => void warnings.push(String(message)),
    error: (_: unknown, message?: string) => void warnings.push(String(message)),
  };
  let database: Database;
  let one: EventBus;
  let two: EventBus;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    one = await createEventBus(config, database, logger);
    two = await createEventBus(config, database, logger);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.close();
  });

  const collect = (bus: EventBus) => {
    const ids: string[] = [];
    const stop = bus.subscribe((e) => ids.push(e.message.id));
    return { ids, stop };
  };

  it("delivers an event to every process once, the publisher's own included", async () => {
    const mine = collect(one);
    const theirs = collect(two);
    const id = `both-${Date.now()}`;
    await one.publish(event(id));
    await expect.poll(() => theirs.ids.filter((i) => i === id).length).toBe(1);
    await expect.poll(() => mine.ids.filter((i) => i === id).length).toBe(1);
    await sleep(200);
    expect(mine.ids.filter((i) => i === id)).toHaveLength(1);
    mine.stop();
    theirs.stop();
  });

  it('drops (and logs) an event too large for NOTIFY instead of failing the publisher', async () => {
    const theirs = collect(two);
    const id = `large-${Date.now()}`;
    await one.publish(event(id, 'x'.repeat(9_000)));
    await one.publish(event(`${id}-small`));
    await expect.poll(() => theirs.ids).toContain(`${id}-small`);
    expect(theirs.ids).not.toContain(id);
    expect(warnings).toContain('dropped a realtime event larger than PostgreSQL NOTIFY allows');
    theirs.stop();
  });

  it('ignores a malformed payload on the channel', async () => {
    const theirs = collect(two);
    await database.query("select pg_notify('counterpart_realtime', $1)", ['{"organizationId":1}']);
    const id = `after-garbage-${Date.now()}`;
    await one.publish(event(id));
    await expect.poll(() => theirs.ids).toContain(id);
    expect(warnings).toContain('dropped a malformed realtime event');
    theirs.stop();
  });

  it('reconnects its listener when the connection drops', { timeout: 30_000 }, async () => {
    const theirs = collect(two);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [LISTENER_NAME],
    );
    await admin.end();
    expect(rowCount).toBeGreaterThanOrEqual(2);
    // Until the listeners are back, events are lost (tabs catch up from stored notifications).
    let n = 0;
    await expect
      .poll(
        async () => {
          n += 1;
          await one.publish(event(`reconnected-${n}`));
          await sleep(100);
          return theirs.ids.some((i) => i.startsWith('reconnected-'));
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    theirs.stop();
  });
});

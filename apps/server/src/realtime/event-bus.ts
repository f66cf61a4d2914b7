import { EventEmitter } from 'node:events';
import { realtimeMessageSchema } from '@counterpart/contracts';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { EventBus, RealtimeEvent } from './realtime-event.ts';

/** The PostgreSQL channel every server and worker process listens on. */
export const REALTIME_CHANNEL = 'counterpart_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;
/** application_name of the listening connection (visible in pg_stat_activity). */
export const LISTENER_NAME = 'counterpart-realtime';

export type BusLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const eventSchema = z.object({
  organizationId: z.string().min(1),
  userId: z.string().min(1).nullable(),
  message: realtimeMessageSchema,
});

/**
 * The bus of realtime events: in-process with the embedded database (one process), PostgreSQL
 * LISTEN/NOTIFY with DATABASE_URL, so an event published by one process (a worker) reaches
 * sockets held by every other one.
 */
export async function createEventBus(
  config: Config,
  database: Database,
  logger: BusLogger = silentLogger,
): Promise<EventBus> {
  if (!config.databaseUrl) return createLocalBus();
  return createPostgresBus(config.databaseUrl, database, logger);
}

/** One process: listeners are called synchronously, in publish order. */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Several processes: NOTIFY through the shared pool, LISTEN on a dedicated client that reconnects
 * with backoff when it drops. Only what LISTEN receives is delivered, so this process's own events
 * arrive once, in the order PostgreSQL commits them.
 */
async function createPostgresBus(url: string, database: Database, logger: BusLogger): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  const deliver = (payload: string | undefined) => {
    const event = parseEvent(payload);
    if (event) emitter.emit('event', event);
    else logger.warn({ channel: REALTIME_CHANNEL }, 'dropped a malformed realtime event');
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    next.on('notification', (n) => {
      if (n.channel === REALTIME_CHANNEL) deliver(n.payload);
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'realtime listener connection failed; reconnecting');
      drop(next);
    });
    next.on('end', () => drop(next));
    await next.connect();
    await next.query(`LISTEN ${REALTIME_CHANNEL}`);
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (attempt > 0) logger.info({ attempts: attempt }, 'realtime listener reconnected');
    attempt = 0;
  };

  const drop = (lost: pg.Client) => {
    if (client !== lost) return;
    client = null;
    lost.end().catch(() => {});
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(10_000, 250 * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((error: unknown) => {
        logger.warn({ err: error, attempt }, 'realtime listener could not reconnect');
        scheduleReconnect();
      });
    }, delay);
    retryTimer.unref();
  };

  await connect();

  return {
    async publish(event) {
      const payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        logger.error(
          { id: event.message.id, source: event.message.source, bytes: Buffer.byteLength(payload) },
          'dropped a realtime event larger than PostgreSQL NOTIFY allows',
        );
        return;
      }
      await database.query('select pg_notify($1, $2)', [REALTIME_CHANNEL, payload]);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      emitter.removeAllListeners();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

function parseEvent(payload: string | undefined): RealtimeEvent | null {
  if (!payload) return null;
  try {
    const parsed = eventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const silentLogger: BusLogger = {
  info: () => {},
  warn: () => {},
  error: () => {},
};

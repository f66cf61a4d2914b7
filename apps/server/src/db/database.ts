import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { type CopyRowSink, copyTextReader } from './copy-text.ts';
import * as schema from './schema.ts';

/**
 * The database handle, or a transaction on it: drizzle's transaction extends the database class, so
 * `db.transaction(async (tx) => ...)` hands `tx` to any function that takes a `Db`, with no cast.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** COPY text in one piece, or its chunks in order. */
export type CopyData = string | Uint8Array | Iterable<string>;
const piecesOf = (data: CopyData): Iterable<string | Uint8Array> =>
  typeof data === 'string' || data instanceof Uint8Array ? [data] : data;

/** One transaction on a PostgreSQL connection of its own, for bulk writes. */
export interface BulkSession {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * `COPY <into> FROM STDIN` (text format; `into` is a table and its columns) fed with `data`, one
   * piece or chunk by chunk (PostgreSQL streams them; PGlite joins them); answers the rows copied.
   */
  copyIn(into: string, data: CopyData): Promise<number>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the URL it was opened with (a worker thread opens its own pool on it). */
  url?: string;
  /** Raw SQL for the few places a driver-level call is needed (pg-boss, oidc adapter). */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * Runs `work` in one transaction where COPY can be fed from memory (on PostgreSQL on a pooled
   * connection of its own; PGlite reads the data as its /dev/blob), committed when it resolves,
   * rolled back when it throws.
   */
  bulkTransaction<T>(work: (session: BulkSession) => Promise<T>): Promise<T>;
  /**
   * `COPY (query) TO STDOUT` in text format, each row's `width` fields handed to `sink` as they
   * arrive (PostgreSQL streams them over a pooled connection; PGlite reads them from its /dev/blob);
   * answers the rows read. `query` has no parameters (COPY takes none): inline checked literals.
   */
  copyOut(query: string, width: number, sink: CopyRowSink, signal?: AbortSignal): Promise<number>;
  ping(): Promise<void>;
  /** PostgreSQL only: the pool's connections (for /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PGlite only: a consistent copy of its data folder (a gzipped tar), taken between transactions
   * after a CHECKPOINT; what `npm run backup` asks the running server for (operations/).
   */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
/** Any fixed number: serialises migrations when several processes start together on PostgreSQL. */
const MIGRATION_LOCK = 724_311;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite; `memory://` for an in-memory database (tests). */
  dataDir: string;
  /** PostgreSQL: connections in the pool (10 unless given). */
  poolSize?: number;
  /** PostgreSQL: false for a second handle in a process that already migrated (a worker thread). */
  migrate?: boolean;
}

/** Opens PostgreSQL when a URL is given, else PGlite under dataDir, and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.migrate ?? true);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  // pg_trgm backs "contains" filters and search on large tables (tables/column-indexes.ts).
  const extensions = { pg_trgm };
  let client: PGlite;
  if (dataDir.startsWith('memory://')) {
    client = await PGlite.create({ extensions });
  } else {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    async query<T>(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await client.query<T>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as T[] };
    },
    bulkTransaction: (work) =>
      client.transaction((tx) =>
        work({
          async query<R>(text: string, values?: unknown[]) {
            return { rows: (await tx.query<R>(text, values)).rows };
          },
          async copyIn(into: string, data: CopyData) {
            const blob = new Blob([...piecesOf(data)] as Array<string | Uint8Array<ArrayBuffer>>);
            const copied = await tx.query(`copy ${into} from '/dev/blob'`, [], { blob });
            return copied.affectedRows ?? 0;
          },
        }),
      ),
    async copyOut(query, width, sink, signal) {
      signal?.throwIfAborted();
      const copied = await client.query(`copy (${query}) to '/dev/blob'`);
      const reader = copyTextReader(width, sink);
      if (copied.blob) reader.push(new Uint8Array(await copied.blob.arrayBuffer()));
      return reader.end();
    },
    async ping() {
      await client.query('select 1');
    },
    async snapshot() {
      await client.exec('checkpoint');
      // Under the transaction lock no transaction is half done (dumpDataDir takes the query lock).
      return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number, migrate: boolean): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzleNodePg(pool, { schema });
  if (migrate) await migratePostgres(pool, db);
  return {
    db,
    kind: 'postgres',
    url,
    async query<T>(text: string, values?: unknown[]) {
      const result = await pool.query(text, values);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as T[] };
    },
    bulkTransaction: (work) => bulkTransaction(pool, work),
    copyOut: (query, width, sink, signal) => copyOut(pool, query, width, sink, signal),
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pool.end();
    },
  };
}

/** Pending migrations, one process at a time (an advisory lock). */
async function migratePostgres(
  pool: pg.Pool,
  db: ReturnType<typeof drizzleNodePg<typeof schema>>,
): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(db, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
}

async function copyOut(
  pool: pg.Pool,
  query: string,
  width: number,
  sink: CopyRowSink,
  signal?: AbortSignal,
): Promise<number> {
  signal?.throwIfAborted();
  const client = await pool.connect();
  let broken = false;
  try {
    const stream = client.query(copyTo(`copy (${query}) to stdout`));
    const reader = copyTextReader(width, sink);
    const stop = () => stream.destroy(signal?.reason as Error);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      for await (const chunk of stream) reader.push(chunk as Uint8Array);
    } catch (error) {
      broken = true;
      throw error;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
    return reader.end();
  } finally {
    // A COPY stopped half way leaves the connection mid-protocol: closed rather than reused.
    client.release(broken);
  }
}

async function bulkTransaction<T>(pool: pg.Pool, work: (session: BulkSession) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    const result = await work({
      async query<R>(text: string, values?: unknown[]) {
        const answer = await client.query(text, values);
        return { rows: answer.rows as R[] };
      },
      async copyIn(into: string, data: CopyData) {
        const copy = client.query(copyFrom(`copy ${into} from stdin`));
        await pipeline(Readable.from(piecesOf(data)), copy);
        return copy.rowCount;
      },
    });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    // A connection that could not roll back is closed rather than reused.
    client.release(broken);
  }
}

import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { JobLogger } from './job-runner.ts';

/** pg-boss keeps its tables in their own schema, apart from drizzle's. */
export const JOBS_SCHEMA = 'pgboss';
/** Any fixed number (not the migrations' one): serialises pg-boss's install across processes. */
const INSTALL_LOCK = 724_312;

export interface OpenBossOptions {
  config: Config;
  database: Database;
  logger: JobLogger;
  maintenanceIntervalSeconds: number;
}

/**
 * Starts pg-boss on our database: PGlite through our query function (one connection, so no pool
 * of its own), PostgreSQL through its own small pool. Its schema is installed or migrated at start
 * under a session advisory lock, so processes starting together do not race on it.
 */
export async function openBoss(options: OpenBossOptions): Promise<PgBoss> {
  const { config, database, logger } = options;
  const common = {
    schema: JOBS_SCHEMA,
    migrate: true,
    // Every process looks for jobs whose process died (pg-boss lets one of them do it per interval).
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
  };
  const boss = config.databaseUrl
    ? new PgBoss({
        ...common,
        connectionString: config.databaseUrl,
        max: 4,
        application_name: 'counterpart-jobs',
      })
    : new PgBoss({ ...common, db: { executeSql: pgliteExecutor(database) } });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  if (config.databaseUrl) await withInstallLock(config.databaseUrl, () => boss.start());
  else await boss.start();
  return boss;
}

/**
 * pg-boss's `executeSql` on PGlite: parameters → query, scripts → exec (our query() does that).
 * A failed script that opened a transaction is rolled back, or PGlite's one connection would stay
 * in an aborted transaction for every later query.
 */
function pgliteExecutor(database: Database) {
  return async (text: string, values?: unknown[]) => {
    try {
      return await database.query(text, values);
    } catch (error) {
      if (/^\s*BEGIN\b/im.test(text)) await database.query('ROLLBACK').catch(() => {});
      throw error;
    }
  };
}

async function withInstallLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'counterpart-jobs-install' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [INSTALL_LOCK]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [INSTALL_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}

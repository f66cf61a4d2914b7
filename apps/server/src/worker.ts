import pino from 'pino';
import { createBackgroundWork } from './background-work.ts';
import { loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/database.ts';

/**
 * `npm run worker`: job workers alone, without HTTP — the same queue, job kinds and event bus as
 * the server, so workers scale out beside servers started with WORKERS=false. Needs DATABASE_URL:
 * the embedded database belongs to the one server process that opened it.
 */
async function main() {
  const config = loadConfigOrExit();
  const logger = pino({ level: config.logLevel, base: { role: 'worker' } });
  if (!config.databaseUrl) {
    logger.fatal(
      'npm run worker needs DATABASE_URL: the embedded database can be opened by one process only, where the server runs its workers (WORKERS=true)',
    );
    process.exit(78);
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { bus, jobs } = await createBackgroundWork(config, database, logger);
  await jobs.startWorkers();
  logger.info('Counterpart worker is running (database: PostgreSQL)');

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await jobs.stop();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

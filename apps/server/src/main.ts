import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './identity/seed.ts';

/** Starts Counterpart in one process: API, identity provider and the web app on one port. */
async function main() {
  const config = loadConfigOrExit();
  const app = await buildApp(config);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  app.log.info(`Counterpart is ready at ${config.publicUrl} (database: ${where})`);
  if (config.seedDemo && !config.oidc.external) {
    app.log.info(`Demo sign-ins: ${DEMO_USERS.admin} and ${DEMO_USERS.viewer}, password ${DEMO_PASSWORD}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

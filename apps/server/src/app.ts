import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createBackgroundWork } from './background-work.ts';
import { type Config, trustProxyOption } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { closeSharedOcrPool } from './extraction/ocr.ts';
import { createAuthCache } from './http/auth-cache.ts';
import { authContextPlugin } from './http/auth-context.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerInputSafety } from './http/input-safety.ts';
import { createServerMetrics, metricsPlugin } from './http/metrics.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRequestTracing, requestId } from './http/request-tracing.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { realtimeRoutes } from './http/sockets/realtime.routes.ts';
import { registerStaticWeb } from './http/static-web.ts';
import { seedDemo } from './identity/seed.ts';
import { type IdentitySecrets, loadIdentitySecrets } from './identity/signing-keys.ts';
import { createTokenVerifier } from './identity/token-verifier.ts';
import type { JobQueue } from './jobs/job-types.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { appConfigRoutes } from './modules/health/app-config.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { outboxRoutes } from './modules/mail/outbox.routes.ts';
import { modelsRoutes } from './modules/models/models.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { organizationThemeRoutes } from './modules/organizations/organization-theme.routes.ts';
import { organizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { reconDashboardRoutes } from './modules/recon/dashboard/recon-dashboard.routes.ts';
import { reconMoneyRoutes } from './modules/recon/money.routes.ts';
import { reconRoutes } from './modules/recon/recon.routes.ts';
import { markInterruptedRuns } from './modules/recon/runs/run-liveness.ts';
import { tableUsageRoutes } from './modules/table-usage/table-usage.routes.ts';
import { failInterruptedImports } from './modules/tables/import/import-lifecycle.ts';
import type { ImportLimits } from './modules/tables/import/import-limits.ts';
import { tableImportsRoutes } from './modules/tables/import/imports.routes.ts';
import { tablesRoutes } from './modules/tables/tables.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { dashboardsRoutes } from './modules/workflows/dashboards/dashboards.routes.ts';
import { executionsRoutes } from './modules/workflows/executions/executions.routes.ts';
import { markCrashedExecutions } from './modules/workflows/executions/executions.service.ts';
import { SCHEDULE_TICK_MS, startDueSchedules } from './modules/workflows/executions/scheduler.ts';
import { workflowsRoutes } from './modules/workflows/workflows.routes.ts';
import { openOperatorSocket } from './operations/operator-socket.ts';

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  /** Serve the built web app from config.webDist (default true). */
  serveWeb?: boolean;
  /** Run job workers in this process (default: config.workers, WORKERS=true). */
  workers?: boolean;
  /** More job kinds, defined next to the built-in ones before workers start (tests use it). */
  defineJobs?: (jobs: JobQueue) => void;
  /** Where the JSON logs go (default stdout); tests read them to prove no secret is logged. */
  logStream?: NodeJS.WritableStream;
  /** Smaller upload/unpack limits for file imports (tests use it); defaults in import-limits.ts. */
  importLimits?: Partial<ImportLimits>;
}

/** Paths whose values must never reach the logs. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** Builds the whole server: used by main.ts and by the tests. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: { paths: REDACT, censor: '[redacted]' },
      // Query strings can carry codes and tokens (OIDC callbacks, the socket): log the path only.
      serializers: {
        req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
      },
    },
    bodyLimit: config.bodyLimit,
    // Every log line of a request carries its id (reqId): the caller's X-Request-Id when safe, else a UUID.
    genReqId: requestId,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (default: none).
    trustProxy: trustProxyOption(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (config.seedDemo && (await seedDemo(database, config.productKey))) {
    app.log.info('seeded the demo organizations');
  }

  const secrets: IdentitySecrets | null = config.oidc.external ? null : await loadIdentitySecrets(database);
  const verifyToken = createTokenVerifier(config, secrets);

  registerErrorHandler(app);
  registerInputSafety(app);
  await registerSecurityHeaders(app, config);
  await registerOpenApi(app);
  // First: a request refused by a later hook still carries its id.
  registerRequestTracing(app, config);
  // Sessions and callers of the built-in provider, kept briefly; team changes and sign-out drop them.
  const authCache = secrets ? createAuthCache(database) : null;
  await app.register(authContextPlugin, { config, authCache, verifyToken });
  const metrics = createServerMetrics({ database, authCache });
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  await app.register(healthRoutes, { database });
  await app.register(appConfigRoutes, { config });
  await app.register(organizationsRoutes, { config, database });
  await app.register(organizationThemeRoutes, { config, database });

  // Background work: events to sockets, durable jobs, and what they report to their owners.
  const { bus, jobs } = await createBackgroundWork(config, database, app.log, options.defineJobs);
  const stopAuthCache = authCache?.listen(bus);
  await app.register(realtimeRoutes, {
    config,
    bus,
    verifyToken,
    database,
    authCache,
    onHub: (hub) => metrics.countSockets(() => hub.size()),
  });
  await app.register(notificationsRoutes, { database });
  await app.register(exportsRoutes, { config, database, jobs });
  await app.register(documentsRoutes, { config, database, jobs });
  await app.register(modelsRoutes, { config, database, jobs });
  await app.register(teamRoutes, { config, database, bus });
  await app.register(tablesRoutes, { config, database });
  await app.register(tableUsageRoutes, { config, database });
  await app.register(reconRoutes, { config, database, jobs });
  await app.register(reconMoneyRoutes, { config, database, jobs });
  await app.register(reconDashboardRoutes, { database });
  await app.register(tableImportsRoutes, { config, database, jobs, limits: options.importLimits });
  await app.register(workflowsRoutes, { config, database });
  await app.register(executionsRoutes, { config, database, jobs });
  await app.register(dashboardsRoutes, { database });
  // The outbox (where e-mails wait when no SMTP server is set), then getting in without help.
  await app.register(outboxRoutes, { config, database });
  await app.register(onboardingRoutes, { config, database, verifyToken });
  if (secrets) {
    // Loaded only for the built-in provider: with a company Keycloak, oidc-provider is never needed.
    const { identityPlugin } = await import('./identity/identity.plugin.ts');
    await app.register(identityPlugin, {
      prefix: `/realms/${config.oidc.realm}`,
      config,
      database,
      secrets,
      verifyToken,
      onSessionEnded: (sid: string) => authCache?.announce(bus, 'session-ended', sid),
    });
  }
  await registerStaticWeb(app, options.serveWeb === false ? null : config.webDist);

  if (options.workers ?? config.workers) {
    // Executions whose worker died with an earlier process are crashed (a person may retry them).
    await markCrashedExecutions(database.db, config.executionStaleSeconds);
    // Recon runs a dead process left running are failed (their groups were never committed).
    await markInterruptedRuns(database.db);
    // Imports a dead process left running are failed, their rows deleted (none was ever visible):
    // on PGlite this process alone owns the database, so every running import is dead.
    const importStale = database.kind === 'pglite' ? null : config.executionStaleSeconds;
    await failInterruptedImports(database.db, importStale);
    await jobs.startWorkers();
    const crashWatch = setInterval(() => {
      void markCrashedExecutions(database.db, config.executionStaleSeconds).catch(() => {});
      if (importStale !== null) void failInterruptedImports(database.db, importStale).catch(() => {});
    }, 15_000);
    crashWatch.unref();
    // Scheduled workflows: each process with workers looks; one start per workflow and minute.
    const schedules = setInterval(
      () =>
        void startDueSchedules(database.db, jobs).catch((error) =>
          app.log.error({ err: error }, 'schedules'),
        ),
      SCHEDULE_TICK_MS,
    );
    schedules.unref();
    app.addHook('onClose', async () => {
      clearInterval(crashWatch);
      clearInterval(schedules);
    });
  }
  // On PGlite, the server answers `npm run backup` through DATA_DIR/operator.sock (operations/).
  const operator = await openOperatorSocket(config.dataDir, database, app.log);
  app.addHook('onClose', async () => {
    stopAuthCache?.();
    await operator?.close();
    await jobs.stop();
    await closeSharedOcrPool();
    await bus.close();
    if (!options.database) await database.close();
  });
  return app;
}

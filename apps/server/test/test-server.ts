import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export interface TestServerOptions extends Omit<BuildOptions, 'database'> {
  /**
   * A folder of the caller's that outlives the server: PGlite is kept there (not in memory), so a
   * second server on the same folder is a restart. The caller removes it. With DATABASE_URL the
   * database is the shared server anyway.
   */
  dataDir?: string;
}

/**
 * A real server on a random port with a real database: in-memory PGlite by default, the
 * PostgreSQL server when DATABASE_URL is set (CI). Seeded with the demo organizations.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  { dataDir: keptDir, ...options }: TestServerOptions = {},
): Promise<TestServer> {
  // Listen first on a random port: the issuer must carry the real port.
  const probe = await import('node:net').then(
    (net) =>
      new Promise<number>((resolve) => {
        const srv = net.createServer().listen(0, '127.0.0.1', () => {
          const address = srv.address();
          srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
        });
      }),
  );
  const url = `http://127.0.0.1:${probe}`;
  // Files (exports...) need a real folder; the database stays in memory unless DATABASE_URL is set.
  const dataDir = keptDir ?? mkdtempSync(path.join(tmpdir(), 'counterpart-test-'));
  const config = loadConfig({
    PORT: String(probe),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    // TEST_LOG_LEVEL=error shows why a request answered 500 (CI sets it).
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    // Tests stand in for a proxy on this machine: their X-Forwarded-For (a client address of each
    // test's own) is believed. `TRUST_PROXY: ''` gives the default, trusting no one.
    TRUST_PROXY: 'loopback',
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl || keptDir ? config.dataDir : 'memory://',
  });
  const app = await buildApp(config, { database, serveWeb: false, ...options });
  await app.listen({ port: probe, host: '127.0.0.1' });
  return {
    url,
    app,
    database,
    config,
    async close() {
      // A connection the server still counts as busy after its client is done would hold close()
      // for up to a minute (seen once the import-crash test's restarted server had served a
      // download, only with CI=true); after 2 s every connection is dropped.
      const cut = setTimeout(() => app.server.closeAllConnections(), 2_000);
      await app.close();
      clearTimeout(cut);
      await database.close();
      if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

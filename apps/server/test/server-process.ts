import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const serverRoot = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it logged so far. */
  output(): string;
  /** SIGTERM, then waits for it to exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
}

/** A free port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The environment of a real server process on a test's data: its DATA_DIR (and DATABASE_URL when
 * the tests run on PostgreSQL), no demo seed, no web app; `more` adds or overrides.
 */
export function serverOnData(dataDir: string, more: Record<string, string> = {}): Record<string, string> {
  return {
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...more,
  };
}

/**
 * Starts `tsx src/main.ts` (the real server, as `npm start` runs it) in its own process with the
 * given environment, and waits until /healthz answers.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = once(child, 'exit');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server process exited early:\n${log}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server process did not start within 60 s:\n${log}`);
    }
    await sleep(200);
  }
  return {
    url,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

import { existsSync } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';

/** The longest Unix socket path most systems accept (sun_path is 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * Where a server on the embedded database listens for its operator: DATA_DIR/operator.sock.
 * Only the account that runs the server can open it (mode 0600), which is the whole
 * authentication: whoever may read DATA_DIR may copy the database anyway.
 */
export function operatorSocketPath(dataDir: string): string {
  return path.join(dataDir, 'operator.sock');
}

/** Whether the system accepts `socketPath` for a Unix socket. */
export function socketPathFits(socketPath: string): boolean {
  return Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH;
}

export interface OperatorSocket {
  close(): Promise<void>;
}

/**
 * PGlite belongs to the one process that opened it, so `npm run backup` cannot read the data
 * folder beside a running server: it asks the server through this socket instead.
 * `GET /` answers whether a server runs; `POST /database-snapshot` answers `database.snapshot()` (a gzipped tar of the data folder).
 */
export async function openOperatorSocket(
  dataDir: string,
  database: Database,
  log: FastifyBaseLogger,
): Promise<OperatorSocket | null> {
  const snapshot = database.snapshot?.bind(database);
  if (!snapshot) return null;
  const socketPath = operatorSocketPath(dataDir);
  if (!socketPathFits(socketPath)) {
    log.warn(
      { socketPath },
      'DATA_DIR is too long a path for the operator socket: npm run backup works only while the server is stopped',
    );
    return null;
  }
  if (existsSync(socketPath)) {
    // Another live server on the same folder keeps its socket (two processes on one PGlite folder
    // damage it: say so loudly); a socket file a dead process left is this process's to replace.
    if (await operatorSocketAnswers(socketPath).catch(() => false)) {
      log.error(
        { socketPath },
        'another Counterpart server is running on this DATA_DIR: stop one of them (one process per embedded database)',
      );
      return null;
    }
    await rm(socketPath, { force: true });
  }

  let busy = false;
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'running', pid: process.pid }));
      return;
    }
    if (request.method !== 'POST' || request.url !== '/database-snapshot') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Unknown operator request: GET / or POST /database-snapshot' }));
      return;
    }
    if (busy) {
      response.writeHead(409, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'A backup is already being taken; try again when it ends' }));
      return;
    }
    busy = true;
    const started = Date.now();
    void snapshot()
      .then(async (blob) => {
        response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(blob.size) });
        await pipeline(Readable.fromWeb(blob.stream() as never), response);
        log.info({ bytes: blob.size, ms: Date.now() - started }, 'database snapshot sent to the operator');
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'database snapshot failed');
        if (!response.headersSent) {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: 'The database snapshot failed; see the server log' }));
        } else response.destroy();
      })
      .finally(() => {
        busy = false;
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await rm(socketPath, { force: true });
    },
  };
}

/** Whether a server answers on the operator socket (false: no socket, or one a dead process left). */
export function operatorSocketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: '/', method: 'GET' }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(error);
    });
    request.end();
  });
}

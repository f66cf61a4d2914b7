import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import yazl from 'yazl';
import type { Config } from '../config.ts';
import {
  type BackupManifest,
  DATABASE_ENTRY,
  FILES_PREFIX,
  listStoredFiles,
  MANIFEST_ENTRY,
  OperationError,
  runPgTool,
} from './backup-archive.ts';
import { operatorSocketPath, socketPathFits } from './operator-socket.ts';

export interface BackupSummary {
  file: string;
  database: BackupManifest['database'];
  /** Where the database copy came from. */
  source: 'running server' | 'data folder' | 'pg_dump';
  databaseBytes: number;
  files: number;
  fileBytes: number;
  ms: number;
}

/**
 * Writes a backup of the database and of DATA_DIR/files to `outputPath` (a ZIP, see
 * backup-archive.ts). The database copy is taken first, then the files are listed: every file the
 * copy refers to was written before it (files are renamed into place complete).
 * The file appears only when complete (it is written as `<file>.partial`).
 */
export async function createBackup(config: Config, outputPath: string): Promise<BackupSummary> {
  const started = performance.now();
  if (existsSync(outputPath)) throw new OperationError(`${outputPath} already exists: name a new file`);
  const partial = `${outputPath}.partial`;
  const zip = new yazl.ZipFile();
  const zipFailed = new Promise<never>((_, reject) => zip.once('error', reject));
  zipFailed.catch(() => {});
  const written = pipeline(zip.outputStream, createWriteStream(partial, { flags: 'w' }));
  written.catch(() => {});
  try {
    const database = config.databaseUrl ? 'postgres' : 'pglite';
    const copy = await Promise.race([
      database === 'postgres'
        ? addPostgresDump(zip, config.databaseUrl as string)
        : addPgliteSnapshot(zip, config.dataDir),
      zipFailed,
    ]);
    const filesRoot = path.join(config.dataDir, 'files');
    let files = 0;
    let fileBytes = 0;
    for (const relative of await listStoredFiles(filesRoot)) {
      const size = await stat(path.join(filesRoot, relative)).then(
        (stats) => stats.size,
        () => null, // removed since it was listed (an expired export): not part of this backup
      );
      if (size === null) continue;
      zip.addFile(path.join(filesRoot, relative), `${FILES_PREFIX}${relative}`);
      files += 1;
      fileBytes += size;
    }
    const manifest: BackupManifest = {
      format: 1,
      database,
      createdAt: new Date().toISOString(),
      files,
      fileBytes,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY);
    zip.end();
    await Promise.race([written, zipFailed]);
    await rename(partial, outputPath);
    return {
      file: outputPath,
      database,
      ...copy,
      files,
      fileBytes,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    (zip.outputStream as unknown as { destroy(): void }).destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

type DatabaseCopy = Pick<BackupSummary, 'source' | 'databaseBytes'>;

/** `pg_dump --format=custom` (one consistent snapshot of the whole database) streamed into the ZIP. */
async function addPostgresDump(zip: yazl.ZipFile, databaseUrl: string): Promise<DatabaseCopy> {
  const { child, done } = runPgTool('pg_dump', databaseUrl, [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
  ]);
  child.stdin?.end();
  let databaseBytes = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    databaseBytes += chunk.length;
  });
  // The custom format is compressed already.
  zip.addReadStream(child.stdout as Readable, DATABASE_ENTRY.postgres, { compress: false });
  await done;
  return { source: 'pg_dump', databaseBytes };
}

/**
 * The embedded database's data folder: asked of the server that runs on it (through its operator
 * socket), or, when none does, read from the folder by opening it here.
 */
async function addPgliteSnapshot(zip: yazl.ZipFile, dataDir: string): Promise<DatabaseCopy> {
  const socketPath = operatorSocketPath(dataDir);
  if (!socketPathFits(socketPath)) {
    throw new OperationError(
      `DATA_DIR is too long a path for the operator socket (${socketPath}): stop the server and run the backup again, or use a shorter DATA_DIR`,
    );
  }
  const answer = await requestSnapshot(socketPath);
  if (answer) {
    // A server that stops half-way fails the backup (the ZIP would hold a cut database).
    answer.once('error', (error) => zip.emit('error', error));
    zip.addReadStream(answer, DATABASE_ENTRY.pglite, { compress: false });
    return { source: 'running server', databaseBytes: Number(answer.headers['content-length'] ?? 0) };
  }
  const folder = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new OperationError(`There is no embedded database in ${folder}: is DATA_DIR right?`);
  }
  const client = await PGlite.create(folder, { extensions: { pg_trgm } });
  try {
    await client.exec('checkpoint');
    const blob = await client.dumpDataDir('gzip');
    zip.addBuffer(Buffer.from(await blob.arrayBuffer()), DATABASE_ENTRY.pglite, { compress: false });
    return { source: 'data folder', databaseBytes: blob.size };
  } finally {
    await client.close();
  }
}

/**
 * Asks the server running on the data folder for a snapshot; null when no server listens there
 * (no socket, or one left by a process that died).
 */
function requestSnapshot(socketPath: string): Promise<http.IncomingMessage | null> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: '/database-snapshot', method: 'POST' }, (response) => {
      if (response.statusCode === 200) return resolve(response);
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => {
        const message = (() => {
          try {
            return (JSON.parse(body) as { message?: string }).message ?? body;
          } catch {
            return body;
          }
        })();
        reject(new OperationError(`The running server did not give a snapshot: ${message}`));
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    request.end();
  });
}

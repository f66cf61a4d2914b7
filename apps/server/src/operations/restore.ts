import { createWriteStream, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { zipEntries } from '@counterpart/files';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import yauzl, { type Entry } from 'yauzl';
import type { Config } from '../config.ts';
import {
  type BackupManifest,
  DATABASE_ENTRY,
  FILES_PREFIX,
  listStoredFiles,
  MANIFEST_ENTRY,
  OperationError,
  runPgTool,
  storedFileTarget,
} from './backup-archive.ts';
import { operatorSocketAnswers, operatorSocketPath } from './operator-socket.ts';

export interface RestoreSummary {
  database: BackupManifest['database'];
  createdAt: string;
  files: number;
  ms: number;
}

/**
 * Restores a backup of `createBackup` into an empty instance: the database named by the config
 * (PostgreSQL: DATABASE_URL, an empty database; PGlite: DATA_DIR with no database yet, its server
 * stopped) and DATA_DIR/files (empty). Refuses, changing nothing, when either holds data.
 * The server applies any newer migrations when it starts on the restored data.
 */
export async function restoreBackup(config: Config, inputPath: string): Promise<RestoreSummary> {
  const started = performance.now();
  const zip = await yauzl
    .openPromise(inputPath, { lazyEntries: true, autoClose: false, validateEntrySizes: true })
    .catch((error: Error) => {
      throw new OperationError(`${inputPath} is not a backup file: ${error.message}`);
    });
  try {
    const entries = await zipEntries(zip);
    const open = (entry: Entry) => zip.openReadStreamPromise(entry) as Promise<Readable>;
    const manifestEntry = entries.get(MANIFEST_ENTRY);
    if (!manifestEntry)
      throw new OperationError(`${inputPath} is not a Counterpart backup (no ${MANIFEST_ENTRY})`);
    const manifest = JSON.parse((await buffer(await open(manifestEntry))).toString()) as BackupManifest;
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.format !== 1 || !(manifest.database in DATABASE_ENTRY)) {
      throw new OperationError(`${inputPath} is a backup of a format this version does not read`);
    }
    if (manifest.database !== kind) {
      throw new OperationError(
        manifest.database === 'pglite'
          ? 'This backup holds an embedded (PGlite) database: restore it without DATABASE_URL'
          : 'This backup holds a PostgreSQL database: restore it with DATABASE_URL naming an empty database',
      );
    }
    const databaseEntry = entries.get(DATABASE_ENTRY[kind]);
    if (!databaseEntry) throw new OperationError(`${inputPath} has no ${DATABASE_ENTRY[kind]}`);

    const filesRoot = path.join(config.dataDir, 'files');
    const present = await listStoredFiles(filesRoot);
    if (present.length > 0) {
      throw new OperationError(
        `${filesRoot} already holds ${present.length} files: restore into an empty DATA_DIR`,
      );
    }
    if (kind === 'postgres') await restorePostgres(config.databaseUrl as string, await open(databaseEntry));
    else await restorePglite(config.dataDir, await buffer(await open(databaseEntry)));

    let files = 0;
    for (const [name, entry] of entries) {
      if (!name.startsWith(FILES_PREFIX) || name.endsWith('/')) continue;
      const target = storedFileTarget(filesRoot, name);
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(await open(entry), createWriteStream(target, { flags: 'wx' }));
      files += 1;
    }
    return {
      database: kind,
      createdAt: manifest.createdAt,
      files,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    zip.close();
  }
}

async function restorePglite(dataDir: string, tarball: Buffer): Promise<void> {
  if (await operatorSocketAnswers(operatorSocketPath(dataDir))) {
    throw new OperationError(
      `A server is running on ${dataDir}: stop it, and restore into an empty DATA_DIR`,
    );
  }
  const folder = path.join(dataDir, 'pglite');
  if (existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new OperationError(`${folder} already holds a database: restore into an empty DATA_DIR`);
  }
  await mkdir(folder, { recursive: true });
  const client = await PGlite.create(folder, { loadDataDir: new Blob([tarball]), extensions: { pg_trgm } });
  await client.close();
}

async function restorePostgres(databaseUrl: string, dump: Readable): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const tables = rows[0]?.tables ?? 0;
    if (tables > 0) {
      throw new OperationError(
        `The database of DATABASE_URL already holds ${tables} tables: restore into an empty database (createdb)`,
      );
    }
  } finally {
    await client.end();
  }
  const { child, done } = runPgTool('pg_restore', databaseUrl, [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
  ]);
  await Promise.all([pipeline(dump, child.stdin as NodeJS.WritableStream), done]);
}

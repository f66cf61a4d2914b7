import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * A backup is one ZIP file:
 * - `counterpart-backup.json`: the manifest below;
 * - `database/pglite.tar.gz` (the embedded database's data folder, as PGlite dumps it) or
 *   `database/postgres.dump` (`pg_dump --format=custom` of the whole database);
 * - `files/<path>`: every file under DATA_DIR/files (documents, imports, exports), same paths.
 */
export const MANIFEST_ENTRY = 'counterpart-backup.json';
export const DATABASE_ENTRY = {
  pglite: 'database/pglite.tar.gz',
  postgres: 'database/postgres.dump',
} as const;
export const FILES_PREFIX = 'files/';

export type BackupDatabaseKind = keyof typeof DATABASE_ENTRY;

export interface BackupManifest {
  format: 1;
  database: BackupDatabaseKind;
  createdAt: string;
  files: number;
  fileBytes: number;
}

export class OperationError extends Error {}

/** Files of DATA_DIR/files as paths relative to it (with `/`), skipping half-written `.tmp` files. */
export async function listStoredFiles(filesRoot: string): Promise<string[]> {
  const entries = await readdir(filesRoot, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) =>
      path.relative(filesRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

/** The path of a `files/...` entry under `filesRoot`, or an error for a name that would climb out of it. */
export function storedFileTarget(filesRoot: string, entryName: string): string {
  const relative = entryName.slice(FILES_PREFIX.length);
  const target = path.resolve(filesRoot, relative);
  if (
    relative === '' ||
    relative.includes('\0') ||
    relative.includes('\\') ||
    !target.startsWith(`${filesRoot}${path.sep}`)
  ) {
    throw new OperationError(`The backup holds a file outside DATA_DIR/files: ${JSON.stringify(entryName)}`);
  }
  return target;
}

/**
 * Runs a PostgreSQL client program (pg_dump, pg_restore) on the database of `databaseUrl`, with its
 * stderr kept for the error message. The password goes in PGPASSWORD, not on the command line
 * (where `ps` would show it).
 */
export function runPgTool(
  program: string,
  databaseUrl: string,
  args: string[],
): { child: ChildProcess; done: Promise<void> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const child = spawn(program, [...args, `--dbname=${url.toString()}`], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = (async () => {
    const [code] = (await Promise.race([
      once(child, 'close'),
      once(child, 'error').then(([error]) => {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        throw new OperationError(
          missing
            ? `${program} was not found: install the PostgreSQL client tools (the server's major version or newer)`
            : `${program} could not start: ${(error as Error).message}`,
        );
      }),
    ])) as [number | null];
    if (code !== 0) throw new OperationError(`${program} failed (exit ${code}): ${stderr.trim()}`);
  })();
  return { child, done };
}

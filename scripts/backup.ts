/**
 * `npm run backup -- <file>`: writes a backup of the database (DATABASE_URL, or the PGlite under
 * DATA_DIR — asked of the running server, or read from the folder when it is stopped) and of
 * DATA_DIR/files to <file>. Reads the same environment as the server.
 */
import path from 'node:path';
import { loadConfigOrExit } from '../apps/server/src/config.ts';
import { createBackup } from '../apps/server/src/operations/backup.ts';
import { OperationError } from '../apps/server/src/operations/backup-archive.ts';

const [target] = process.argv.slice(2);
if (!target) {
  console.error('Usage: npm run backup -- <file>   (e.g. counterpart-2026-11-26.zip)');
  process.exit(64);
}
const config = loadConfigOrExit();
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
try {
  const summary = await createBackup(config, file);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backup written to ${summary.file} in ${(summary.ms / 1000).toFixed(1)} s: ${summary.database} database ` +
      `(${mb(summary.databaseBytes)} MB, from the ${summary.source}), ${summary.files} files (${mb(summary.fileBytes)} MB)`,
  );
} catch (error) {
  console.error(error instanceof OperationError ? `Backup failed: ${error.message}` : error);
  process.exit(1);
}

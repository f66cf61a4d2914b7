/**
 * `npm run restore -- <file>`: restores a backup of `npm run backup` into an empty instance — the
 * database of DATABASE_URL (empty), or a DATA_DIR with no database yet (server stopped) — and its
 * files into DATA_DIR/files. Reads the same environment as the server; start the server afterwards.
 */
import path from 'node:path';
import { loadConfigOrExit } from '../apps/server/src/config.ts';
import { OperationError } from '../apps/server/src/operations/backup-archive.ts';
import { restoreBackup } from '../apps/server/src/operations/restore.ts';

const [source] = process.argv.slice(2);
if (!source) {
  console.error('Usage: npm run restore -- <file>   (into an empty DATA_DIR / database)');
  process.exit(64);
}
const config = loadConfigOrExit();
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), source);
try {
  const summary = await restoreBackup(config, file);
  console.log(
    `Restored ${file} (taken ${summary.createdAt}) in ${(summary.ms / 1000).toFixed(1)} s: ` +
      `${summary.database} database, ${summary.files} files into ${path.join(config.dataDir, 'files')}`,
  );
} catch (error) {
  console.error(error instanceof OperationError ? `Restore failed: ${error.message}` : error);
  process.exit(1);
}

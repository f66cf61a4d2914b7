import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { exportFiles } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { FileStore } from '../../storage/file-store.ts';

/** Who asked for an export: only they may download it, in that organization. */
export interface ExportOwner {
  organizationId: string;
  userId: string;
}

/** Expired rows stay this long so their owner hears "expired" (410) rather than "not found". */
const EXPIRED_ROW_RETENTION_MS = 7 * 24 * 3600 * 1000;
/** Files of expired exports deleted per sweep; the next export sweeps the rest. */
const PURGE_BATCH = 200;

/** The stored form of a download token: its SHA-256. The token itself is never stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Records a written export file and returns the URL that downloads it: an unguessable token
 * (32 random bytes, base64url) and the file name, valid for `ttlSeconds`.
 */
export async function recordExport(
  db: Db,
  file: {
    owner: ExportOwner;
    fileName: string;
    contentType: string;
    storagePath: string;
    sizeBytes: number;
    ttlSeconds: number;
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(exportFiles).values({
    tokenHash: hashToken(token),
    organizationId: file.owner.organizationId,
    userId: file.owner.userId,
    fileName: file.fileName,
    contentType: file.contentType,
    storagePath: file.storagePath,
    sizeBytes: file.sizeBytes,
    expiresAt: new Date(Date.now() + file.ttlSeconds * 1000),
  });
  return `/api/exports/${token}/${encodeURIComponent(file.fileName)}`;
}

/**
 * The export a download URL names, for the caller only: 404 when the token, the file name, the
 * user or the organization does not match (never telling whether it exists), 410 for its owner
 * once it has expired.
 */
export async function findDownload(db: Db, caller: ExportOwner, token: string, fileName: string) {
  const [file] = await db
    .select()
    .from(exportFiles)
    .where(eq(exportFiles.tokenHash, hashToken(token)))
    .limit(1);
  if (
    !file ||
    file.fileName !== fileName ||
    file.userId !== caller.userId ||
    file.organizationId !== caller.organizationId
  ) {
    throw notFound('Export not found');
  }
  if (file.expiresAt.getTime() <= Date.now() || file.storagePath === '') {
    throw new AppError(410, 'This export has expired: export again to get a new file');
  }
  return file;
}

/**
 * Deletes the files of expired exports (the row keeps `storage_path = ''` to remember it), and
 * the rows themselves a week after expiry. Runs at the start of every export job.
 */
export async function purgeExpiredExports(db: Db, store: FileStore): Promise<number> {
  const now = new Date();
  const expired = await db
    .select({ tokenHash: exportFiles.tokenHash, storagePath: exportFiles.storagePath })
    .from(exportFiles)
    .where(and(lt(exportFiles.expiresAt, now), ne(exportFiles.storagePath, '')))
    .limit(PURGE_BATCH);
  for (const file of expired) {
    await store.remove(file.storagePath);
    await db.update(exportFiles).set({ storagePath: '' }).where(eq(exportFiles.tokenHash, file.tokenHash));
  }
  await db
    .delete(exportFiles)
    .where(lt(exportFiles.expiresAt, new Date(now.getTime() - EXPIRED_ROW_RETENTION_MS)));
  return expired.length;
}

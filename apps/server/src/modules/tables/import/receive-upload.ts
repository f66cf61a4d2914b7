import { randomUUID } from 'node:crypto';
import { rmdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { formatBytes } from '@counterpart/files';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../../errors.ts';
import { requireSafeText } from '../../../http/input-safety.ts';
import type { FileStore } from '../../../storage/file-store.ts';

export interface ReceivedUpload {
  importId: string;
  relativePath: string;
  fileName: string;
  sizeBytes: number;
  tableId: string | undefined;
  /** The drop-box document the file comes from (Send to table). */
  documentId?: string;
  /** The password of a protected PDF statement: used in memory to open it, never stored. */
  password?: string;
}

const SEND_FILE = 'Send the file as multipart/form-data in the field "file"';

/** A file name safe on any disk: no folders, plain characters, at most 100 of them. */
export function safeFileName(name: string): string {
  const base = name
    .replace(/^.*[\\/]/, '')
    .replace(/[^A-Za-z0-9._ -]+/g, '_')
    .replace(/^[.\s]+/, '');
  return base.slice(-100) || 'upload';
}

/**
 * Streams the multipart field `file` into the file store (imports/<org>/<import id>/<name>)
 * without holding it in memory, and reads the optional field `table_id`. Too large → 413 and
 * nothing kept.
 */
export async function receiveUpload(
  request: FastifyRequest,
  store: FileStore,
  organizationId: string,
  maxBytes: number,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError(415, SEND_FILE);
  const importId = randomUUID();
  let received: Omit<ReceivedUpload, 'tableId'> | null = null;
  let tableId: string | undefined;
  let password: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'table_id' && typeof part.value === 'string' && part.value.trim() !== '') {
          tableId = requireSafeText('table_id', part.value.trim());
        }
        if (part.fieldname === 'password' && typeof part.value === 'string' && part.value !== '') {
          password = part.value.slice(0, 200);
        }
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        if (part.fieldname !== 'file') throw badRequest(`${SEND_FILE}, not "${part.fieldname.slice(0, 40)}"`);
        continue;
      }
      const fileName = requireSafeText('file', part.filename || 'upload');
      const relativePath = `imports/${organizationId}/${importId}/${safeFileName(fileName)}`;
      const sizeBytes = await store.save(relativePath, (output) => pipeline(part.file, output));
      received = { importId, relativePath, fileName: fileName.slice(0, 300), sizeBytes };
      if (part.file.truncated) throw tooLarge(maxBytes);
    }
  } catch (error) {
    await discardUpload(store, received?.relativePath ?? `imports/${organizationId}/${importId}/upload`);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw error;
  }
  if (!received) throw badRequest(SEND_FILE);
  return { ...received, tableId, ...(password ? { password } : {}) };
}

/**
 * Removes a refused upload: its file and its own folder (imports/<org>/<import id>/), which holds
 * nothing else, so no empty folder is left behind.
 */
export async function discardUpload(store: FileStore, relativePath: string): Promise<void> {
  await store.remove(relativePath);
  await rmdir(path.dirname(path.join(store.root, relativePath))).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT' && error.code !== 'ENOTEMPTY') throw error;
  });
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(
    413,
    `The file is larger than ${formatBytes(maxBytes)}: split it or upload a smaller file`,
  );
}

import type { ReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { notFound } from '../errors.ts';

/** A file the server hands to the browser to save. */
export interface FileDownload {
  contentType: string;
  fileName: string;
  /** Bytes, when known before streaming (a stored file); a file written as it streams has none. */
  size?: number;
}

/** Sends a file as an attachment that is never cached: its type, its name, its length when known. */
export function sendDownload(reply: FastifyReply, file: FileDownload, body: Readable) {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName));
  if (file.size !== undefined) reply.header('content-length', String(file.size));
  return reply.header('cache-control', 'no-store').send(body);
}

/**
 * Waits until the file is open, so a file gone from disk is a 404 (answering `missing`) rather than
 * a broken download.
 */
export function opened(stream: ReadStream, missing: string): Promise<ReadStream> {
  return new Promise((resolve, reject) => {
    stream.once('open', () => resolve(stream));
    stream.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? notFound(missing) : error);
    });
  });
}

/** `attachment; filename="…"` (or `inline`) with an ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

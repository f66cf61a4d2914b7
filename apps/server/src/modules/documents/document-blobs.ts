import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { SNIFF_BYTES, type SniffedType, sniffContent } from './content-sniffing.ts';

/** Blob path in the file store: blobs/<first two hex digits>/<sha256>. */
export function blobPath(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`Not a sha256: ${sha256}`);
  return `blobs/${sha256.slice(0, 2)}/${sha256}`;
}

/** Folder of a document's parsed result (one JSON file per PDF page or per block of rows). */
export function resultFolder(documentId: string): string {
  if (!/^[0-9a-f-]{36}$/.test(documentId)) throw new Error(`Not a document id: ${documentId}`);
  return `parsed/${documentId}`;
}

export interface StoredBlob extends SniffedType {
  sha256: string;
  sizeBytes: number;
  /** False when the same bytes were stored already (the upload reused that blob). */
  created: boolean;
}

export function humanSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Streams an upload to a temporary file while hashing it (refused with 413 past `maxBytes`),
 * recognises its type by content (415 otherwise), then keeps it as the blob of its sha256 —
 * once: the same bytes uploaded again reuse the stored blob. Nothing is left behind on refusal.
 */
export async function storeUpload(
  store: FileStore,
  upload: { fileName: string; stream: Readable; truncated: () => boolean },
  maxBytes: number,
): Promise<StoredBlob> {
  const temporary = path.join(store.root, 'tmp', `${randomBytes(12).toString('hex')}.upload`);
  await mkdir(path.dirname(temporary), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const tooLarge = () =>
    new AppError(413, `${upload.fileName} is larger than ${humanSize(maxBytes)}: upload a smaller file`);
  try {
    await pipeline(
      upload.stream,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) {
            done(tooLarge());
            return;
          }
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(temporary, { flags: 'wx' }),
    );
    // The multipart reader stops at its own limit and marks the file truncated.
    if (upload.truncated()) throw tooLarge();
    if (size === 0) throw new AppError(400, `${upload.fileName} is empty`);
    const type = await sniffContent(upload.fileName, await readHead(temporary), temporary);
    const sha256 = hash.digest('hex');
    const target = path.join(store.root, blobPath(sha256));
    await mkdir(path.dirname(target), { recursive: true });
    const existing = await stat(target).catch(() => null);
    const created = existing?.size !== size;
    if (created) await rename(temporary, target);
    else await rm(temporary, { force: true });
    return { ...type, sha256, sizeBytes: size, created };
  } catch (error) {
    upload.stream.resume();
    await rm(temporary, { force: true });
    throw error;
  }
}

async function readHead(filePath: string): Promise<Buffer> {
  const file = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

/**
 * Files the server produces (exports today), under DATA_DIR/files. Callers name files by paths
 * relative to that folder, which the server itself makes up: a path that is absolute or climbs
 * out of the folder is refused, so no user-supplied path ever reaches the disk.
 */
export interface FileStore {
  /** The absolute folder: DATA_DIR/files. */
  readonly root: string;
  /**
   * Writes a file: `produce` writes to the stream (and may end it); the content goes to a temporary
   * name and is renamed into place only when complete, so a reader never sees half a file.
   * Returns the size in bytes.
   */
  save(relativePath: string, produce: (output: Writable) => Promise<void>): Promise<number>;
  /** Opens a stored file for reading; the stream errors with ENOENT when it is gone. */
  open(relativePath: string): ReadStream;
  /** Deletes a stored file; a file already gone is not an error. */
  remove(relativePath: string): Promise<void>;
}

async function closeStream(stream: WriteStream): Promise<void> {
  if (stream.closed) return;
  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  stream.destroy();
  await closed;
}

export function createFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files');

  const resolve = (relativePath: string) => {
    const normalized = path.posix.normalize(relativePath);
    if (
      relativePath === '' ||
      path.isAbsolute(relativePath) ||
      normalized.startsWith('../') ||
      normalized === '..' ||
      relativePath.includes('\0') ||
      relativePath.includes('\\')
    ) {
      throw new Error(`Refused file path outside the store: ${JSON.stringify(relativePath)}`);
    }
    const absolute = path.join(root, normalized);
    if (!absolute.startsWith(`${root}${path.sep}`)) {
      throw new Error(`Refused file path outside the store: ${JSON.stringify(relativePath)}`);
    }
    return absolute;
  };

  return {
    root,

    async save(relativePath, produce) {
      const target = resolve(relativePath);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const output = createWriteStream(temporary, { flags: 'wx' });
      try {
        await produce(output);
        if (!output.writableEnded) output.end();
        await finished(output);
        await rename(temporary, target);
        return (await stat(target)).size;
      } catch (error) {
        // The stream opens its file asynchronously: wait until it is closed, or the file could
        // appear after we removed it and stay behind.
        await closeStream(output);
        await rm(temporary, { force: true });
        throw error;
      }
    },

    open(relativePath) {
      return createReadStream(resolve(relativePath));
    },

    async remove(relativePath) {
      await rm(resolve(relativePath), { force: true });
    },
  };
}

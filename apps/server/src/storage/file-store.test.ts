import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStore, type FileStore } from './file-store.ts';

let dataDir: string;
let store: FileStore;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'file-store-'));
  store = createFileStore(dataDir);
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('file store', () => {
  it('keeps files under DATA_DIR/files, creating folders, and reads them back', async () => {
    const size = await store.save('exports/org/abc/list.csv', async (out) => {
      out.write('a,b\r\n');
      out.end('1,2\r\n');
    });
    expect(size).toBe(10);
    expect(store.root).toBe(path.join(dataDir, 'files'));
    expect(readFileSync(path.join(dataDir, 'files/exports/org/abc/list.csv'), 'utf8')).toBe('a,b\r\n1,2\r\n');
    expect(await text(store.open('exports/org/abc/list.csv'))).toBe('a,b\r\n1,2\r\n');
  });

  it('ends the stream itself when the producer does not, and leaves no temporary file', async () => {
    await store.save('x/one.txt', async (out) => {
      out.write('one');
    });
    expect(readdirSync(path.join(dataDir, 'files/x'))).toEqual(['one.txt']);
  });

  it('leaves nothing behind when writing fails, and never a half file under the final name', async () => {
    const failing = store.save('x/broken.txt', async (out) => {
      out.write('half');
      throw new Error('disk on fire');
    });
    await expect(failing).rejects.toThrow('disk on fire');
    expect(existsSync(path.join(dataDir, 'files/x/broken.txt'))).toBe(false);
    expect(readdirSync(path.join(dataDir, 'files/x'))).toEqual([]);
  });

  it('leaves no temporary file when the producer fails before the file is even open', async () => {
    // The write stream opens asynchronously; a failure that comes first must still clean up.
    for (let i = 0; i < 200; i++) {
      await expect(
        store.save(`early/${i}.csv`, async () => {
          throw new Error('aborted');
        }),
      ).rejects.toThrow('aborted');
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // a late open would show up by now
    expect(readdirSync(path.join(store.root, 'early'))).toEqual([]);
  });

  it('refuses paths that are absolute or climb out of the store', async () => {
    for (const bad of ['../secret', 'a/../../secret', '/etc/passwd', '', 'a\\..\\b', '..']) {
      expect(() => store.open(bad)).toThrow(/outside the store/);
      await expect(store.remove(bad)).rejects.toThrow(/outside the store/);
    }
  });

  it('removes files, and a file already gone is not an error', async () => {
    await store.save('y/z.txt', async (out) => {
      out.end('z');
    });
    await store.remove('y/z.txt');
    expect(existsSync(path.join(dataDir, 'files/y/z.txt'))).toBe(false);
    await expect(store.remove('y/z.txt')).resolves.toBeUndefined();
  });
});

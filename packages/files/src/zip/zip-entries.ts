import type { Entry, ZipFile } from 'yauzl';

/** Every entry of a ZIP opened with `lazyEntries`, by name (central directory only: nothing is inflated). */
export async function zipEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve());
    zip.once('error', reject);
    zip.readEntry();
  });
  return entries;
}

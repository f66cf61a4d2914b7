import type { ImportSheet } from '@counterpart/contracts';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { FileReadError, formatBytes } from '../errors.ts';

/** How far a workbook may expand when unpacked. */
export interface XlsxUnpackLimits {
  /** The most its zip entries may expand to together. */
  maxUnpackedBytes: number;
  /** The largest expansion ratio of one zip entry bigger than 1 MiB unpacked. */
  maxEntryRatio: number;
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHEET_HEAD_BYTES = 4096;

function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: Entry) => done(() => resolve(entry));
    const onEnd = () => done(() => resolve(null));
    const onError = (error: Error) => done(() => reject(error));
    const done = (settle: () => void) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      settle();
    };
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescapeXml(match[1] ?? '') : null;
}

/** Sheet names in workbook order with the sheet files they live in. */
function sheetFiles(workbook: string, rels: string): Array<{ name: string; path: string | null }> {
  const targets = new Map<string, string>();
  for (const tag of rels.match(/<Relationship\b[^>]*>/g) ?? []) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  return (workbook.match(/<sheet\b[^>]*>/g) ?? []).map((tag) => {
    const id = attribute(tag, 'r:id');
    return { name: attribute(tag, 'name') ?? '', path: id ? (targets.get(id) ?? null) : null };
  });
}

/** Rows stated by a sheet's <dimension ref="A1:J100"/>, when present. */
function statedRows(sheetHead: string): number | null {
  const ref = /<dimension\s+ref="[A-Z]*(\d*):?[A-Z]*(\d*)"/.exec(sheetHead);
  if (!ref) return null;
  const last = Number(ref[2] || ref[1]);
  return Number.isFinite(last) && last > 0 ? last : null;
}

/**
 * Checks an uploaded ZIP is an XLSX workbook that is safe to unpack: it holds xl/workbook.xml,
 * every entry really inflates (sizes are verified, not trusted) and the whole stays under the
 * limits. Answers the sheets with the row counts their files state. A file refused throws a
 * FileReadError naming it.
 */
export async function inspectXlsx(
  filePath: string,
  fileName: string,
  limits: XlsxUnpackLimits,
): Promise<ImportSheet[]> {
  const tooBig = () =>
    new FileReadError(
      `"${fileName}" expands to more than ${formatBytes(limits.maxUnpackedBytes)} (or more than ` +
        `${limits.maxEntryRatio} times its size) when unpacked; it is not a spreadsheet we can read safely`,
    );
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new FileReadError(
      `"${fileName}" looks like a ZIP archive but it is damaged, so it cannot be read as XLSX`,
    );
  }
  const texts = new Map<string, string>();
  let unpacked = 0;
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      unpacked += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (unpacked > limits.maxUnpackedBytes) throw tooBig();
      if (entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxEntryRatio) throw tooBig();
      if (entry.fileName.endsWith('/')) continue;
      const keep =
        entry.fileName === WORKBOOK || entry.fileName === WORKBOOK_RELS
          ? Number.POSITIVE_INFINITY
          : entry.fileName.startsWith('xl/worksheets/')
            ? SHEET_HEAD_BYTES
            : 0;
      texts.set(entry.fileName, await inflate(zip, entry, keep));
    }
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    throw new FileReadError(`"${fileName}" is a damaged ZIP archive, so it cannot be read as XLSX`);
  } finally {
    zip.close();
  }
  const workbook = texts.get(WORKBOOK);
  if (workbook === undefined) {
    throw new FileReadError(
      `"${fileName}" is a ZIP archive but not an XLSX workbook (it has no xl/workbook.xml)`,
    );
  }
  return sheetFiles(workbook, texts.get(WORKBOOK_RELS) ?? '').map(({ name, path }) => ({
    name,
    row_count: path ? statedRows(texts.get(path) ?? '') : null,
  }));
}

/** Inflates one entry to the end (yauzl checks its real size) and keeps its first `keep` bytes as text. */
async function inflate(zip: ZipFile, entry: Entry, keep: number): Promise<string> {
  const stream = await zip.openReadStreamPromise(entry);
  const kept: Buffer[] = [];
  let keptBytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (keptBytes < keep) {
      kept.push(chunk);
      keptBytes += chunk.length;
    }
  }
  const text = Buffer.concat(kept).toString('utf8');
  return Number.isFinite(keep) ? text.slice(0, keep) : text;
}

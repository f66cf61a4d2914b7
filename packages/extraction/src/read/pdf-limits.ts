import { inflateSync } from 'node:zlib';
import { DocumentContentError, formatBytes } from '@counterpart/files';

/** Pages read by default: more is refused (pass `maxPages` to raise or lower it). */
export const DEFAULT_MAX_PAGES = 500;
/** The largest page side a PDF may declare (the format's own limit: 200 inches = 14,400 points). */
export const MAX_PAGE_POINTS = 14_400;
/**
 * What a PDF's compressed streams may expand to, together: at least this, and 200 times the file's
 * size for large files (a big scanned PDF's images expand a lot; a bomb expands ~1000 times).
 */
export const MAX_INFLATED_BYTES = 512 * 1024 * 1024;
const MAX_INFLATE_RATIO = 200;

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * Refuses a decompression bomb before pdfjs opens the file: inflates every zlib stream of the file
 * (outside object streams' own contents, which are counted as streams themselves) with a budget, so a
 * few kilobytes that expand to gigabytes fail fast with a clear message instead of filling the memory.
 */
export function checkInflatedSize(
  bytes: Uint8Array,
  limit = Math.max(MAX_INFLATED_BYTES, bytes.length * MAX_INFLATE_RATIO),
): void {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let at = data.indexOf(STREAM);
  while (at >= 0) {
    const isEnd = at >= 3 && data.toString('latin1', at - 3, at) === 'end';
    let start = at + STREAM.length;
    if (!isEnd && (data[start] === 0x0d || data[start] === 0x0a)) {
      if (data[start] === 0x0d && data[start + 1] === 0x0a) start += 2;
      else start += 1;
      const end = data.indexOf(END_STREAM, start);
      const stop = end < 0 ? data.length : end;
      // zlib streams start with 0x78 (deflate, 32 KB window): others (images, fonts as-is) are skipped.
      if (data[start] === 0x78) total += inflatedSize(data.subarray(start, stop), limit - total);
      if (total > limit) {
        throw new DocumentContentError(
          `The PDF expands to more than ${formatBytes(limit)} when decompressed (a decompression bomb?)`,
        );
      }
      at = data.indexOf(STREAM, end < 0 ? data.length : end + END_STREAM.length);
    } else {
      at = data.indexOf(STREAM, start);
    }
  }
}

/** The inflated size of one stream, or more than `budget` once it passes it; a damaged stream counts 0. */
function inflatedSize(stream: Buffer, budget: number): number {
  try {
    return inflateSync(stream, { maxOutputLength: Math.max(1, budget), finishFlush: 2 /* Z_SYNC_FLUSH */ })
      .length;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return budget + 1;
    return 0;
  }
}

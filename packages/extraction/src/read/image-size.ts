import { DocumentContentError } from '@counterpart/files';
import type { DocumentFormat } from './sniff.ts';

/** The most pixels an image may have (about A3 at 600 DPI): more is refused before it is decoded. */
export const MAX_IMAGE_PIXELS = 70_000_000;

/** An image's size from its header (PNG IHDR, JPEG SOF, TIFF's first IFD), without decoding it. */
export function imageSize(
  bytes: Uint8Array,
  format: Exclude<DocumentFormat, 'pdf'>,
): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const damaged = () => new DocumentContentError(`The ${format.toUpperCase()} image is damaged or cut short`);
  try {
    if (format === 'png') return { width: view.getUint32(16), height: view.getUint32(20) };
    if (format === 'jpeg') {
      let at = 2;
      while (at + 9 < bytes.length) {
        if (view.getUint8(at) !== 0xff) throw damaged();
        const marker = view.getUint8(at + 1);
        if (marker === 0xff) {
          at++;
          continue;
        }
        // Start of frame (any kind but DHT C4, JPG C8, DAC CC) holds the size.
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
        }
        at += 2 + view.getUint16(at + 2);
      }
      throw damaged();
    }
    const little = bytes[0] === 0x49;
    const ifd = view.getUint32(4, little);
    const count = view.getUint16(ifd, little);
    let width = 0;
    let height = 0;
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      const tag = view.getUint16(entry, little);
      const type = view.getUint16(entry + 2, little);
      const value = type === 3 ? view.getUint16(entry + 8, little) : view.getUint32(entry + 8, little);
      if (tag === 256) width = value;
      if (tag === 257) height = value;
    }
    return { width, height };
  } catch (error) {
    if (error instanceof DocumentContentError) throw error;
    throw damaged();
  }
}

/** Refuses an image with no pixels or too many (a decompression bomb: a small file, a huge picture). */
export function checkImageSize(size: { width: number; height: number }, format: string): void {
  if (!(size.width > 0 && size.height > 0)) {
    throw new DocumentContentError(`The ${format.toUpperCase()} image is damaged (it has no size)`);
  }
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new DocumentContentError(
      `The image is ${size.width.toLocaleString('en')} × ${size.height.toLocaleString('en')} pixels; ` +
        `at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are read`,
    );
  }
}

/** How many pages (image file directories) a TIFF holds. */
export function tiffPageCount(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = bytes[0] === 0x49;
  let pages = 0;
  let ifd = view.getUint32(4, little);
  const seen = new Set<number>();
  while (ifd > 0 && ifd + 2 <= bytes.length && !seen.has(ifd) && pages < 10_000) {
    seen.add(ifd);
    pages++;
    const next = ifd + 2 + view.getUint16(ifd, little) * 12;
    if (next + 4 > bytes.length) break;
    ifd = view.getUint32(next, little);
  }
  return pages;
}

import { DocumentContentError, decodeJpegRgb } from '@counterpart/files';
import type { GrayImage } from './deskew.ts';

const luminance = (r: number, g: number, b: number) => (r * 77 + g * 150 + b * 29) >> 8;

/**
 * A JPEG (a phone photo, mostly) decoded to grey with pdfjs' JavaScript decoder (baseline and
 * progressive; grey, RGB and CMYK): a damaged file is an error, never a crash — the native canvas
 * decoder crashes the process on some damaged JPEGs.
 */
export async function decodeJpeg(bytes: Uint8Array): Promise<GrayImage> {
  try {
    const { rgb, width, height } = await decodeJpegRgb(bytes);
    const gray = new Uint8Array(width * height);
    for (let i = 0, p = 0; i < gray.length; i++, p += 3) {
      gray[i] = luminance(rgb[p] as number, rgb[p + 1] as number, rgb[p + 2] as number);
    }
    return { data: gray, width, height };
  } catch {
    throw new DocumentContentError('The JPEG image is damaged and cannot be read');
  }
}

/** What pdfjs' JavaScript JPEG decoder offers (its image_decoders bundle ships no types). */
interface JpegDecoder {
  parse(data: Uint8Array): void;
  width: number;
  height: number;
  getData(options: { width: number; height: number; forceRGB: boolean }): Uint8Array | Uint8ClampedArray;
}

let decoders: Promise<{ JpegImage: new () => JpegDecoder }> | undefined;
const DECODERS = 'pdfjs-dist/legacy/image_decoders/pdf.image_decoders.mjs';

/**
 * Decodes a JPEG (baseline or progressive; grey, RGB or CMYK) to RGB bytes with pdfjs' decoder, in
 * JavaScript: a damaged file throws (pdfjs' JpegError), it cannot crash the process as native
 * decoders can. Loaded on first use.
 */
export async function decodeJpegRgb(
  bytes: Uint8Array,
): Promise<{ rgb: Uint8Array | Uint8ClampedArray; width: number; height: number }> {
  decoders ??= import(DECODERS) as Promise<{ JpegImage: new () => JpegDecoder }>;
  const { JpegImage } = await decoders;
  const jpeg = new JpegImage();
  jpeg.parse(bytes);
  const { width, height } = jpeg;
  return { rgb: jpeg.getData({ width, height, forceRGB: true }), width, height };
}

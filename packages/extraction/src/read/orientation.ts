import type { GrayImage } from './deskew.ts';

/**
 * The EXIF orientation of a JPEG (1 upright … 8), from its APP1 segment; 1 when there is none.
 * Phones store the picture as the sensor saw it and say here how to turn it.
 */
export function jpegOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 < bytes.length && view.getUint8(at) === 0xff) {
    const marker = view.getUint8(at + 1);
    const length = view.getUint16(at + 2);
    if (marker === 0xda) break; // start of scan: no more headers
    // APP1 "Exif\0\0" then a TIFF header.
    if (marker === 0xe1 && at + 10 + 8 < bytes.length && view.getUint32(at + 4) === 0x45786966) {
      const tiff = at + 10;
      const little = view.getUint16(tiff) === 0x4949;
      const ifd = tiff + view.getUint32(tiff + 4, little);
      if (ifd + 2 > bytes.length) return 1;
      const count = view.getUint16(ifd, little);
      for (let i = 0; i < count && ifd + 2 + i * 12 + 10 <= bytes.length; i++) {
        const entry = ifd + 2 + i * 12;
        if (view.getUint16(entry, little) === 0x0112) {
          const value = view.getUint16(entry + 8, little);
          return value >= 1 && value <= 8 ? value : 1;
        }
      }
      return 1;
    }
    at += 2 + length;
  }
  return 1;
}

/** Turns a decoded picture upright as its EXIF orientation says (mirrored ones are turned, not flipped). */
export function applyOrientation(image: GrayImage, orientation: number): GrayImage {
  // 3/4: half a turn; 6/5: a quarter turn clockwise; 8/7: a quarter turn anticlockwise.
  const turns =
    orientation === 3 || orientation === 4
      ? 2
      : orientation === 6 || orientation === 5
        ? 1
        : orientation === 8 || orientation === 7
          ? 3
          : 0;
  if (turns === 0) return image;
  const { width, height, data } = image;
  const out = new Uint8Array(width * height);
  if (turns === 2) {
    for (let i = 0; i < data.length; i++) out[data.length - 1 - i] = data[i] as number;
    return { data: out, width, height };
  }
  // A quarter turn: the new image is height wide and width tall.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = data[y * width + x] as number;
      if (turns === 1) out[x * height + (height - 1 - y)] = v;
      else out[(width - 1 - x) * height + y] = v;
    }
  }
  return { data: out, width: height, height: width };
}

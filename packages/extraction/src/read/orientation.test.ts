import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { applyOrientation, jpegOrientation } from './orientation.ts';

/** An APP1 Exif segment (big-endian TIFF) with one entry: Orientation = value. */
function exifSegment(value: number) {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(value, 18);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

describe('EXIF orientation', () => {
  it('reads the orientation a phone wrote, 1 when there is none', async () => {
    const jpeg = Buffer.from(await createCanvas(8, 4).encode('jpeg'));
    expect(jpegOrientation(jpeg)).toBe(1);
    const turned = Buffer.concat([jpeg.subarray(0, 2), exifSegment(6), jpeg.subarray(2)]);
    expect(jpegOrientation(turned)).toBe(6);
  });

  it('turns a picture upright: a quarter turn either way, half a turn', () => {
    // 3×2:  1 2 3
    //       4 5 6
    const image = { data: Uint8Array.from([1, 2, 3, 4, 5, 6]), width: 3, height: 2 };
    expect(applyOrientation(image, 1)).toBe(image);
    expect(applyOrientation(image, 6)).toEqual({
      data: Uint8Array.from([4, 1, 5, 2, 6, 3]),
      width: 2,
      height: 3,
    });
    expect(applyOrientation(image, 8)).toEqual({
      data: Uint8Array.from([3, 6, 2, 5, 1, 4]),
      width: 2,
      height: 3,
    });
    expect(applyOrientation(image, 3)).toEqual({
      data: Uint8Array.from([6, 5, 4, 3, 2, 1]),
      width: 3,
      height: 2,
    });
  });
});

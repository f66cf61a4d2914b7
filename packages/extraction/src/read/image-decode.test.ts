import { DocumentContentError } from '@counterpart/files';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { decodeJpeg } from './image-decode.ts';

/** A 40×20 picture: left half black, right half mid-grey. */
function halves() {
  const canvas = createCanvas(40, 20);
  const context = canvas.getContext('2d');
  context.fillStyle = '#000000';
  context.fillRect(0, 0, 20, 20);
  context.fillStyle = '#808080';
  context.fillRect(20, 0, 20, 20);
  return canvas;
}

describe('decoding JPEG to grey in JavaScript', () => {
  it('decodes a JPEG', async () => {
    const gray = await decodeJpeg(await halves().encode('jpeg', 95));
    expect(gray).toMatchObject({ width: 40, height: 20 });
    expect(gray.data[5 * 40 + 3]).toBeLessThan(8);
    expect(Math.abs((gray.data[5 * 40 + 30] as number) - 128)).toBeLessThan(8);
  });

  it('refuses a damaged JPEG with a clear error instead of crashing', async () => {
    const jpeg = Buffer.from(await halves().encode('jpeg', 80));
    // Scrambled compressed data (this crashes the native canvas decoder).
    for (let i = jpeg.length - 200; i < jpeg.length - 10; i += 3) jpeg[i] = (jpeg[i] as number) ^ 0x5a;
    await decodeJpeg(jpeg).then(
      (gray) => expect(gray.width).toBe(40), // decoded as noise: still no crash
      (error) =>
        expect(error).toEqual(new DocumentContentError('The JPEG image is damaged and cannot be read')),
    );
    await expect(decodeJpeg(jpeg.subarray(0, 30))).rejects.toThrow(
      'The JPEG image is damaged and cannot be read',
    );
  });
});

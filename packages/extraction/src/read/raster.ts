import type { PdfDocument } from '@counterpart/files';
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { evenBackground } from './background.ts';
import { estimateSkew, type GrayImage, rotateGray } from './deskew.ts';

/** Scanned pages are rendered at this resolution for OCR. */
export const OCR_DPI = 300;
/** A rendered page keeps at most this many pixels (a poster-sized page is rendered at a lower DPI). */
export const MAX_RENDER_PIXELS = 36_000_000;

/** Renders a PDF page at 300 DPI (less for very large pages) on white. */
export async function renderPdfPage(document: PdfDocument, pageNumber: number): Promise<Canvas> {
  const page = await document.getPage(pageNumber);
  try {
    const points = page.getViewport({ scale: 1 });
    let scale = OCR_DPI / 72;
    const pixels = points.width * points.height * scale * scale;
    if (pixels > MAX_RENDER_PIXELS) scale *= Math.sqrt(MAX_RENDER_PIXELS / pixels);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(
      Math.max(1, Math.round(viewport.width)),
      Math.max(1, Math.round(viewport.height)),
    );
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: context as never, canvas: canvas as never, viewport }).promise;
    return canvas;
  } finally {
    page.cleanup();
  }
}

/** The canvas in grey levels (0 black .. 255 white). */
export function toGray(canvas: Canvas): GrayImage {
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  const gray = new Uint8Array(canvas.width * canvas.height);
  for (let i = 0, p = 0; i < gray.length; i++, p += 4) {
    gray[i] = ((data[p] as number) * 77 + (data[p + 1] as number) * 150 + (data[p + 2] as number) * 29) >> 8;
  }
  return { data: gray, width: canvas.width, height: canvas.height };
}

/**
 * Skews under this many degrees are left to tesseract, which reads them as well (measured on the
 * benchmark's scans: rotating them back by interpolation cost more than it gained).
 */
export const MIN_SKEW = 2;

/**
 * Prepares a scan or photo for OCR: lighting evened out, then, if the text lines slope by more than
 * MIN_SKEW degrees, rotated back. Returns the grey image to read and the angle corrected (degrees).
 */
export function prepareForOcr(gray: GrayImage): { image: GrayImage; skew: number } {
  const even = evenBackground(gray);
  const skew = estimateSkew(even);
  if (Math.abs(skew) < MIN_SKEW) return { image: even, skew: 0 };
  return { image: rotateGray(even, -skew), skew };
}

/** The image as a binary PGM (P5): tesseract reads it without any encoding cost. */
export function toPgm(image: GrayImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const pgm = new Uint8Array(header.length + image.data.length);
  pgm.set(header);
  pgm.set(image.data, header.length);
  return pgm;
}

import type { PdfDocument } from '@counterpart/files';
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { estimateSkew, type GrayImage } from './deskew.ts';

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

/** Rotates the canvas by `degrees` (clockwise) about its centre, on white, keeping its size. */
export function rotate(canvas: Canvas, degrees: number): Canvas {
  const rotated = createCanvas(canvas.width, canvas.height);
  const context = rotated.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, rotated.width, rotated.height);
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.drawImage(canvas, -canvas.width / 2, -canvas.height / 2);
  return rotated;
}

/** Skews under a quarter of a degree are left alone: OCR reads them as well. */
const MIN_SKEW = 0.25;

/**
 * Straightens a scan or photo: estimates the skew of its text lines and rotates it back; returns the
 * grey image to read and the angle corrected (degrees, clockwise).
 */
export function straighten(canvas: Canvas): { image: GrayImage; skew: number } {
  const gray = toGray(canvas);
  const skew = estimateSkew(gray);
  if (Math.abs(skew) < MIN_SKEW) return { image: gray, skew: 0 };
  return { image: toGray(rotate(canvas, -skew)), skew };
}

/** The image as a binary PGM (P5): tesseract reads it without any encoding cost. */
export function toPgm(image: GrayImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const pgm = new Uint8Array(header.length + image.data.length);
  pgm.set(header);
  pgm.set(image.data, header.length);
  return pgm;
}

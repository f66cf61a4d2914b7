/**
 * The same invoice as a scan and as a phone photo, deterministic by seed, with its ground truth's boxes
 * moved to where the values now are.
 *
 * scan:  each page rasterised at 300 DPI (pdfjs onto @napi-rs/canvas), greyscale, rotated ±2°, shifted,
 *        blurred, with sensor noise and specks; a one-page invoice as PNG, longer ones as an image-only
 *        PDF of JPEG pages.
 * photo: each page at ~150 DPI, warped in perspective onto a table-coloured background, lit unevenly
 *        (a gradient and a vignette), blurred, noisy, saved as JPEG (an image-only PDF when longer).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Box } from '@counterpart/contracts';
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import type { InvoiceTruth, ValueTruth } from './invoice-data.ts';
import { Random } from './random.ts';

export const RENDITIONS = ['text', 'scan', 'photo'] as const;
export type RenditionName = (typeof RENDITIONS)[number];

export interface Rendition {
  name: RenditionName;
  bytes: Uint8Array;
  format: 'pdf' | 'png' | 'jpeg';
  truth: InvoiceTruth;
}

/** Maps a point in the original page's units to the rendition's page units. */
type PointMap = (x: number, y: number) => [number, number];

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
const assets = () => {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
    cMapUrl: `${path.join(root, 'cmaps')}${path.sep}`,
  };
};

/** Every page of a PDF drawn at `dpi` on a white canvas. */
export async function rasterise(pdf: Uint8Array, dpi: number): Promise<Canvas[]> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const task = getDocument({
    data: pdf.slice(),
    ...assets(),
    cMapPacked: true,
    isEvalSupported: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const canvases: Canvas[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        canvasContext: ctx as unknown as CanvasRenderingContext2D,
        viewport,
      }).promise;
      page.cleanup();
      canvases.push(canvas);
    }
    return canvases;
  } finally {
    await task.destroy();
  }
}

function mapBox(box: Box, map: PointMap): Box {
  const corners = [map(box.x0, box.y0), map(box.x1, box.y0), map(box.x0, box.y1), map(box.x1, box.y1)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const clamp = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1e5) / 1e5;
  return {
    x0: clamp(Math.min(...xs)),
    y0: clamp(Math.min(...ys)),
    x1: clamp(Math.max(...xs)),
    y1: clamp(Math.max(...ys)),
  };
}

/** The truth with every box moved by its page's map. */
export function mapTruth(truth: InvoiceTruth, maps: PointMap[]): InvoiceTruth {
  const move = (v: ValueTruth): ValueTruth => ({ ...v, box: mapBox(v.box, maps[v.page - 1] as PointMap) });
  return {
    ...truth,
    fields: Object.fromEntries(
      Object.entries(truth.fields).map(([k, v]) => [k, move(v)]),
    ) as InvoiceTruth['fields'],
    line_items: truth.line_items.map((row) => ({
      page: row.page,
      cells: Object.fromEntries(Object.entries(row.cells).map(([k, v]) => [k, move(v)])) as typeof row.cells,
    })),
  };
}

/** Grey levels with Gaussian noise and a few dark specks; `light(x, y)` multiplies the paper's brightness. */
function degrade(
  canvas: Canvas,
  rng: Random,
  noise: number,
  specks: number,
  light?: (x: number, y: number) => number,
): void {
  const ctx = canvas.getContext('2d');
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const d = image.data;
  const w = canvas.width;
  for (let i = 0, p = 0; i < d.length; i += 4, p++) {
    let g = 0.299 * (d[i] as number) + 0.587 * (d[i + 1] as number) + 0.114 * (d[i + 2] as number);
    if (light) g *= light(p % w, Math.floor(p / w));
    g += rng.gaussian(noise);
    d[i] = g;
    d[i + 1] = g;
    d[i + 2] = g;
    d[i + 3] = 255;
  }
  for (let s = 0; s < specks; s++) {
    const x = rng.int(0, canvas.width - 3);
    const y = rng.int(0, canvas.height - 3);
    const size = rng.int(1, 3);
    for (let dy = 0; dy < size; dy++)
      for (let dx = 0; dx < size; dx++) {
        const i = ((y + dy) * w + x + dx) * 4;
        d[i] = d[i + 1] = d[i + 2] = rng.int(0, 90);
      }
  }
  ctx.putImageData(image, 0, 0);
}

/** Draws `source` onto a same-size white canvas rotated by `degrees` about its centre, shifted, blurred. */
function rotate(
  source: Canvas,
  degrees: number,
  shiftX: number,
  shiftY: number,
  blur: number,
): { canvas: Canvas; map: PointMap } {
  const { width: w, height: h } = source;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  const angle = (degrees * Math.PI) / 180;
  ctx.translate(w / 2 + shiftX, h / 2 + shiftY);
  ctx.rotate(angle);
  ctx.drawImage(source, -w / 2, -h / 2);
  // Blur in a second pass without a transform: @napi-rs/canvas 0.1.100 misplaces a filtered drawImage
  // under a rotation (the page lands shifted by half its size).
  const blurred = createCanvas(w, h);
  const bctx = blurred.getContext('2d');
  bctx.filter = blur > 0 ? `blur(${blur.toFixed(2)}px)` : 'none';
  bctx.drawImage(canvas, 0, 0);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const map: PointMap = (x, y) => {
    const px = x * w - w / 2;
    const py = y * h - h / 2;
    return [(px * cos - py * sin + w / 2 + shiftX) / w, (px * sin + py * cos + h / 2 + shiftY) / h];
  };
  return { canvas: blurred, map };
}

async function imagePdf(pages: Canvas[], quality: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  for (const canvas of pages) {
    const jpeg = await pdf.embedJpg(await canvas.encode('jpeg', quality));
    // A4 at the image's aspect: the scanner's page size.
    const width = 595.28;
    const height = (width * canvas.height) / canvas.width;
    pdf.addPage([width, height]).drawImage(jpeg, { x: 0, y: 0, width, height });
  }
  return pdf.save({ useObjectStreams: false });
}

/** A scanned copy: 300 DPI, ±2° rotation, blur, noise; PNG for one page, an image-only PDF beyond. */
export async function scan(pdf: Uint8Array, truth: InvoiceTruth, seed: number): Promise<Rendition> {
  const rng = new Random(seed);
  const pages = await rasterise(pdf, 300);
  const out: Canvas[] = [];
  const maps: PointMap[] = [];
  for (const page of pages) {
    const { canvas, map } = rotate(
      page,
      rng.range(-2, 2),
      rng.range(-25, 25),
      rng.range(-25, 25),
      rng.range(0.4, 1.1),
    );
    const contrast = rng.range(0.88, 1);
    degrade(canvas, rng, rng.range(6, 14), rng.int(200, 900), () => contrast);
    out.push(canvas);
    maps.push(map);
  }
  const moved = mapTruth(truth, maps);
  if (out.length === 1) {
    return {
      name: 'scan',
      bytes: new Uint8Array(await (out[0] as Canvas).encode('png')),
      format: 'png',
      truth: moved,
    };
  }
  return { name: 'scan', bytes: await imagePdf(out, 88), format: 'pdf', truth: moved };
}

/** The homography taking the four `from` points to the four `to` points (row-major 3×3, h33 = 1). */
export function homography(from: [number, number][], to: [number, number][]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i] as [number, number];
    const [u, v] = to[i] as [number, number];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8×9 augmented matrix.
  for (let c = 0; c < 8; c++) {
    let best = c;
    for (let r = c + 1; r < 8; r++)
      if (Math.abs((a[r] as number[])[c] as number) > Math.abs((a[best] as number[])[c] as number)) best = r;
    [a[c], a[best]] = [a[best] as number[], a[c] as number[]];
    const pivot = a[c] as number[];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const row = a[r] as number[];
      const f = (row[c] as number) / (pivot[c] as number);
      for (let k = c; k < 9; k++) row[k] = (row[k] as number) - f * (pivot[k] as number);
    }
  }
  return [...a.map((row, c) => (row[8] as number) / (row[c] as number)), 1];
}

const apply = (h: number[], x: number, y: number): [number, number] => {
  const w = (h[6] as number) * x + (h[7] as number) * y + 1;
  return [
    ((h[0] as number) * x + (h[1] as number) * y + (h[2] as number)) / w,
    ((h[3] as number) * x + (h[4] as number) * y + (h[5] as number)) / w,
  ];
};

/** A phone photo of the page: perspective, uneven light, lower resolution, JPEG. */
export async function photo(pdf: Uint8Array, truth: InvoiceTruth, seed: number): Promise<Rendition> {
  const rng = new Random(seed);
  const pages = await rasterise(pdf, 150);
  const out: Canvas[] = [];
  const maps: PointMap[] = [];
  for (const page of pages) {
    const W = 1500;
    const H = 2000;
    const sw = page.width;
    const sh = page.height;
    const margin = () => rng.range(40, 150);
    const dst: [number, number][] = [
      [margin(), margin()],
      [W - margin(), margin()],
      [W - margin(), H - margin()],
      [margin(), H - margin()],
    ];
    const src: [number, number][] = [
      [0, 0],
      [sw, 0],
      [sw, sh],
      [0, sh],
    ];
    const inverse = homography(dst, src);
    const forward = homography(src, dst);
    const source = page.getContext('2d').getImageData(0, 0, sw, sh).data;
    const canvas = createCanvas(W, H);
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(W, H);
    const d = image.data;
    const table = [rng.int(90, 150), rng.int(70, 120), rng.int(50, 90)];
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const [sx, sy] = apply(inverse, x + 0.5, y + 0.5);
        const i = (y * W + x) * 4;
        if (sx < 0 || sy < 0 || sx >= sw - 1 || sy >= sh - 1) {
          d[i] = table[0] as number;
          d[i + 1] = table[1] as number;
          d[i + 2] = table[2] as number;
        } else {
          const x0 = Math.floor(sx);
          const y0 = Math.floor(sy);
          const fx = sx - x0;
          const fy = sy - y0;
          for (let ch = 0; ch < 3; ch++) {
            const p = (yy: number, xx: number) => source[(yy * sw + xx) * 4 + ch] as number;
            d[i + ch] =
              p(y0, x0) * (1 - fx) * (1 - fy) +
              p(y0, x0 + 1) * fx * (1 - fy) +
              p(y0 + 1, x0) * (1 - fx) * fy +
              p(y0 + 1, x0 + 1) * fx * fy;
          }
        }
        d[i + 3] = 255;
      }
    ctx.putImageData(image, 0, 0);
    // Blur (a phone's focus) by redrawing through a filter.
    const blurred = createCanvas(W, H);
    const bctx = blurred.getContext('2d');
    bctx.filter = `blur(${rng.range(0.5, 1.0).toFixed(2)}px)`;
    bctx.drawImage(canvas, 0, 0);
    const gx = rng.range(-0.25, 0.25);
    const gy = rng.range(-0.25, 0.25);
    const cx = rng.range(0.3, 0.7) * W;
    const cy = rng.range(0.3, 0.7) * H;
    const vignette = rng.range(0.15, 0.35);
    const base = rng.range(0.8, 0.95);
    const light = (x: number, y: number) => {
      const r2 = ((x - cx) / W) ** 2 + ((y - cy) / H) ** 2;
      return Math.max(0.35, base + gx * (x / W - 0.5) + gy * (y / H - 0.5) - vignette * r2 * 2);
    };
    degrade(blurred, rng, rng.range(4, 9), 0, light);
    out.push(blurred);
    maps.push((x, y) => {
      const [u, v] = apply(forward, x * sw, y * sh);
      return [u / W, v / H];
    });
  }
  const moved = mapTruth(truth, maps);
  const quality = 72;
  if (out.length === 1)
    return {
      name: 'photo',
      bytes: new Uint8Array(await (out[0] as Canvas).encode('jpeg', quality)),
      format: 'jpeg',
      truth: moved,
    };
  return { name: 'photo', bytes: await imagePdf(out, quality), format: 'pdf', truth: moved };
}

/** The invoice in one rendition. */
export async function render(
  name: RenditionName,
  pdf: Uint8Array,
  truth: InvoiceTruth,
  seed: number,
): Promise<Rendition> {
  if (name === 'text') return { name, bytes: pdf, format: 'pdf', truth };
  return name === 'scan' ? scan(pdf, truth, seed) : photo(pdf, truth, seed);
}

/** A grey image, one byte a pixel (0 black .. 255 white), row by row. */
export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The skew is looked for within ± this many degrees (scanner feeds and careful photos). */
export const MAX_SKEW = 8;
const SAMPLE_WIDTH = 1000;
const INK = 150;

/**
 * Estimates how far the text lines slope (degrees; positive when they go down to the right, i.e. the
 * page was turned clockwise): the angle whose projection of the ink onto rows gives the sharpest
 * profile (text lines and gaps alternate), coarse steps then fine ones, on a down-sampled copy.
 */
export function estimateSkew(image: GrayImage): number {
  const step = Math.max(1, Math.floor(image.width / SAMPLE_WIDTH));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < image.height; y += step) {
    const row = y * image.width;
    for (let x = 0; x < image.width; x += step) {
      if ((image.data[row + x] as number) < INK) {
        xs.push(x / step);
        ys.push(y / step);
      }
    }
  }
  if (xs.length < 50) return 0;
  const rows =
    Math.ceil(image.height / step) +
    Math.ceil((image.width / step) * Math.tan((MAX_SKEW * Math.PI) / 180)) * 2 +
    2;
  const offset = Math.floor(rows / 2) - Math.floor(image.height / step / 2);
  const histogram = new Float64Array(rows);
  const sharpness = (degrees: number) => {
    histogram.fill(0);
    const slope = Math.tan((degrees * Math.PI) / 180);
    for (let i = 0; i < xs.length; i++) {
      const row = Math.round((ys[i] as number) - (xs[i] as number) * slope) + offset;
      if (row >= 0 && row < rows) histogram[row] = (histogram[row] as number) + 1;
    }
    let score = 0;
    for (let r = 1; r < rows; r++) {
      const d = (histogram[r] as number) - (histogram[r - 1] as number);
      score += d * d;
    }
    return score;
  };
  let best = 0;
  let bestScore = sharpness(0);
  for (const [from, to, by] of [
    [-MAX_SKEW, MAX_SKEW, 0.5],
    [-0.5, 0.5, 0.1],
  ] as const) {
    const centre = by === 0.5 ? 0 : best;
    for (let a = centre + from; a <= centre + to + 1e-9; a += by) {
      const score = sharpness(a);
      if (score > bestScore) {
        bestScore = score;
        best = a;
      }
    }
  }
  return Math.round(best * 10) / 10;
}

/** Rotates a grey image by `degrees` (clockwise) about its centre, keeping its size, on white (bilinear). */
export function rotateGray(image: GrayImage, degrees: number): GrayImage {
  const { width, height, data } = image;
  const out = new Uint8Array(width * height).fill(255);
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    const dy = y + 0.5 - cy;
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - cx;
      // The source of each output pixel: the inverse rotation.
      const sx = cos * dx + sin * dy + cx - 0.5;
      const sy = -sin * dx + cos * dy + cy - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * width + x0;
      const top = (data[i] as number) * (1 - fx) + (data[i + 1] as number) * fx;
      const bottom = (data[i + width] as number) * (1 - fx) + (data[i + width + 1] as number) * fx;
      out[y * width + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return { data: out, width, height };
}

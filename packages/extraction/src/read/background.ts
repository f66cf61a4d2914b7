import type { GrayImage } from './deskew.ts';

/** The paper's brightness per cell of the image (cells of `cell` pixels), and the grid's size. */
interface PaperLevels {
  levels: Float32Array;
  cols: number;
  rows: number;
  cell: number;
}

/**
 * The paper's brightness around each cell: a bright percentile (90th) of each small cell, then the
 * brightest of its 3×3 neighbourhood, so a cell full of ink takes the paper around it.
 */
function paperLevels(image: GrayImage): PaperLevels {
  const { width, height, data } = image;
  const cell = Math.max(16, Math.round(Math.max(width, height) / 60));
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const bright = new Float32Array(cols * rows);
  const histogram = new Uint32Array(256);
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      histogram.fill(0);
      let count = 0;
      const xEnd = Math.min(width, (cx + 1) * cell);
      for (let y = cy * cell; y < Math.min(height, (cy + 1) * cell); y += 2) {
        for (let x = cx * cell, i = y * width + x; x < xEnd; x += 2, i += 2) {
          const v = data[i] as number;
          histogram[v] = (histogram[v] as number) + 1;
          count++;
        }
      }
      let seen = 0;
      let level = 255;
      for (let v = 0; v < 256; v++) {
        seen += histogram[v] as number;
        if (seen >= count * 0.9) {
          level = v;
          break;
        }
      }
      bright[cy * cols + cx] = level;
    }
  }
  const levels = new Float32Array(cols * rows);
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      let max = 1;
      for (let y = Math.max(0, cy - 1); y <= Math.min(rows - 1, cy + 1); y++) {
        for (let x = Math.max(0, cx - 1); x <= Math.min(cols - 1, cx + 1); x++) {
          max = Math.max(max, bright[y * cols + x] as number);
        }
      }
      levels[cy * cols + cx] = max;
    }
  }
  return { levels, cols, rows, cell };
}

/**
 * Whether the lighting is uneven enough to even out: the darkest paper (10th percentile of the cells)
 * under 85 % of the brightest (90th). A flatbed scan's paper is even; a photo's is not.
 */
function isUneven({ levels }: PaperLevels): boolean {
  const sorted = Float32Array.from(levels).sort();
  const dark = sorted[Math.floor(sorted.length * 0.1)] as number;
  const light = sorted[Math.floor(sorted.length * 0.9)] as number;
  return dark < light * 0.85;
}

/**
 * Evens out the lighting of a photo or a dull scan: divides each pixel by the paper's brightness
 * around it (interpolated between cells), so paper becomes white and text stays dark wherever it lies.
 * An evenly lit image is returned as it is (evening it out costs clean scans a little accuracy).
 */
export function evenBackground(image: GrayImage): GrayImage {
  const paper = paperLevels(image);
  if (!isUneven(paper)) return image;
  const { width, height, data } = image;
  const { levels, cols, rows, cell } = paper;
  // Per column: its two cells and the weight of the right one.
  const left = new Int32Array(width);
  const right = new Int32Array(width);
  const weight = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const f = Math.min(cols - 1, Math.max(0, (x + 0.5) / cell - 0.5));
    left[x] = Math.floor(f);
    right[x] = Math.min(cols - 1, (left[x] as number) + 1);
    weight[x] = f - (left[x] as number);
  }
  const out = new Uint8Array(width * height);
  const row = new Float32Array(cols);
  for (let y = 0; y < height; y++) {
    const f = Math.min(rows - 1, Math.max(0, (y + 0.5) / cell - 0.5));
    const top = Math.floor(f);
    const bottom = Math.min(rows - 1, top + 1);
    const down = f - top;
    for (let c = 0; c < cols; c++) {
      row[c] = (levels[top * cols + c] as number) * (1 - down) + (levels[bottom * cols + c] as number) * down;
    }
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const w = weight[x] as number;
      const level = (row[left[x] as number] as number) * (1 - w) + (row[right[x] as number] as number) * w;
      const value = ((data[i] as number) * 255) / level;
      out[i] = value > 255 ? 255 : value;
    }
  }
  return { data: out, width, height };
}

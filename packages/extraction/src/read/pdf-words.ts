/** A text run of a PDF page in top-left page coordinates (points; y = top of the glyphs). */
export interface PdfRun {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Monospaced runs share their width evenly between characters. */
  monospace: boolean;
}

/** A word of a page in points, top-left origin. */
export interface PdfWord {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

// Helvetica's advance widths (1/1000 em) for ASCII 32..126: proportional text splits into words by
// these rather than by character count, so "Invoice INV-2001" puts INV-2001 where it is drawn.
// prettier-ignore
const WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

function charWidth(code: number): number {
  return code >= 32 && code <= 126 ? (WIDTHS[code - 32] as number) : 556;
}

/** Splits a run into words, each given the share of the run's width its characters take. */
export function splitRun(run: PdfRun): PdfWord[] {
  const chars = [...run.text];
  const widths = chars.map((c) => (run.monospace ? 1 : charWidth(c.codePointAt(0) ?? 0)));
  const total = widths.reduce((a, b) => a + b, 0);
  const scale = total > 0 ? run.width / total : 0;
  const words: PdfWord[] = [];
  let x = run.x;
  let word: PdfWord | undefined;
  chars.forEach((c, i) => {
    const w = (widths[i] as number) * scale;
    if (/\s/.test(c)) word = undefined;
    else if (word) {
      word.text += c;
      word.width += w;
    } else {
      word = { text: c, x, y: run.y, width: w, height: run.height };
      words.push(word);
    }
    x += w;
  });
  return words;
}

/**
 * Words in reading order: runs whose vertical middles are closer than half the taller one's height
 * share a line; lines go top to bottom, words left to right.
 */
export function readingOrder(runs: PdfRun[]): PdfWord[] {
  const sorted = runs.filter((r) => r.text.trim() !== '').sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: { middle: number; height: number; runs: PdfRun[] }[] = [];
  for (const run of sorted) {
    const middle = run.y + run.height / 2;
    // Runs come top-down, so a run's line is among the last few started.
    let line: (typeof lines)[number] | undefined;
    for (let i = lines.length - 1; i >= 0 && i >= lines.length - 8; i--) {
      const candidate = lines[i] as (typeof lines)[number];
      if (Math.abs(candidate.middle - middle) < Math.max(candidate.height, run.height) / 2) {
        line = candidate;
        break;
      }
    }
    if (line) line.runs.push(run);
    else lines.push({ middle, height: run.height, runs: [run] });
  }
  return lines.flatMap((line) => line.runs.sort((a, b) => a.x - b.x).flatMap(splitRun));
}

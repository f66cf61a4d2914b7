import type { ParsedLine, ParsedTable, ParsedWord } from '@counterpart/contracts';

/** A text run of a page, already in top-left page coordinates (y = top of the glyphs). */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Splits a run into words, giving each a share of the run's width by its character count. */
export function runWords(run: TextRun): ParsedWord[] {
  const words: ParsedWord[] = [];
  const charWidth = run.text.length > 0 ? run.width / run.text.length : 0;
  for (const match of run.text.matchAll(/\S+/g)) {
    words.push({
      text: match[0],
      x: round(run.x + match.index * charWidth),
      y: round(run.y),
      width: round(match[0].length * charWidth),
      height: round(run.height),
    });
  }
  return words;
}

/**
 * Groups runs into lines: runs whose vertical middles are closer than half the taller run's height
 * share a line; lines go top to bottom, words left to right.
 */
export function groupLines(runs: TextRun[]): ParsedLine[] {
  const sorted = runs.filter((r) => r.text.trim() !== '').sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: TextRun[][] = [];
  for (const run of sorted) {
    const middle = run.y + run.height / 2;
    const group = groups.find((g) => {
      const first = g[0] as TextRun;
      return Math.abs(first.y + first.height / 2 - middle) < Math.max(first.height, run.height) / 2;
    });
    if (group) group.push(run);
    else groups.push([run]);
  }
  return groups.map((group) => {
    const words = group.sort((a, b) => a.x - b.x).flatMap(runWords);
    const left = Math.min(...words.map((w) => w.x));
    const right = Math.max(...words.map((w) => w.x + w.width));
    const top = Math.min(...words.map((w) => w.y));
    const bottom = Math.max(...words.map((w) => w.y + w.height));
    return {
      text: lineText(words),
      x: round(left),
      y: round(top),
      width: round(right - left),
      height: round(bottom - top),
      words,
    };
  });
}

/** The words of a line joined by single spaces. */
function lineText(words: ParsedWord[]): string {
  return words.map((w) => w.text).join(' ');
}

/** A stretch of a line between wide gaps: a table cell candidate. */
interface Segment {
  text: string;
  left: number;
  right: number;
}

/** Splits a line where the gap between two words is wider than its height (≈ two spaces and more). */
export function lineSegments(line: ParsedLine): Segment[] {
  const segments: Segment[] = [];
  for (const word of line.words) {
    const last = segments.at(-1);
    if (last && word.x - last.right <= Math.max(line.height, 4)) {
      last.text += ` ${word.text}`;
      last.right = word.x + word.width;
    } else {
      segments.push({ text: word.text, left: word.x, right: word.x + word.width });
    }
  }
  return segments;
}

const overlaps = (a: Segment, b: Segment) => a.left <= b.right && b.left <= a.right;

/**
 * Detects tables: a run of at least two consecutive lines that each split into the same number
 * (≥ 3) of segments, every segment overlapping horizontally the segment of the line above — so
 * left-, right- and centre-aligned columns all line up. Lines that break the pattern end the table.
 */
export function detectTables(lines: ParsedLine[]): ParsedTable[] {
  const tables: ParsedTable[] = [];
  const segmented = lines.map(lineSegments);
  let start = -1;
  const close = (end: number) => {
    if (start >= 0 && end - start >= 2) {
      const rows = segmented.slice(start, end);
      tables.push({
        first_line: start,
        line_count: end - start,
        column_x: (rows[0] as Segment[]).map((s, i) =>
          round(Math.min(s.left, ...rows.map((r) => (r[i] as Segment).left))),
        ),
        rows: rows.map((r) => r.map((s) => s.text)),
      });
    }
    start = -1;
  };
  for (let i = 0; i < segmented.length; i++) {
    const current = segmented[i] as Segment[];
    if (current.length < 3) {
      close(i);
      continue;
    }
    if (start >= 0) {
      const previous = segmented[i - 1] as Segment[];
      const aligned =
        previous.length === current.length && current.every((s, c) => overlaps(s, previous[c] as Segment));
      if (!aligned) close(i);
    }
    if (start < 0) start = i;
  }
  close(segmented.length);
  return tables;
}

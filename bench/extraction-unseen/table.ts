/** A line-items table that wraps descriptions and continues on a new page with its header repeated. */
import type { Color, PDFFont } from 'pdf-lib';
import { black, type Canvas, wrap } from './canvas.ts';
import type { PlannedLine } from './plan.ts';

export interface Column {
  title: string | string[];
  width: number;
  align: 'left' | 'right' | 'center';
  cell: (line: PlannedLine, index: number) => string;
  /** The description column: wraps onto more lines instead of overflowing. */
  wraps?: boolean;
}

export interface TableStyle {
  font: PDFFont;
  headerFont: PDFFont;
  size: number;
  headerSize: number;
  /** Vertical space per text line. */
  leading: number;
  padding: number;
  /** Full grid: every cell boxed. */
  grid?: boolean;
  headerFill?: Color;
  headerColor?: Color;
  /** Fill every other row. */
  zebra?: Color;
  ruleUnderHeader?: boolean;
  ruleOverHeader?: boolean;
  rowRules?: boolean;
  /** Box around the whole table (per page). */
  outerBox?: boolean;
  ruleColor?: Color;
}

export interface TablePlacement {
  x: number;
  top: number;
  /** Lowest y a row may reach on this page. */
  bottom: number;
  /** Called when a row does not fit: add a page, draw its chrome, return the table's new top and bottom. */
  continueOnNewPage: () => { top: number; bottom: number };
}

function headerLines(col: Column): string[] {
  return Array.isArray(col.title) ? col.title : [col.title];
}

function cellX(x: number, col: Column, pad: number): number {
  if (col.align === 'right') return x + col.width - pad;
  if (col.align === 'center') return x + col.width / 2;
  return x + pad;
}

/** Draws the table; returns the y just below its last row. */
export function drawTable(
  c: Canvas,
  columns: readonly Column[],
  rows: readonly PlannedLine[],
  style: TableStyle,
  at: TablePlacement,
): number {
  const width = columns.reduce((s, col) => s + col.width, 0);
  const headerRows = Math.max(...columns.map((col) => headerLines(col).length));
  const headerHeight = headerRows * style.headerSize * 1.2 + style.padding * 2;
  const ruleColor = style.ruleColor;
  let pageTop = at.top;
  let bottom = at.bottom;

  const verticals = (yTop: number, yBottom: number) => {
    let x = at.x;
    for (const col of columns.slice(0, -1)) {
      x += col.width;
      c.rule(x, yTop, x, yBottom, 0.5, ruleColor);
    }
  };

  const drawHeader = (top: number): number => {
    if (style.headerFill) c.rect(at.x, top - headerHeight, width, headerHeight, { fill: style.headerFill });
    if (style.ruleOverHeader) c.rule(at.x, top, at.x + width, top, 0.8, ruleColor);
    let x = at.x;
    for (const col of columns) {
      let y = top - style.padding - style.headerSize;
      for (const line of headerLines(col)) {
        c.text(line, cellX(x, col, style.padding), y, {
          font: style.headerFont,
          size: style.headerSize,
          align: col.align,
          ...(style.headerColor ? { color: style.headerColor } : {}),
        });
        y -= style.headerSize * 1.2;
      }
      x += col.width;
    }
    const below = top - headerHeight;
    if (style.ruleUnderHeader || style.grid) c.rule(at.x, below, at.x + width, below, 0.8, ruleColor);
    return below;
  };

  const closePage = (top: number, y: number) => {
    if (style.grid || style.outerBox)
      c.rect(at.x, y, width, top - y, { border: ruleColor ?? black, thickness: 0.6 });
    if (style.grid) verticals(top, y);
  };

  let y = drawHeader(pageTop);
  rows.forEach((row, i) => {
    const cells = columns.map((col) =>
      col.wraps
        ? wrap(col.cell(row, i), style.font, style.size, col.width - style.padding * 2)
        : [col.cell(row, i)],
    );
    const lineCount = Math.max(...cells.map((ls) => ls.length));
    const height = lineCount * style.leading + style.padding * 2 - (style.leading - style.size);
    if (y - height < bottom) {
      closePage(pageTop, y);
      const next = at.continueOnNewPage();
      pageTop = next.top;
      bottom = next.bottom;
      y = drawHeader(pageTop);
    }
    if (style.zebra && i % 2 === 1) c.rect(at.x, y - height, width, height, { fill: style.zebra });
    let x = at.x;
    columns.forEach((col, k) => {
      let baseline = y - style.padding - style.size;
      for (const text of cells[k]!) {
        c.text(text, cellX(x, col, style.padding), baseline, {
          font: style.font,
          size: style.size,
          align: col.align,
        });
        baseline -= style.leading;
      }
      x += col.width;
    });
    y -= height;
    if (style.rowRules || style.grid) c.rule(at.x, y, at.x + width, y, 0.4, ruleColor);
  });
  closePage(pageTop, y);
  return y;
}

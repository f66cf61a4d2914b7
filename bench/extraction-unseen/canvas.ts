/** Drawing on pdf-lib pages: text with alignment, wrapping, boxes and rules. Standard fonts only (WinAnsi). */
import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

export const A4: [number, number] = [595.28, 841.89];

export interface Fonts {
  sans: PDFFont;
  sansBold: PDFFont;
  sansOblique: PDFFont;
  serif: PDFFont;
  serifBold: PDFFont;
  serifItalic: PDFFont;
  mono: PDFFont;
  monoBold: PDFFont;
}

export const black = rgb(0, 0, 0);
export const grey = (v: number): Color => rgb(v, v, v);

export interface TextOptions {
  font: PDFFont;
  size: number;
  color?: Color;
  align?: 'left' | 'right' | 'center';
}

/** A document being drawn: its fonts and the page drawn on now. */
export class Canvas {
  page: PDFPage;
  private constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(A4);
  }

  static async create(title: string): Promise<Canvas> {
    const doc = await PDFDocument.create();
    // Fixed metadata so one seed writes byte-identical files.
    const epoch = new Date('2026-01-01T00:00:00Z');
    doc.setTitle(title);
    doc.setProducer('extraction-unseen generator');
    doc.setCreator('extraction-unseen generator');
    doc.setCreationDate(epoch);
    doc.setModificationDate(epoch);
    const fonts: Fonts = {
      sans: await doc.embedFont(StandardFonts.Helvetica),
      sansBold: await doc.embedFont(StandardFonts.HelveticaBold),
      sansOblique: await doc.embedFont(StandardFonts.HelveticaOblique),
      serif: await doc.embedFont(StandardFonts.TimesRoman),
      serifBold: await doc.embedFont(StandardFonts.TimesRomanBold),
      serifItalic: await doc.embedFont(StandardFonts.TimesRomanItalic),
      mono: await doc.embedFont(StandardFonts.Courier),
      monoBold: await doc.embedFont(StandardFonts.CourierBold),
    };
    return new Canvas(doc, fonts);
  }

  addPage(): PDFPage {
    this.page = this.doc.addPage(A4);
    return this.page;
  }

  get width(): number {
    return this.page.getWidth();
  }

  get height(): number {
    return this.page.getHeight();
  }

  /** Draws `s` with its baseline at `y`; `x` is the left edge, right edge or centre by `align`. */
  text(s: string, x: number, y: number, o: TextOptions): void {
    const w = o.font.widthOfTextAtSize(s, o.size);
    const left = o.align === 'right' ? x - w : o.align === 'center' ? x - w / 2 : x;
    this.page.drawText(s, { x: left, y, font: o.font, size: o.size, color: o.color ?? black });
  }

  /** Draws lines top down from baseline `y`; returns the baseline below the last one. */
  lines(ss: readonly string[], x: number, y: number, o: TextOptions & { leading?: number }): number {
    const leading = o.leading ?? o.size * 1.25;
    for (const s of ss) {
      this.text(s, x, y, o);
      y -= leading;
    }
    return y;
  }

  rect(
    x: number,
    y: number,
    w: number,
    h: number,
    o: { fill?: Color; border?: Color; thickness?: number },
  ): void {
    this.page.drawRectangle({
      x,
      y,
      width: w,
      height: h,
      ...(o.fill ? { color: o.fill } : {}),
      ...(o.border ? { borderColor: o.border, borderWidth: o.thickness ?? 0.6 } : {}),
    });
  }

  rule(x1: number, y1: number, x2: number, y2: number, thickness = 0.6, color: Color = black): void {
    this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color });
  }
}

/** Splits `s` into lines no wider than `width` at `size` (long words stay whole). */
export function wrap(s: string, font: PDFFont, size: number, width: number): string[] {
  const words = s.split(' ');
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

/** Runs `draw` once per page with the page made current (for "Page i of n" once all pages exist). */
export function forEachPage(c: Canvas, draw: (index: number, count: number) => void): void {
  const pages = c.doc.getPages();
  const current = c.page;
  pages.forEach((p, i) => {
    c.page = p;
    draw(i + 1, pages.length);
  });
  c.page = current;
}

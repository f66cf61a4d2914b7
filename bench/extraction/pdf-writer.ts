/**
 * Writes an invoice as a text PDF with pdf-lib and records where every word it writes lands, in
 * contracts' page units (0..1, top-left origin), so ground truth carries each value's page and box.
 * Positions are given from the page's top in points; A4 portrait.
 */
import type { Box } from '@counterpart/contracts';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

export const A4 = { width: 595.28, height: 841.89 } as const;
const ASCENT = 0.718;
const DESCENT = 0.207;

export interface TextOptions {
  size?: number;
  bold?: boolean;
  /** x is the left edge (left), the centre (center) or the right edge (right). */
  align?: 'left' | 'center' | 'right';
  grey?: boolean;
}

export interface Placed {
  page: number;
  box: Box;
}

export class PdfWriter {
  private pages: PDFPage[] = [];
  private constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  static async create(title: string): Promise<PdfWriter> {
    const pdf = await PDFDocument.create();
    // Fixed metadata dates: the same seed gives the same bytes.
    pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
    pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
    pdf.setTitle(title);
    pdf.setProducer('counterpart bench/extraction');
    const writer = new PdfWriter(
      pdf,
      await pdf.embedFont(StandardFonts.Helvetica),
      await pdf.embedFont(StandardFonts.HelveticaBold),
    );
    writer.newPage();
    return writer;
  }

  /** The current page (1-based). */
  get pageNumber(): number {
    return this.pages.length;
  }

  newPage(): number {
    this.pages.push(this.pdf.addPage([A4.width, A4.height]));
    return this.pages.length;
  }

  private get page(): PDFPage {
    return this.pages[this.pages.length - 1] as PDFPage;
  }

  width(text: string, options: TextOptions = {}): number {
    return (options.bold ? this.bold : this.regular).widthOfTextAtSize(text, options.size ?? 10);
  }

  /** Writes one line of text whose top is `top` points below the page's top; returns where it landed. */
  text(text: string, x: number, top: number, options: TextOptions = {}): Placed {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const width = font.widthOfTextAtSize(text, size);
    const left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    const baseline = top + ASCENT * size;
    this.page.drawText(text, {
      x: left,
      y: A4.height - baseline,
      size,
      font,
      color: options.grey ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0),
    });
    return { page: this.pageNumber, box: toBox(left, top, left + width, top + (ASCENT + DESCENT) * size) };
  }

  /** Words of `text` wrapped to `maxWidth`: the lines, to be written one below the other. */
  wrap(text: string, maxWidth: number, options: TextOptions = {}): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (current && this.width(next, options) > maxWidth) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    if (current) lines.push(current);
    return lines;
  }

  line(x0: number, top0: number, x1: number, top1: number, thickness = 0.6): void {
    this.page.drawLine({
      start: { x: x0, y: A4.height - top0 },
      end: { x: x1, y: A4.height - top1 },
      thickness,
      color: rgb(0.2, 0.2, 0.2),
    });
  }

  rect(x: number, top: number, width: number, height: number, fill?: number): void {
    this.page.drawRectangle({
      x,
      y: A4.height - top - height,
      width,
      height,
      borderWidth: fill === undefined ? 0.6 : 0,
      borderColor: rgb(0.2, 0.2, 0.2),
      ...(fill === undefined ? {} : { color: rgb(fill, fill, fill) }),
    });
  }

  async bytes(): Promise<Uint8Array> {
    return this.pdf.save({ useObjectStreams: false });
  }
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 1e5) / 1e5;

/** Points from the top-left → page units. */
export function toBox(x0: number, top0: number, x1: number, top1: number): Box {
  return {
    x0: round(clamp(x0 / A4.width)),
    y0: round(clamp(top0 / A4.height)),
    x1: round(clamp(x1 / A4.width)),
    y1: round(clamp(top1 / A4.height)),
  };
}

/** The box around several boxes (a value written over two lines). */
export function union(boxes: Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

import { createRequire } from 'node:module';
import path from 'node:path';
import type { ParsedPdfPage } from '@counterpart/contracts';
import { detectTables, groupLines, type TextRun } from './pdf-layout.ts';

/** A PDF that cannot be parsed for a reason of its own (not our fault): the document fails with it. */
export class DocumentContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentContentError';
  }
}

export const PASSWORD_PROTECTED = 'The PDF is password-protected';

/** The PDF needs a password (none given), or the one given does not open it. */
export class PdfPasswordError extends DocumentContentError {
  constructor(readonly reason: 'needed' | 'incorrect') {
    super(reason === 'needed' ? PASSWORD_PROTECTED : 'The password does not open this PDF');
    this.name = 'PdfPasswordError';
  }
}
export const NOT_A_VALID_PDF = 'The file is not a valid PDF (it may be damaged or cut short)';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
/** Loaded on first use: the server starts without it. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

/** pdfjs-dist's own font and character map folders, as the file paths (with a trailing slash) it wants. */
function assetFolders() {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
    cMapUrl: `${path.join(root, 'cmaps')}${path.sep}`,
    // Decoders of scanned pages' images (JPEG 2000, JBIG2) and colour profiles.
    wasmUrl: `${path.join(root, 'wasm')}${path.sep}`,
    iccUrl: `${path.join(root, 'iccs')}${path.sep}`,
  };
}

/** pdfjs' open document (to render a page, as the extraction engine does for scanned pages). */
export type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

export interface OpenedPdf {
  pageCount: number;
  document: PdfDocument;
  /** Parses one page (1-based): its lines of words with boxes and the tables found on it. */
  page(pageNumber: number): Promise<ParsedPdfPage>;
  close(): Promise<void>;
}

/**
 * Opens a PDF; a malformed file throws a DocumentContentError, a protected one a PdfPasswordError
 * unless `password` opens it. The password is used in memory only.
 */
export async function openPdf(data: Uint8Array, options: { password?: string } = {}): Promise<OpenedPdf> {
  const { getDocument, Util } = await loadPdfJs();
  const task = getDocument({
    data,
    ...(options.password ? { password: options.password } : {}),
    ...assetFolders(),
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  let document: PdfDocument;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy();
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      // pdfjs: code 1 = a password is needed, 2 = the one given is wrong.
      throw new PdfPasswordError((error as { code?: number }).code === 2 ? 'incorrect' : 'needed');
    }
    if (name === 'InvalidPDFException' || name === 'FormatError')
      throw new DocumentContentError(NOT_A_VALID_PDF);
    throw error;
  }

  return {
    pageCount: document.numPages,
    document,
    async page(pageNumber) {
      const page = await document.getPage(pageNumber);
      try {
        const viewport = page.getViewport({ scale: 1 });
        const content = await page.getTextContent();
        const runs: TextRun[] = [];
        for (const item of content.items) {
          if (!('str' in item) || item.str.trim() === '') continue;
          // Text space → viewport (top-left origin): the run's baseline is at tx[5].
          const tx = Util.transform(viewport.transform, item.transform);
          const height = Math.hypot(tx[2] as number, tx[3] as number) || item.height;
          runs.push({
            text: item.str,
            x: tx[4] as number,
            y: (tx[5] as number) - height,
            width: item.width,
            height,
          });
        }
        const lines = groupLines(runs);
        return {
          page: pageNumber,
          width: Math.round(viewport.width * 100) / 100,
          height: Math.round(viewport.height * 100) / 100,
          lines,
          tables: detectTables(lines),
        };
      } finally {
        page.cleanup();
      }
    },
    async close() {
      await task.destroy();
    },
  };
}

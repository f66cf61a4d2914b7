import type { DocumentTokens, Token } from '@counterpart/contracts';
import { DocumentContentError } from '@counterpart/files';
import type { GrayImage } from './deskew.ts';
import { decodeJpeg } from './image-decode.ts';
import { checkImageSize, imageSize, tiffPageCount } from './image-size.ts';
import { createOcrPool, type OcrImage, type OcrPool } from './ocr-pool.ts';
import { applyOrientation, jpegOrientation } from './orientation.ts';
import { DEFAULT_MAX_PAGES } from './pdf-limits.ts';
import { openLimitedPdf, readPdfTextPage } from './pdf-tokens.ts';
import { prepareForOcr, renderPdfPage, toGray, toPgm } from './raster.ts';
import { sniffFormat } from './sniff.ts';
import type { OnProgress, PageSize } from './tokens.ts';

export interface ReadOptions {
  /** The OCR pool for scanned pages and images; without one, a pool is made for the call and closed after. */
  ocr?: OcrPool;
  /** Pages read so far out of the document's pages. */
  onProgress?: OnProgress;
  /** A PDF with more pages is refused (default 500). */
  maxPages?: number;
}

/**
 * Every input as tokens: a PDF's text layer, with the pages that have no text OCR'd (rendered at 300
 * DPI), or a PNG, JPEG or TIFF OCR'd. Scanned pages and JPEG photos have uneven lighting evened
 * out and a skew of 2° or more straightened first; tesseract copes with smaller skews itself. The
 * format is sniffed from the bytes. A 0-byte file, bytes that are no such document, a damaged PDF or
 * image, or a bomb throw a DocumentContentError saying which.
 */
export async function readDocumentTokens(
  bytes: Uint8Array,
  options: ReadOptions = {},
): Promise<DocumentTokens> {
  const format = sniffFormat(bytes);
  let own: OcrPool | undefined;
  const ocr = () => {
    if (options.ocr) return options.ocr;
    own ??= createOcrPool({ workers: 1 });
    return own;
  };
  try {
    if (format === 'pdf') return await readPdf(bytes, options, ocr);
    const size = imageSize(bytes, format);
    checkImageSize(size, format);
    if (format === 'tiff' && tiffPageCount(bytes) > 1) {
      throw new DocumentContentError(
        'The TIFF has several pages; only single-page TIFFs are read (save it as a PDF to read every page)',
      );
    }
    // A JPEG (a phone photo, mostly) is decoded here, in JavaScript, turned upright as its EXIF says
    // and prepared like a scanned page; tesseract decodes PNG and TIFF itself, in WebAssembly (a
    // damaged file is an error, never a crash).
    const image: OcrImage =
      format === 'jpeg'
        ? ocrImage(applyOrientation(await decodeJpeg(bytes), jpegOrientation(bytes)))
        : { bytes, width: size.width, height: size.height };
    const page: PageSize = { page: 1, width: image.width, height: image.height };
    const tokens = await recognizePage(ocr(), image, page).catch((error: unknown) => {
      if (error instanceof Error && /reading image|read image/i.test(error.message)) {
        throw new DocumentContentError(`The ${format.toUpperCase()} image is damaged and cannot be read`);
      }
      throw error;
    });
    options.onProgress?.(1, 1);
    return { pages: [page], tokens };
  } finally {
    await own?.close();
  }
}

/** A scan or photo evened out and straightened, ready for OCR. */
function ocrImage(gray: GrayImage): OcrImage {
  const { image } = prepareForOcr(gray);
  return { bytes: toPgm(image), width: image.width, height: image.height };
}

async function recognizePage(ocr: OcrPool, image: OcrImage, page: PageSize): Promise<Token[]> {
  const words = await ocr.recognize(image);
  return words.map((word) => ({ page: page.page, ...word, source: 'ocr' }));
}

async function readPdf(bytes: Uint8Array, options: ReadOptions, ocr: () => OcrPool): Promise<DocumentTokens> {
  const pdf = await openLimitedPdf(bytes, options.maxPages ?? DEFAULT_MAX_PAGES);
  try {
    const pages: PageSize[] = [];
    const tokens: Token[][] = [];
    const recognizing = new Set<Promise<void>>();
    let failure: { error: unknown } | undefined;
    let done = 0;
    const pageDone = () => options.onProgress?.(++done, pdf.pageCount);
    for (let page = 1; page <= pdf.pageCount; page++) {
      const text = await readPdfTextPage(pdf, page);
      pages.push(text.size);
      tokens.push(text.tokens);
      if (text.tokens.length > 0) {
        pageDone();
        continue;
      }
      // A page without text is a scan: render it and OCR it while the next pages are read, keeping
      // no more rendered pages waiting than the pool has workers.
      const pool = ocr();
      while (recognizing.size > pool.workers) await Promise.race(recognizing);
      if (failure) break;
      const image = ocrImage(toGray(await renderPdfPage(pdf.document, page)));
      const index = page - 1;
      const job: Promise<void> = recognizePage(pool, image, text.size)
        .then(
          (words) => {
            tokens[index] = words;
            pageDone();
          },
          (error: unknown) => {
            failure ??= { error };
          },
        )
        .finally(() => recognizing.delete(job));
      recognizing.add(job);
    }
    await Promise.all(recognizing);
    if (failure) throw failure.error;
    return { pages, tokens: tokens.flat() };
  } finally {
    await pdf.close();
  }
}

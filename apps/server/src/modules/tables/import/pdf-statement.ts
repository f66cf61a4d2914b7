import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DocumentContentError, formatBytes, openPdf, PdfPasswordError } from '@counterpart/files';
import { isMpesaPdf, mpesaPdfToCsv, type PdfLine } from '@counterpart/statements';
import { AppError, badRequest } from '../../../errors.ts';
import type { FileStore } from '../../../storage/file-store.ts';
import type { ReceivedUpload } from './receive-upload.ts';
import { MAX_STATEMENT_BYTES } from './statement-seam.ts';

const PDF = Buffer.from('%PDF-');
/** A statement longer than this many pages is refused (a year of a busy phone is ~100). */
const MAX_PAGES = 500;

export function isPdf(head: Buffer): boolean {
  return head.subarray(0, 5).equals(PDF);
}

function passwordError(message: string, detail: string): AppError {
  return new AppError(400, message, { password: detail });
}

/**
 * A personal M-Pesa statement PDF (Safaricom protects it with the customer's ID number): opened
 * in memory with the password the user typed, its detailed-statement table read from the text
 * layer into the M-Pesa CSV layout, which then replaces the PDF as the import's file. The password
 * is never stored or logged, and the PDF is removed whatever happens.
 */
export async function convertPdfStatement(
  store: FileStore,
  upload: ReceivedUpload,
  password: string | undefined,
): Promise<ReceivedUpload> {
  try {
    if (upload.sizeBytes > MAX_STATEMENT_BYTES) {
      throw badRequest(
        `"${upload.fileName}" is larger than ${formatBytes(MAX_STATEMENT_BYTES)}, the most read for a statement`,
      );
    }
    const bytes = new Uint8Array(await readFile(path.join(store.root, upload.relativePath)));
    const pages = await readPdfLines(upload.fileName, bytes, password);
    if (!isMpesaPdf(pages)) {
      throw badRequest(
        `"${upload.fileName}" is a PDF but not an M-Pesa statement. Import statements as CSV, XLSX, camt.053/054, MT940, OFX or QIF, or drop the PDF in Documents to extract it`,
      );
    }
    const read = mpesaPdfToCsv(pages);
    if (read.rows === 0) {
      throw badRequest(
        `"${upload.fileName}" looks like an M-Pesa statement but no transaction rows were found in it`,
      );
    }
    const relativePath = `${upload.relativePath.replace(/\.pdf$/i, '')}.csv`;
    const sizeBytes = await store.save(relativePath, async (output) => {
      output.end(read.csv);
    });
    const { password: _used, ...rest } = upload;
    return { ...rest, relativePath, sizeBytes };
  } finally {
    await store.remove(upload.relativePath);
  }
}

async function readPdfLines(
  fileName: string,
  bytes: Uint8Array,
  password: string | undefined,
): Promise<PdfLine[][]> {
  let pdf: Awaited<ReturnType<typeof openPdf>>;
  try {
    pdf = await openPdf(bytes, password ? { password } : {});
  } catch (error) {
    if (error instanceof PdfPasswordError) {
      throw error.reason === 'needed'
        ? passwordError(
            `"${fileName}" is protected by a password: enter it to open the statement (for an M-Pesa statement, the ID number it was sent with)`,
            'Enter the password of the PDF',
          )
        : passwordError(`The password does not open "${fileName}"`, 'The password is not right');
    }
    if (error instanceof DocumentContentError) throw badRequest(`"${fileName}": ${error.message}`);
    throw error;
  }
  try {
    if (pdf.pageCount > MAX_PAGES)
      throw badRequest(`"${fileName}" has ${pdf.pageCount} pages; at most ${MAX_PAGES} are read`);
    const pages: PdfLine[][] = [];
    for (let page = 1; page <= pdf.pageCount; page++) {
      const parsed = await pdf.page(page);
      pages.push(
        parsed.lines.map((line) => ({ words: line.words.map(({ text, x, width }) => ({ text, x, width })) })),
      );
    }
    return pages;
  } finally {
    await pdf.close();
  }
}

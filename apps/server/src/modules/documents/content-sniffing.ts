import {
  type DocumentKind,
  STATEMENT_FORMAT_LABELS,
  type StatementDocumentKind,
} from '@counterpart/contracts';
import { decodeStatementBytes, detectStatementFormat } from '@counterpart/statements';
import yauzl from 'yauzl';
import { AppError } from '../../errors.ts';

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SniffedType {
  kind: DocumentKind;
  mediaType: string;
}

/** How far a workbook may expand: beyond this, it is refused as a likely zip bomb. */
export const XLSX_LIMITS = {
  maxEntries: 10_000,
  maxUncompressedBytes: 300 * 1024 * 1024,
  /** Uncompressed ÷ compressed, checked on entries larger than 1 MB. */
  maxRatio: 200,
};

/** The bytes to read from the start of a file to recognise it (and to tell text from binary). */
export const SNIFF_BYTES = 64 * 1024;

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

const unsupported = (fileName: string) =>
  new AppError(415, `${fileName}: not a PDF, image, CSV, XLSX or bank statement file`);

/** How each statement format is served back (the original's Content-Type). */
const STATEMENT_MEDIA_TYPES: Record<StatementDocumentKind, string> = {
  camt053: 'application/xml',
  camt054: 'application/xml',
  mt940: 'text/plain',
  ofx: 'application/x-ofx',
};

/**
 * The bank statement a text file holds, by its content (camt namespace or root element, MT940
 * :20: and :60F:, OFX header): the extension does not matter, so an MT940 saved as .txt or a camt
 * file saved as .xml is a statement. QIF and M-Pesa CSV stay CSV (rows with "Send to table").
 */
function statementKind(text: string, fileName: string): StatementDocumentKind | null {
  const format = detectStatementFormat(text, fileName);
  return format === 'camt053' || format === 'camt054' || format === 'mt940' || format === 'ofx'
    ? format
    : null;
}
/**
 * What a file is, by its first bytes — never by its name: %PDF-, PNG, JPEG, TIFF (II*\0 or MM\0*),
 * a ZIP that holds xl/workbook.xml (checked against zip-bomb limits) or text (no NUL byte in the
 * first 64 KB): a bank statement (camt.053/054, MT940, OFX) when its content says so, else CSV.
 * Anything else is refused with 415.
 */
export async function sniffContent(fileName: string, head: Buffer, filePath: string): Promise<SniffedType> {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-')
    return { kind: 'pdf', mediaType: 'application/pdf' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: 'image', mediaType: 'image/png' };
  }
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', mediaType: 'image/jpeg' };
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) {
    return { kind: 'image', mediaType: 'image/tiff' };
  }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    await checkWorkbook(fileName, filePath);
    return { kind: 'xlsx', mediaType: XLSX_MEDIA_TYPE };
  }
  const nul = head.indexOf(0);
  if (head.length > 0 && nul < 0) {
    const statement = statementKind(decodeStatementBytes(head), fileName);
    if (statement) return { kind: statement, mediaType: STATEMENT_MEDIA_TYPES[statement] };
    return { kind: 'csv', mediaType: 'text/csv' };
  }
  const lookalike = nul > 0 ? statementKind(head.toString('latin1').replaceAll('\0', ''), fileName) : null;
  if (lookalike) {
    throw new AppError(
      415,
      `${fileName}: looks like a bank statement (${STATEMENT_FORMAT_LABELS[lookalike]}) but holds a NUL byte at byte ${nul + 1}: a statement is plain text`,
    );
  }
  throw unsupported(fileName);
}

/**
 * A ZIP is an XLSX when it holds xl/workbook.xml. Every entry is inflated once (yauzl checks the
 * real sizes against the declared ones), so a workbook that would expand past the limits —
 * whatever its headers claim — is refused before anything reads it.
 */
async function checkWorkbook(fileName: string, filePath: string): Promise<void> {
  const refuse = (why: string) => new AppError(415, `${fileName}: ${why}`);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, validateEntrySizes: true, autoClose: false }, (error, file) =>
      error || !file ? reject(unsupported(fileName)) : resolve(file),
    ),
  );
  let entries = 0;
  let total = 0;
  let workbook = false;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(unsupported(fileName)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        if (entry.fileName === 'xl/workbook.xml') workbook = true;
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (
          entries > XLSX_LIMITS.maxEntries ||
          total > XLSX_LIMITS.maxUncompressedBytes ||
          (entry.uncompressedSize > 1024 * 1024 && ratio > XLSX_LIMITS.maxRatio)
        ) {
          reject(refuse(tooLarge()));
          return;
        }
        if (entry.fileName.endsWith('/')) {
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) {
            reject(unsupported(fileName));
            return;
          }
          // The declared size is checked by yauzl as the data inflates: a lie errors the stream.
          stream.on('error', () => reject(refuse(tooLarge())));
          stream.on('end', () => zip.readEntry());
          stream.resume();
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!workbook) throw unsupported(fileName);
}

function tooLarge(): string {
  const mb = XLSX_LIMITS.maxUncompressedBytes / 1024 / 1024;
  return `the workbook expands beyond the safe limits (${mb} MB, ${XLSX_LIMITS.maxEntries} parts, ratio ${XLSX_LIMITS.maxRatio}:1); it looks like a zip bomb`;
}

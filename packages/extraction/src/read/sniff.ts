import { DocumentContentError } from '@counterpart/files';

export type DocumentFormat = 'pdf' | 'png' | 'jpeg' | 'tiff';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);

/** `%PDF-` may follow some junk: readers (and pdfjs) look for it in the first kilobyte. */
function pdfHeaderAt(bytes: Uint8Array): number {
  const end = Math.min(bytes.length - 5, 1024);
  for (let i = 0; i <= end; i++) {
    if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d], i)) return i;
  }
  return -1;
}

/**
 * What the bytes are, from their content (never a name or a declared type): a PDF, PNG, JPEG or TIFF.
 * A 0-byte file or anything else is a DocumentContentError naming what was expected.
 */
export function sniffFormat(bytes: Uint8Array): DocumentFormat {
  if (bytes.length === 0) throw new DocumentContentError('The file is empty (0 bytes)');
  if (pdfHeaderAt(bytes) >= 0) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  throw new DocumentContentError(
    'The file is not a PDF or an image that can be read (PNG, JPEG or TIFF expected)',
  );
}

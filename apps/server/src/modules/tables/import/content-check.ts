import type { ImportFormat } from '@counterpart/contracts';
import { detectEncoding, looksBinary, type TextEncoding } from '@counterpart/files';
import { badRequest } from '../../../errors.ts';

export type RecognisedContent =
  | { format: 'xlsx'; encoding: null }
  | { format: Exclude<ImportFormat, 'xlsx'>; encoding: TextEncoding };

/** File name endings of bank statement files (read by packages/statements through the seam). */
const STATEMENT_EXTENSIONS = ['.xml', '.sta', '.mt940', '.ofx', '.qfx', '.qif'];

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

export function isStatementName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return STATEMENT_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * Recognises an upload by its first bytes, not its name: a ZIP is an XLSX candidate (checked
 * further by inspectXlsx); text with no NUL byte is CSV (or a statement, by its extension);
 * anything else is refused, as is an empty file.
 */
export function recogniseContent(fileName: string, head: Buffer, size: number): RecognisedContent {
  if (size === 0 || head.length === 0) throw badRequest('The file is empty');
  if (head.subarray(0, 4).equals(ZIP)) return { format: 'xlsx', encoding: null };
  if (head.subarray(0, 4).equals(EMPTY_ZIP))
    throw badRequest(`"${fileName}" is an empty ZIP archive, not a spreadsheet`);
  if (head.subarray(0, 4).equals(OLE)) {
    throw badRequest(
      `"${fileName}" is an old Excel (.xls) workbook: save it as .xlsx or CSV and upload that`,
    );
  }
  if (looksBinary(head)) {
    throw badRequest(`"${fileName}" is not a CSV or XLSX file (its content is binary)`);
  }
  const encoding = detectEncoding(head);
  const text = new TextDecoder(encoding).decode(head);
  if (text.trim() === '') throw badRequest('The file is empty (it holds only blank space)');
  return { format: isStatementName(fileName) ? 'statement' : 'csv', encoding };
}

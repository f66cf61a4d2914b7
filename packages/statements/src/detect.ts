import type { StatementFormat } from './transaction.ts';

const CAMT_NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:camt\.(053|054)\.\d{3}\.\d{2}/;

/**
 * Recognises a statement by its content (the file name only breaks no tie: `.qfx` and `.ofx` read the
 * same). Looks at the first 64 KiB. Returns null when the text is none of the formats.
 */
export function detectStatementFormat(text: string, fileName?: string): StatementFormat | null {
  const head = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).slice(0, 65_536);
  const camt = CAMT_NAMESPACE.exec(head);
  if (camt) return camt[1] === '053' ? 'camt053' : 'camt054';
  if (/<BkToCstmrStmt[\s>]/.test(head)) return 'camt053';
  if (/<BkToCstmrDbtCdtNtfctn[\s>]/.test(head)) return 'camt054';
  if (/^\s*OFXHEADER\s*:/.test(head) || /<\?OFX\s/i.test(head) || /<OFX>/i.test(head)) return 'ofx';
  if (/^:20:/m.test(head) && /^:6[02][FM]:/m.test(head)) return 'mt940';
  if (/^\s*!(Type|Account|Option)/im.test(head)) return 'qif';
  if (isMpesaHeader(head)) return 'mpesa_csv';
  if (fileName && /\.qif$/i.test(fileName) && /^\s*[DT]/m.test(head)) return 'qif';
  return null;
}

function isMpesaHeader(head: string): boolean {
  const lines = head.split(/\r\n|\n|\r/, 40);
  return lines.some((line) => /receipt no\.?/i.test(line) && /completion time/i.test(line));
}

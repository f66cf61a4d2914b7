/**
 * Statement files come in several encodings: camt is UTF-8 (it says so), OFX 1.x often declares
 * CHARSET:1252, MT940 exports are frequently ISO-8859-1/Windows-1252, some CSVs are UTF-16 from
 * spreadsheet tools. Decodes bytes to text: a BOM decides (UTF-8, UTF-16 LE/BE); else valid UTF-8
 * is UTF-8; else Windows-1252 (a superset of ISO-8859-1 for printable text).
 */
export function decodeStatementBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** 0x80–0x9F of Windows-1252 (Node's TextDecoder reads that label as ISO-8859-1, losing €, “, ” …). */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    const codes = Array.from(chunk, (byte) =>
      byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

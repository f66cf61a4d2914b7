/** The text encodings a CSV is read in. */
export type TextEncoding = 'utf-8' | 'windows-1252';

/** UTF-8 when the bytes are valid UTF-8 (a cut character at the end is fine), else Windows-1252. */
export function detectEncoding(head: Uint8Array): TextEncoding {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/**
 * Bytes that are not text: a NUL, or more than 1 % control characters other than tab, line feed,
 * form feed and carriage return (what a CSV never holds and any binary file does).
 */
export function looksBinary(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  let controls = 0;
  for (const byte of head) {
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) controls += 1;
  }
  return controls / head.length > 0.01;
}

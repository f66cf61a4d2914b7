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

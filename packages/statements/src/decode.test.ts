import { describe, expect, it } from 'vitest';
import { decodeStatementBytes } from './decode.ts';

describe('decodeStatementBytes', () => {
  it('reads UTF-8 with or without a BOM', () => {
    const text = ':86:Überweisung Müller';
    expect(decodeStatementBytes(new TextEncoder().encode(text))).toBe(text);
    expect(decodeStatementBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toBe(
      text,
    );
  });

  it('falls back to Windows-1252 for bytes that are not UTF-8 (a Latin-1 MT940)', () => {
    const latin1 = new Uint8Array([0x3a, 0x38, 0x36, 0x3a, 0xdc, 0x62, 0x65, 0x72, 0x20, 0x80, 0x35]);
    expect(decodeStatementBytes(latin1)).toBe(':86:Über €5');
  });

  it('reads UTF-16 with its BOM', () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0xe9, 0x00]);
    expect(decodeStatementBytes(bytes)).toBe('Aé');
  });
});

import { describe, expect, it } from 'vitest';
import { copyChunks, copyField, copyTextReader, unescapeCopyField } from './copy-text.ts';
import { openDatabase } from './database.ts';

const rowsOf = (width: number, chunks: Uint8Array[]) => {
  const rows: Array<Array<string | null>> = [];
  const reader = copyTextReader(width, (fields) => rows.push([...fields]));
  for (const chunk of chunks) reader.push(chunk);
  return { rows, count: reader.end() };
};
const bytes = (text: string) => new TextEncoder().encode(text);

describe('COPY text format', () => {
  it('reads \\N as null and the escapes COPY writes', () => {
    expect(unescapeCopyField('\\N')).toBeNull();
    expect(unescapeCopyField('')).toBe('');
    expect(unescapeCopyField('a\\tb\\nc\\\\d\\re')).toBe('a\tb\nc\\d\re');
    expect(unescapeCopyField('\\b\\f\\v')).toBe('\b\f\v');
    expect(unescapeCopyField('\\101\\x42')).toBe('AB');
    expect(unescapeCopyField('x\\N')).toBe('xN');
  });

  it('splits rows and fields across chunks cut anywhere, even inside a character', () => {
    const text = 'é1\t\\N\tx\\ty\nß2\t\tlast\n';
    const all = bytes(text);
    for (let cut = 0; cut <= all.length; cut += 1) {
      const { rows, count } = rowsOf(3, [all.slice(0, cut), all.slice(cut)]);
      expect(count).toBe(2);
      expect(rows).toEqual([
        ['é1', null, 'x\ty'],
        ['ß2', '', 'last'],
      ]);
    }
  });

  it('refuses a row with another number of fields, naming the row', () => {
    expect(() => rowsOf(3, [bytes('a\tb\tc\nd\te\n')])).toThrow(/COPY row 2 has 2 fields, not 3: d\te/);
    expect(() => rowsOf(2, [bytes('a\tb\tc\n')])).toThrow(/COPY row 1 has 3 fields, not 2/);
    expect(() => rowsOf(2, [bytes('a\tb\nc\t')])).toThrow(/ends inside row 2/);
  });

  it('writes fields escaped, null as \\N, rows in chunks that join to the whole text', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
    expect(unescapeCopyField(copyField('x\ty\\N'))).toBe('x\ty\\N');
    const rows = Array.from({ length: 60_000 }, (_, i) => [
      `row ${i} ${'x'.repeat(20)}`,
      i % 2 ? null : 'tab\there',
    ]);
    const chunks = [...copyChunks(rows, (row) => row)];
    expect(chunks.length).toBeGreaterThan(1);
    const read: Array<Array<string | null>> = [];
    const reader = copyTextReader(2, (fields) => read.push([...fields]));
    for (const chunk of chunks) reader.push(new TextEncoder().encode(chunk));
    expect(reader.end()).toBe(rows.length);
    expect(read).toEqual(rows);
    expect([...copyChunks([], () => [])]).toEqual([]);
  });

  it('round-trips through the database: tabs, newlines, backslashes, nulls, non-Latin text', async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
    try {
      const rows: Array<Array<string | null>> = [];
      const query = `select v, null::text, n::text from (values (E'tab\\there', 1), (E'line\\nbreak \\\\ back', 2),
        ('Ünïcødé ✓ 名前', 3)) as t(v, n) order by n`;
      const count = await database.copyOut(query, 3, (fields) => rows.push([...fields]));
      expect(count).toBe(3);
      expect(rows).toEqual([
        ['tab\there', null, '1'],
        ['line\nbreak \\ back', null, '2'],
        ['Ünïcødé ✓ 名前', null, '3'],
      ]);
    } finally {
      await database.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { CsvReadError, type CsvRow, CsvRowParser } from './csv-rows.ts';
import { sniffDelimiter, sniffLineEndings } from './csv-sniff.ts';

/** Feeds the text in chunks of `size` characters, as a file stream would. */
function parseInChunks(text: string, size: number, delimiter = ','): CsvRow[] {
  const parser = new CsvRowParser(delimiter);
  const rows: CsvRow[] = [];
  for (let i = 0; i < text.length; i += size) rows.push(...parser.push(text.slice(i, i + size)));
  rows.push(...parser.end());
  return rows;
}

describe('CsvRowParser', () => {
  const text = 'a,b,c\r\n1,"two, with comma",3\n"multi\r\nline ""quoted""",x,y\r\n\n4,5,6\r7,8,9';

  it('reads mixed line endings, quoted delimiters, quotes and line breaks with physical line numbers', () => {
    const expected = [
      { fields: ['a', 'b', 'c'], line: 1 },
      { fields: ['1', 'two, with comma', '3'], line: 2 },
      { fields: ['multi\r\nline "quoted"', 'x', 'y'], line: 3 },
      { fields: ['4', '5', '6'], line: 6 },
      { fields: ['7', '8', '9'], line: 7 },
    ];
    for (const size of [1, 2, 3, 7, 1000]) expect(parseInChunks(text, size)).toEqual(expected);
  });

  it('keeps a trailing empty field and text after a closing quote', () => {
    expect(parseInChunks('a,b,\n"x"y,z\n', 4)).toEqual([
      { fields: ['a', 'b', ''], line: 1 },
      { fields: ['xy', 'z'], line: 2 },
    ]);
  });

  it('names the line of a quote that is never closed', () => {
    expect(() => parseInChunks('a,b\n1,2\n3,"open\n4,5\n', 5)).toThrow(CsvReadError);
    expect(() => parseInChunks('a,b\n1,2\n3,"open\n4,5\n', 5)).toThrow('Line 3: a quoted value starts here');
  });

  it('names the line of a quote opened on a later line, whatever the chunk size', () => {
    const text = 'id;amount\n1;2\n2;"3\n\n4;5\n5;6';
    for (const size of [1, 4, 1000]) {
      expect(() => parseInChunks(text, size, ';')).toThrow(
        'Line 3: a quoted value starts here and is never closed',
      );
    }
  });

  it('refuses a quoted value still open after the record limit, naming the line it opened on', () => {
    const parser = new CsvRowParser(',', { maxRowChars: 1024 });
    expect(parser.push('a,b\n1,2\n3,"open')).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['1', '2'], line: 2 },
    ]);
    expect(() => parser.push('x\n'.repeat(600))).toThrow(
      'Line 3: a quoted value starts here and is not closed within 1 KB',
    );
  });

  it('refuses a record longer than the record limit as soon as that much is buffered', () => {
    const parser = new CsvRowParser(',', { maxRowChars: 2048 });
    parser.push('a,b\n');
    expect(() => parser.push('x'.repeat(4096))).toThrow('Line 2: a record longer than 2 KB starts here');
  });

  it('refuses a record with more columns than the limit, naming its line', () => {
    const wide = `${Array.from({ length: 501 }, (_, i) => i).join(',')}\n`;
    expect(() => parseInChunks(`a,b\n${wide}`, 1000)).toThrow(
      'Line 2: more than 500 columns (check the delimiter and the quotes)',
    );
    const widest = `${Array.from({ length: 500 }, (_, i) => i).join(',')}\n`;
    expect(parseInChunks(widest, 1000)[0]?.fields).toHaveLength(500);
    const narrow = new CsvRowParser(',', { maxColumns: 2 });
    expect(() => narrow.push('a,b,c\n')).toThrow('Line 1: more than 2 columns');
  });

  it('drops a byte order mark at the start of the first chunk only', () => {
    const parser = new CsvRowParser(';');
    const rows = [...parser.push('\uFEFF'), ...parser.push('id;amount\n1;\uFEFF2\n'), ...parser.end()];
    expect(rows).toEqual([
      { fields: ['id', 'amount'], line: 1 },
      { fields: ['1', '\uFEFF2'], line: 2 },
    ]);
  });

  it('reads other delimiters', () => {
    expect(parseInChunks('a;b\n1;2', 3, ';').map((r) => r.fields)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('sniffing', () => {
  it('finds the delimiter that splits rows most consistently', () => {
    expect(sniffDelimiter('date;amount;note\n2024-01-01;1,50;a, b\n2024-01-02;2,00;c\n', true)).toBe(';');
    expect(sniffDelimiter('a\tb\tc\n1\t2\t3\n', true)).toBe('\t');
    expect(sniffDelimiter('a|b\n1|2\n', true)).toBe('|');
    expect(sniffDelimiter('a,b\n1,2\n', true)).toBe(',');
    expect(sniffDelimiter('just one column\nvalue\n', true)).toBe(',');
  });

  it('tells the line endings', () => {
    expect(sniffLineEndings('a\r\nb\r\n')).toBe('crlf');
    expect(sniffLineEndings('a\nb\n')).toBe('lf');
    expect(sniffLineEndings('a\rb')).toBe('cr');
    expect(sniffLineEndings('a\r\nb\nc')).toBe('mixed');
    expect(sniffLineEndings('abc')).toBeNull();
  });
});

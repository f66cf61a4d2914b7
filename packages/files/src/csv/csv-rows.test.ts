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

import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, quoted newlines and empty cells, with start lines', () => {
    const rows = parseCsv('\uFEFFa,"b ""q""",c\r\n"multi\nline",,x\r\nlast,"1,234.00",');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b "q"', 'c'] },
      { line: 2, cells: ['multi\nline', '', 'x'] },
      { line: 4, cells: ['last', '1,234.00', ''] },
    ]);
  });

  it('handles LF, CR and a final newline without an extra row', () => {
    expect(parseCsv('a,b\nc,d\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
    ]);
    expect(parseCsv('a\rb')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 2, cells: ['b'] },
    ]);
  });

  it('keeps blank lines as rows of one empty cell and honours another delimiter', () => {
    expect(parseCsv('a;b\n\nc;d', ';')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: [''] },
      { line: 3, cells: ['c', 'd'] },
    ]);
  });
});

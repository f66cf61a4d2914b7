import { describe, expect, it } from 'vitest';
import { detectTables, groupLines, runWords, type TextRun } from './pdf-layout.ts';

const run = (text: string, x: number, y: number, width = text.length * 5, height = 10): TextRun => ({
  text,
  x,
  y,
  width,
  height,
});

describe('pdf layout', () => {
  it('splits a run into words sharing its width by characters', () => {
    expect(runWords(run('ab  cd', 10, 20, 60))).toEqual([
      { text: 'ab', x: 10, y: 20, width: 20, height: 10 },
      { text: 'cd', x: 50, y: 20, width: 20, height: 10 },
    ]);
  });

  it('groups runs on the same baseline into lines, top to bottom, left to right', () => {
    const lines = groupLines([run('World', 60, 101), run('Second', 10, 130), run('Hello', 10, 100)]);
    expect(lines.map((l) => l.text)).toEqual(['Hello World', 'Second']);
    expect(lines[0]).toMatchObject({ x: 10, y: 100, width: 75 });
  });

  it('finds a table of aligned columns, including right-aligned numbers, and stops where it breaks', () => {
    const lines = groupLines([
      run('Invoice 12', 10, 10),
      run('Item', 10, 30),
      run('Qty', 200, 30),
      run('Amount', 300, 30),
      run('Paper', 10, 45),
      run('2', 210, 45),
      run('1200.00', 295, 45),
      run('Long pen name', 10, 60),
      run('10', 205, 60),
      run('5.00', 310, 60),
      run('Total due at the end of the page', 10, 80),
    ]);
    const tables = detectTables(lines);
    expect(tables).toEqual([
      {
        first_line: 1,
        line_count: 3,
        column_x: [10, 200, 295],
        rows: [
          ['Item', 'Qty', 'Amount'],
          ['Paper', '2', '1200.00'],
          ['Long pen name', '10', '5.00'],
        ],
      },
    ]);
  });

  it('does not call two unrelated lines of three phrases a table when their columns do not overlap', () => {
    const lines = groupLines([
      run('a', 10, 10),
      run('b', 100, 10),
      run('c', 200, 10),
      run('d', 50, 30),
      run('e', 150, 30),
      run('f', 250, 30),
    ]);
    expect(detectTables(lines)).toEqual([]);
  });
});

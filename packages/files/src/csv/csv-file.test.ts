import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROW_BATCH } from '../limits.ts';
import { csvEncoding, csvRows } from './csv-file.ts';
import { CsvReadError, parseCsvText } from './csv-rows.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'csv-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, bytes: string | Buffer): string {
  const target = path.join(folder, name);
  writeFileSync(target, bytes);
  return target;
}

async function readAll(filePath: string): Promise<string[][][]> {
  const blocks: string[][][] = [];
  for await (const batch of csvRows(filePath, () => {})) blocks.push(batch);
  return blocks;
}

describe('csvRows (a whole CSV file in batches)', () => {
  it('sniffs the delimiter, drops the BOM and skips rows of blank cells', async () => {
    const blocks = await readAll(
      file('semi.csv', '\uFEFFdate;amount\r\n2024-01-01;1,50\r\n ; \r\n\r\n2024-01-02;2,00\r\n'),
    );
    expect(blocks).toEqual([
      [
        ['date', 'amount'],
        ['2024-01-01', '1,50'],
        ['2024-01-02', '2,00'],
      ],
    ]);
  });

  it('reads Windows-1252 when the file is not UTF-8', async () => {
    const filePath = file(
      'latin.csv',
      Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x43, 0x61, 0x66, 0xe9, 0x0a]),
    );
    expect(await csvEncoding(filePath)).toBe('windows-1252');
    expect(await readAll(filePath)).toEqual([[['name'], ['Café']]]);
  });

  it('gives full batches of ROW_BATCH rows', async () => {
    const lines = Array.from({ length: ROW_BATCH + 3 }, (_, i) => `r${i},${i}`);
    const blocks = await readAll(file('long.csv', `${lines.join('\n')}\n`));
    expect(blocks.map((block) => block.length)).toEqual([ROW_BATCH, 3]);
  });

  it('takes the rest of the file as the field of a quote never closed', async () => {
    expect(await readAll(file('open.csv', 'a,b\n1,"open\n2,3\n'))).toEqual([
      [
        ['a', 'b'],
        ['1', 'open\n2,3\n'],
      ],
    ]);
  });
});

describe('parseCsvText options', () => {
  it('skips blank lines and refuses a quote never closed, naming its line, by default', () => {
    expect(parseCsvText('\uFEFFa,b\n\n1,2').map((row) => row.fields)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(() => parseCsvText('a,b\n1,"open\n2,3')).toThrow(CsvReadError);
    expect(() => parseCsvText('a,b\n1,"open\n2,3')).toThrow('Line 2: a quoted value starts here');
  });

  it('keeps blank rows and unclosed quotes when asked', () => {
    expect(parseCsvText('a\n\n"b\nc', ',', { keepBlankRows: true, unclosedQuote: 'keep' })).toEqual([
      { fields: ['a'], line: 1 },
      { fields: [''], line: 2 },
      { fields: ['b\nc'], line: 3 },
    ]);
  });
});

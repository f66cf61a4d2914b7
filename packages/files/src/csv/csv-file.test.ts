import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileReadError } from '../errors.ts';
import { ROW_BATCH } from '../limits.ts';
import { csvEncoding, csvRows, openCsvFile } from './csv-file.ts';
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

/** Reads an opened file to its end; returns the rows, or the error that stopped them. */
async function readStrict(filePath: string): Promise<{ rows: string[][]; error: Error | null }> {
  const rows: string[][] = [];
  try {
    const opened = await openCsvFile(filePath);
    for await (const group of opened.rows) rows.push(...group.map((row) => row.fields));
    return { rows, error: null };
  } catch (error) {
    return { rows, error: error as Error };
  }
}

const MB = 1024 * 1024;

describe('openCsvFile (strict streaming read)', () => {
  it('reads a BOM + semicolon file with its header names clean', async () => {
    const opened = await openCsvFile(file('bom-semi.csv', '\uFEFFid;amount\r\nA1;1.234,56\r\n'));
    expect(opened.delimiter).toBe(';');
    const rows = [];
    for await (const group of opened.rows) rows.push(...group);
    expect(rows).toEqual([
      { fields: ['id', 'amount'], line: 1 },
      { fields: ['A1', '1.234,56'], line: 2 },
    ]);
  });

  it('refuses a quote never closed, naming the line it opened on, not swallowing the file', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `r${i},${i}`);
    const result = await readStrict(file('open.csv', `a,b\n1,"open\n${lines.join('\n')}\n`));
    expect(result.error).toBeInstanceOf(CsvReadError);
    expect(result.error?.message).toBe('Line 2: a quoted value starts here and is never closed');
    expect(result.rows).toEqual([['a', 'b']]);
  });

  it('refuses 20 MB of text with no line break at the first megabyte, naming line 1', async () => {
    const filePath = file('one-line.csv', Buffer.alloc(20 * MB, 'x'));
    const result = await readStrict(filePath);
    expect(result.error).toBeInstanceOf(CsvReadError);
    expect(result.error?.message).toBe('Line 1: a record longer than 1 MB starts here');
  });

  it('refuses 20 MB behind a quote opened on line 3 at the first megabyte', async () => {
    const filePath = file(
      'quoted.csv',
      Buffer.concat([Buffer.from('a,b\n1,2\n3,"'), Buffer.alloc(20 * MB, 'y\n')]),
    );
    const result = await readStrict(filePath);
    expect(result.error?.message).toBe('Line 3: a quoted value starts here and is not closed within 1 MB');
    expect(result.rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses a row of a million commas as too wide', async () => {
    const result = await readStrict(file('wide.csv', `a,b\n${','.repeat(1_000_000)}\n`));
    expect(result.error?.message).toBe('Line 2: more than 500 columns (check the delimiter and the quotes)');
  });

  it('refuses 20 MB of random bytes as binary before reading it', async () => {
    let seed = 7;
    const bytes = Buffer.alloc(20 * MB);
    for (let i = 0; i < bytes.length; i += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      bytes[i] = seed >> 16;
    }
    const result = await readStrict(file('garbage.csv', bytes));
    expect(result.error).toBeInstanceOf(FileReadError);
    expect(result.error?.message).toBe('"garbage.csv" is not a CSV file (its content is binary)');
  });
});

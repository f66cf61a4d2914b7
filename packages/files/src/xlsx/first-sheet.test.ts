import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { ROW_BATCH } from '../limits.ts';
import { xlsxRows } from './first-sheet.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'sheet-parser-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function workbookFile(sheets: Record<string, string[][]>): Promise<string> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  const file = path.join(folder, `${Object.keys(sheets).join('-')}.xlsx`);
  writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
  return file;
}

async function readAll(file: string) {
  const sheet = await xlsxRows(file);
  const blocks: string[][][] = [];
  for await (const batch of sheet.batches) blocks.push(batch);
  return { sheet: sheet.sheet, sheets: sheet.sheets, blocks };
}

describe('xlsxRows', () => {
  it('passes over a sheet of blank cells, keeping the blank rows above the values of the sheet read', async () => {
    const file = await workbookFile({
      Blank: [[' ', ''], ['  ']],
      Data: [[' '], ['Ref', 'Amount'], ['A-1', '5']],
      After: [['x'], [' '], ['y']],
    });
    const { sheet, sheets, blocks } = await readAll(file);
    expect(sheet).toBe('Data');
    expect(sheets).toEqual([
      { name: 'Blank', rows: 0 },
      { name: 'Data', rows: 3 },
      { name: 'After', rows: 3 },
    ]);
    expect(blocks).toEqual([[[' '], ['Ref', 'Amount'], ['A-1', '5']]]);
  });

  it('writes full blocks of ROW_BATCH rows even after more blank rows than a block', async () => {
    const blank = Array.from({ length: ROW_BATCH + 5 }, () => [' ']);
    const values = Array.from({ length: ROW_BATCH + 2 }, (_, i) => [`R-${i}`]);
    const { sheets, blocks } = await readAll(await workbookFile({ Long: [...blank, ...values] }));
    expect(blocks.slice(0, -1).every((block) => block.length === ROW_BATCH)).toBe(true);
    const rows = blocks.flat();
    expect(sheets).toEqual([{ name: 'Long', rows: rows.length }]);
    // The blank rows beyond one block are dropped; every value is kept, in order.
    expect(rows.filter((row) => row[0] !== ' ')).toEqual(values);
    expect(rows.length).toBe(ROW_BATCH + values.length);
  });
});

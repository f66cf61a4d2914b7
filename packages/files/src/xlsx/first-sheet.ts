import type ExcelJS from 'exceljs';
import { ROW_BATCH } from '../limits.ts';
import { openWorkbook } from './workbook-parts.ts';

/** A sheet of a workbook and how many rows it has (0: empty). */
export interface SheetCount {
  name: string;
  rows: number;
}

/** Rows of a CSV or of an XLSX workbook's first non-empty sheet, as text cells, in batches. */
export interface SheetRows {
  /** The sheet read (XLSX only). */
  sheet?: string;
  /** Every sheet of the workbook, in order (XLSX only). */
  sheets?: SheetCount[];
  batches: AsyncGenerator<string[][]>;
}

/** A cell of exceljs as the text a person would read in the sheet. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  }
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

/** Cells of a streamed exceljs row as text (row.values is 1-based, index 0 empty). */
function rowCells(row: ExcelJS.Row): string[] {
  const values = Array.isArray(row.values) ? row.values.slice(1) : [];
  return Array.from(values, (v) => cellText(v as ExcelJS.CellValue));
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The rows of an XLSX workbook's first sheet that holds a value (an empty first sheet is passed
 * over), streamed through openWorkbook (shared strings cached, styles ignored). `sheets` lists every
 * sheet in workbook order with its row count, 0 for an empty one; it is complete once `batches`
 * has ended, and `sheet` names the sheet read as soon as it is found.
 */
export async function xlsxRows(filePath: string): Promise<SheetRows> {
  const sheets: SheetCount[] = [];
  const result: SheetRows = { sheets, batches: readFirstFilledSheet() };
  async function* readFirstFilledSheet(): AsyncGenerator<string[][]> {
    const workbook = await openWorkbook(filePath, { styles: 'ignore' });
    try {
      for (const worksheet of workbook.sheets) {
        const name = worksheet.name;
        const counted: SheetCount = { name, rows: 0 };
        sheets.push(counted);
        let filled = false;
        let batch: string[][] = [];
        for await (const row of worksheet.rows()) {
          // exceljs skips rows with no cell at all; a row of empty cells still counts once the sheet has a value.
          const cells = rowCells(row);
          filled ||= !isBlank(cells);
          counted.rows += 1;
          if (result.sheet !== undefined && result.sheet !== name) continue;
          if (filled) result.sheet = name;
          // Blank rows before the first value are kept (up to a batch) in case this sheet is the one read.
          if (filled || batch.length < ROW_BATCH) batch.push(cells);
          else counted.rows -= 1;
          if (filled && batch.length >= ROW_BATCH) {
            // Every block but the last holds exactly ROW_BATCH rows.
            yield batch.slice(0, ROW_BATCH);
            batch = batch.slice(ROW_BATCH);
          }
        }
        if (!filled) counted.rows = 0;
        else if (result.sheet === name && batch.length > 0) yield batch;
      }
    } finally {
      workbook.close();
    }
  }
  return result;
}

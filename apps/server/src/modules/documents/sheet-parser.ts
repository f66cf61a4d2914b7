import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

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

export const ROW_BATCH = 1000;

/** Reports how far the reading is, 0–1 (bytes read of a CSV; rows are not counted ahead in XLSX). */
export type ReadProgress = (fraction: number) => void;

/** UTF-8 when the first 64 KB are valid UTF-8 (a character cut at the end is fine), else Windows-1252. */
export async function csvEncoding(filePath: string): Promise<'utf-8' | 'windows-1252'> {
  const file = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, bytesRead), { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  } finally {
    await file.close();
  }
}

/**
 * A CSV, streamed through papaparse (delimiter detected, BOM removed, blank lines skipped), read
 * as UTF-8 or, when it is not valid UTF-8, as Windows-1252 (what spreadsheet programs write).
 */
export async function* csvRows(filePath: string, onProgress: ReadProgress): AsyncGenerator<string[][]> {
  const size = (await stat(filePath)).size;
  const decoder = new TextDecoder(await csvEncoding(filePath));
  let read = 0;
  const text = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
  const parser = createReadStream(filePath)
    .pipe(text)
    .pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' }));
  let batch: string[][] = [];
  let first = true;
  for await (const row of parser as AsyncIterable<string[]>) {
    if (first && typeof row[0] === 'string') row[0] = row[0].replace(/^\uFEFF/, '');
    first = false;
    batch.push(row);
    if (batch.length === ROW_BATCH) {
      onProgress(read / Math.max(size, 1));
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
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
 * over), streamed (exceljs reader: shared strings cached, styles ignored). `sheets` lists every
 * sheet in workbook order with its row count, 0 for an empty one; it is complete once `batches`
 * has ended, and `sheet` names the sheet read as soon as it is found.
 */
export async function xlsxRows(filePath: string): Promise<SheetRows> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  const sheets: SheetCount[] = [];
  const result: SheetRows = { sheets, batches: readFirstFilledSheet() };
  async function* readFirstFilledSheet(): AsyncGenerator<string[][]> {
    for await (const worksheet of reader) {
      const name = (worksheet as unknown as { name?: string }).name ?? `Sheet${sheets.length + 1}`;
      const counted: SheetCount = { name, rows: 0 };
      sheets.push(counted);
      let filled = false;
      let batch: string[][] = [];
      for await (const row of worksheet) {
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
  }
  return result;
}

import type { ReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import type { CsvRow } from '../csv/csv-rows.ts';
import { zipEntries } from '../zip/zip-entries.ts';

/** A row of the file as text cells, with its physical line (CSV) or sheet row number (XLSX). */
export type SourceRow = CsvRow;

function isoDay(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** An exceljs cell value as the text a user would see typed (dates as yyyy-mm-dd). */
export function cellValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>;
    if (Array.isArray(cell.richText)) {
      return cell.richText.map((part) => String((part as { text?: unknown }).text ?? '')).join('');
    }
    if ('result' in cell) return cellValueText(cell.result);
    if ('formula' in cell || 'sharedFormula' in cell) return '';
    if ('text' in cell) return cellValueText(cell.text);
    if ('error' in cell) return String(cell.error);
  }
  return String(value);
}

const GROUP = 500;

/** exceljs's streamed worksheet: its rows, and its name once the workbook part is read. */
interface SheetReader extends AsyncIterable<ExcelJS.Row> {
  name?: string;
}

/**
 * The parts of exceljs's WorkbookReader that read one workbook part each. Its own `parse()` is not
 * used: it walks the ZIP with unzipper's streamed Parse, which emits 'end' as soon as its input is
 * written (not once its entries are read), so a workbook whose sheets come before
 * xl/workbook.xml (exceljs's own files do) loses its last entries now and then and fails with
 * "Cannot read properties of undefined (reading 'sheets')"; and a sheet it skipped was deleted
 * from its temporary file while still being opened (an uncaught ENOENT).
 */
interface WorkbookParts {
  _parseRels(stream: Readable): Promise<void>;
  _parseWorkbook(stream: Readable): Promise<void>;
  _parseSharedStrings(stream: Readable): AsyncIterable<unknown>;
  _parseStyles(stream: Readable): Promise<void>;
  _parseWorksheet(stream: Readable, sheetNo: string): Iterable<{ eventType: string; value: SheetReader }>;
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ name: string; rId: string }> };
}

/**
 * The rows of one sheet (the first sheet when `sheet` is null), streamed with exceljs's
 * worksheet reader; empty rows are skipped, row numbers kept. The file is read where `input`
 * reads it, through its ZIP directory: the workbook parts first, then that sheet's part only.
 */
export async function* readXlsxRows(input: ReadStream, sheet: string | null): AsyncGenerator<SourceRow[]> {
  input.destroy();
  const zip = await yauzl.openPromise(String(input.path), {
    lazyEntries: true,
    autoClose: false,
    validateEntrySizes: true,
  });
  try {
    const entries = await zipEntries(zip);
    const part = (name: string) => {
      const entry = entries.get(name);
      return entry ? (zip.openReadStreamPromise(entry) as Promise<Readable>) : null;
    };
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    }) as unknown as WorkbookParts;
    const rels = part('xl/_rels/workbook.xml.rels');
    const book = part('xl/workbook.xml');
    if (!rels || !book) throw new Error('The workbook has no xl/workbook.xml');
    await reader._parseRels(await rels);
    await reader._parseWorkbook(await book);
    const strings = part('xl/sharedStrings.xml');
    if (strings) {
      const read = reader._parseSharedStrings(await strings)[Symbol.asyncIterator]();
      // The reader caches each string for the cells that refer to it.
      for (let next = await read.next(); !next.done; next = await read.next()) {
        // Nothing more to do with one.
      }
    }
    const styles = part('xl/styles.xml');
    if (styles) await reader._parseStyles(await styles);

    const wanted = (reader.model?.sheets ?? []).find((s) => sheet === null || s.name === sheet);
    const target = reader.workbookRels?.find((rel) => rel.Id === wanted?.rId)?.Target ?? '';
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    const sheetNo = /worksheets\/sheet(\d+)\.xml$/.exec(path)?.[1];
    const content = sheetNo ? part(path) : null;
    if (!content || !sheetNo) return;
    for (const { value: worksheet } of reader._parseWorksheet(await content, sheetNo)) {
      let group: SourceRow[] = [];
      for await (const row of worksheet) {
        const values = row.values as unknown[];
        const fields: string[] = [];
        for (let i = 1; i < values.length; i += 1) fields.push(cellValueText(values[i]));
        if (fields.every((field) => field === '')) continue;
        group.push({ fields, line: row.number });
        if (group.length >= GROUP) {
          yield group;
          group = [];
        }
      }
      if (group.length > 0) yield group;
    }
  } finally {
    zip.close();
  }
}

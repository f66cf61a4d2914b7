import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { TextEncoding } from './content-check.ts';
import { type CsvRow, CsvRowParser } from './csv-rows.ts';

/** A row of the file as text cells, with its physical line (CSV) or sheet row number (XLSX). */
export type SourceRow = CsvRow;

/** CSV rows in groups (one group per chunk read), decoded from `encoding` with any BOM dropped. */
export async function* readCsvRows(
  input: Readable,
  encoding: TextEncoding,
  delimiter: string,
): AsyncGenerator<SourceRow[]> {
  const decoder = new TextDecoder(encoding);
  const parser = new CsvRowParser(delimiter);
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      const rows = parser.push(decoder.decode(chunk, { stream: true }));
      if (rows.length > 0) yield rows;
    }
    const tail = decoder.decode();
    const rows = [...(tail === '' ? [] : parser.push(tail)), ...parser.end()];
    if (rows.length > 0) yield rows;
  } finally {
    input.destroy();
  }
}

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
 * The rows of one sheet (the first sheet when `sheet` is null), streamed with exceljs's
 * WorkbookReader; empty rows are skipped, row numbers kept.
 */
export async function* readXlsxRows(input: Readable, sheet: string | null): AsyncGenerator<SourceRow[]> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of workbook as AsyncIterable<SheetReader>) {
      if (sheet !== null && worksheet.name !== sheet) continue;
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
      return;
    }
  } finally {
    input.destroy();
  }
}

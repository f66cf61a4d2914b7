import type { ReadStream } from 'node:fs';
import type { CsvRow } from '../csv/csv-rows.ts';
import { openWorkbook } from './workbook-parts.ts';

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

/**
 * The rows of one sheet (the first sheet when `sheet` is null), streamed with exceljs's
 * worksheet reader; empty rows are skipped, row numbers kept. The file is read where `input`
 * reads it, through its ZIP directory (openWorkbook): the workbook parts first, then that sheet's
 * part only.
 */
export async function* readXlsxRows(input: ReadStream, sheet: string | null): AsyncGenerator<SourceRow[]> {
  input.destroy();
  const workbook = await openWorkbook(String(input.path), { styles: 'cache' });
  try {
    const wanted = workbook.sheets.find((candidate) => sheet === null || candidate.name === sheet);
    if (!wanted) return;
    let group: SourceRow[] = [];
    for await (const row of wanted.rows()) {
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
  } finally {
    workbook.close();
  }
}

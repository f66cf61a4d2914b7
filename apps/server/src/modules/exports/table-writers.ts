import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** One value of an exported table. */
export type Cell = string | number | boolean | Date | null;
export type ExportFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Writes a table row by row to a stream, in one format. */
export interface TableWriter {
  writeRows(rows: Cell[][]): Promise<void>;
  /** Writes what is left and ends the stream. */
  finish(): Promise<void>;
}

export function createTableWriter(
  format: ExportFormat,
  output: Writable,
  table: { sheetName: string; columns: string[] },
): TableWriter {
  return format === 'csv' ? createCsvWriter(output, table.columns) : createXlsxWriter(output, table);
}

/** Byte order mark: tells Excel the CSV is UTF-8. */
const BOM = '\uFEFF';
/** Cells a spreadsheet would run as a formula (OWASP CSV injection): kept as text with a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field per RFC 4180, safe to open in a spreadsheet. */
export function csvField(value: Cell): string {
  let text = value === null ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180: comma-separated, CRLF after every record, UTF-8 with a BOM for Excel. */
function createCsvWriter(output: Writable, columns: string[]): TableWriter {
  const line = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;
  const write = async (text: string) => {
    if (!output.write(text)) await new Promise<void>((resolve) => output.once('drain', resolve));
  };
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    await write(BOM + line(columns));
  };
  return {
    async writeRows(rows) {
      await start();
      await write(rows.map(line).join(''));
    },
    async finish() {
      await start();
      await new Promise<void>((resolve, reject) =>
        output.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    },
  };
}

const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** XLSX through exceljs' streaming writer: rows go to the stream as they are written, not kept. */
function createXlsxWriter(output: Writable, table: { sheetName: string; columns: string[] }): TableWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.sheetName);
  const header = sheet.addRow(table.columns);
  header.font = { bold: true };
  header.commit();
  return {
    async writeRows(rows) {
      for (const values of rows) {
        const row = sheet.addRow(values);
        values.forEach((value, index) => {
          if (value instanceof Date) row.getCell(index + 1).numFmt = DATE_FORMAT;
        });
        row.commit();
      }
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

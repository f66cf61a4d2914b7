import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { quoteCsvField } from './csv/csv-field.ts';

/** A calendar day, `yyyy-mm-dd`: text in CSV, a date cell in XLSX. */
export interface DayCell {
  day: string;
}
/** An exact decimal amount (`-1234.50`, from integer minor units): never parsed as a float for CSV. */
export interface DecimalCell {
  decimal: string;
  places: number;
}
/** One value of an exported table. */
export type Cell = string | number | boolean | Date | DayCell | DecimalCell | null;

function isDay(value: Cell): value is DayCell {
  return typeof value === 'object' && value !== null && 'day' in value;
}
function isDecimal(value: Cell): value is DecimalCell {
  return typeof value === 'object' && value !== null && 'decimal' in value;
}
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

/** Text a spreadsheet would run as a formula gets a leading ' (numbers are left alone: -5 is a number). */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function plainText(value: Exclude<Cell, null>): string {
  if (value instanceof Date) return value.toISOString();
  if (isDay(value)) return value.day;
  if (isDecimal(value)) return value.decimal;
  return String(value);
}

/** One CSV field per RFC 4180, safe to open in a spreadsheet. */
export function csvField(value: Cell): string {
  if (value === null) return '';
  let text = plainText(value);
  if (typeof value === 'string') text = defuseFormula(text);
  return quoteCsvField(text);
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
const DAY_FORMAT = 'yyyy-mm-dd';

/**
 * The XLSX value and number format of a cell. An amount becomes a number cell only when the
 * spreadsheet's double holds it exactly to its decimals (it reads back as the same decimal);
 * otherwise (beyond ~15 digits) it stays exact text. Formula-like text gets a leading '.
 */
export function xlsxCell(value: Cell): { value: string | number | boolean | Date | null; numFmt?: string } {
  if (value === null) return { value: null };
  if (value instanceof Date) return { value, numFmt: DATE_FORMAT };
  if (isDay(value)) return { value: new Date(`${value.day}T00:00:00Z`), numFmt: DAY_FORMAT };
  if (isDecimal(value)) {
    const number = Number(value.decimal);
    if (Number.isFinite(number) && number.toFixed(value.places) === value.decimal) {
      const decimals = value.places > 0 ? `.${'0'.repeat(value.places)}` : '';
      return { value: number, numFmt: `#,##0${decimals}` };
    }
    return { value: value.decimal };
  }
  if (typeof value === 'string') return { value: defuseFormula(value) };
  return { value };
}

/** XLSX through exceljs' streaming writer: rows go to the stream as they are written, not kept. */
function createXlsxWriter(output: Writable, table: { sheetName: string; columns: string[] }): TableWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.sheetName);
  const header = sheet.addRow(table.columns.map(defuseFormula));
  header.font = { bold: true };
  header.commit();
  return {
    async writeRows(rows) {
      for (const values of rows) {
        const cells = values.map(xlsxCell);
        const row = sheet.addRow(cells.map((cell) => cell.value));
        cells.forEach((cell, index) => {
          if (cell.numFmt) row.getCell(index + 1).numFmt = cell.numFmt;
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

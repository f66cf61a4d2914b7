/**
 * @counterpart/files: one reader and one writer per file format, with their limits. Bytes, streams
 * or file paths in, rows (or positioned text) out; no HTTP, no database. Extraction builds on the
 * PDF reader's positioned words.
 */
export { quoteCsvField } from './csv/csv-field.ts';
export {
  csvEncoding,
  csvRows,
  type OpenedCsvFile,
  openCsvFile,
  type ReadProgress,
  readFileHead,
} from './csv/csv-file.ts';
export {
  CsvReadError,
  type CsvReadOptions,
  type CsvRow,
  CsvRowParser,
  parseCsvText,
} from './csv/csv-rows.ts';
export { sniffDelimiter, sniffLineEndings, sniffRows } from './csv/csv-sniff.ts';
export { readCsvRows } from './csv/csv-stream.ts';
export { FileReadError, formatBytes } from './errors.ts';
export { MAX_CELLS, MAX_COLUMNS, MAX_ROW_CHARS, ROW_BATCH, SNIFF_BYTES, SNIFF_ROWS } from './limits.ts';
export { decodeJpegRgb } from './pdf/jpeg-decode.ts';
export { detectTables, groupLines, lineSegments, runWords, type TextRun } from './pdf/pdf-layout.ts';
export {
  DocumentContentError,
  NOT_A_VALID_PDF,
  type OpenedPdf,
  openPdf,
  PASSWORD_PROTECTED,
  type PdfDocument,
  PdfPasswordError,
} from './pdf/pdf-text.ts';
export {
  type Cell,
  CONTENT_TYPES,
  createTableWriter,
  csvField,
  type DayCell,
  type DecimalCell,
  defuseFormula,
  type ExportFormat,
  type TableWriter,
  xlsxCell,
} from './table-writers.ts';
export { detectEncoding, looksBinary, type TextEncoding } from './text-encoding.ts';
export { cellText, type SheetCount, type SheetRows, xlsxRows } from './xlsx/first-sheet.ts';
export { inspectXlsx, type XlsxUnpackLimits } from './xlsx/xlsx-check.ts';
export { cellValueText, readXlsxRows, type SourceRow } from './xlsx/xlsx-rows.ts';
export { zipEntries } from './zip/zip-entries.ts';

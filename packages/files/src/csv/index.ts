/**
 * The CSV reader alone, for callers that hold the text already (statements, the recon CLI): no
 * file system, no other format's dependencies.
 */
export { quoteCsvField } from './csv-field.ts';
export { CsvReadError, type CsvReadOptions, type CsvRow, CsvRowParser, parseCsvText } from './csv-rows.ts';
export { sniffDelimiter, sniffLineEndings, sniffRows } from './csv-sniff.ts';

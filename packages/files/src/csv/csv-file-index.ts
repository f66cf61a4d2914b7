/**
 * The CSV file reader alone, for the I/O edges that read files from disk (the recon CLI): a strict
 * streaming read with bounded memory, no other format's dependencies.
 */

export { FileReadError } from '../errors.ts';
export { type OpenedCsvFile, openCsvFile } from './csv-file.ts';
export { CsvReadError, type CsvReadOptions, type CsvRow } from './csv-rows.ts';

import { parseCsvText } from '@counterpart/files/csv';

/** A record of a statement CSV and the 1-based line on which it starts. */
export interface CsvRow {
  /** 1-based line on which the row starts. */
  line: number;
  cells: string[];
}

/**
 * A whole statement CSV read with the files package's RFC 4180 reader (quoted fields, doubled
 * quotes, quoted newlines, BOM, CRLF/LF/CR). Statements count blank lines as rows of one empty cell
 * and take the rest of the text as the field of a quote that is never closed.
 */
export function parseCsv(text: string, delimiter = ','): CsvRow[] {
  return parseCsvText(text, delimiter, { keepBlankRows: true, unclosedQuote: 'keep' }).map((row) => ({
    line: row.line,
    cells: row.fields,
  }));
}

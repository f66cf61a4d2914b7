/**
 * The limits of the readers, in one place. Callers may be stricter; the readers refuse beyond these
 * with an error naming the file's line (or row) and, where it applies, the column.
 */

/** A CSV record longer than this (characters) is refused: most likely a quote that is not closed. */
export const MAX_ROW_CHARS = 1024 * 1024;
/** The widest row a sheet (CSV or XLSX) may have: a table import proposes at most 500 columns. */
export const MAX_COLUMNS = 500;
/** The most cells a sheet may have. */
export const MAX_CELLS = 20_000_000;
/** How much of a file is read to recognise it (format, encoding, dialect). */
export const SNIFF_BYTES = 64 * 1024;
/** Rows read to guess a CSV's delimiter (and, by the import, the types of its columns). */
export const SNIFF_ROWS = 200;
/** Rows per batch of the sheet readers. */
export const ROW_BATCH = 1000;

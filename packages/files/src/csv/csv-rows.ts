import { formatBytes } from '../errors.ts';
import { MAX_COLUMNS, MAX_ROW_CHARS } from '../limits.ts';

/** One record of a CSV file and the physical line it starts on (1-based). */
export interface CsvRow {
  fields: string[];
  line: number;
}

/** A file that cannot be read past a point (the whole import stops, nothing is kept). */
export class CsvReadError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
    this.name = 'CsvReadError';
  }
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Counts line breaks (\r\n, \n or a lone \r, each one) in a piece of text. */
function countLineBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === LF) count += 1;
    else if (c === CR) {
      count += 1;
      if (text.charCodeAt(i + 1) === LF) i += 1;
    }
  }
  return count;
}

/** How a reader treats the two edge cases readers of the house disagreed on. */
export interface CsvReadOptions {
  /** Blank lines are rows of one empty cell (statements count them), instead of skipped. */
  keepBlankRows?: boolean;
  /** A quote never closed: a CsvReadError (default), or the rest of the text is the field. */
  unclosedQuote?: 'error' | 'keep';
  /** The longest record read before a CsvReadError (default MAX_ROW_CHARS; streaming reads only). */
  maxRowChars?: number;
  /** The most fields a record may have before a CsvReadError (default MAX_COLUMNS). */
  maxColumns?: number;
}

/**
 * A streaming RFC 4180 reader fed text in chunks: any mix of \r\n, \n and \r ends a record,
 * quoted fields may hold delimiters, doubled quotes and line breaks (counted, so each record knows
 * its physical line), blank lines are skipped. Lenient like spreadsheet programs: text after a
 * closing quote is kept. A byte order mark at the very start is dropped. A quote never closed is a
 * CsvReadError naming the line it opened on; so are a record longer than MAX_ROW_CHARS (found as
 * soon as that much is buffered, so memory stays bounded) and one with more than MAX_COLUMNS fields.
 */
export class CsvRowParser {
  private pending = '';
  private line = 1;
  private started = false;
  /** The pending (incomplete) record stops inside a quoted value. */
  private pendingInQuote = false;
  private readonly delimiter: number;
  private readonly keepBlankRows: boolean;
  private readonly keepUnclosed: boolean;
  private readonly maxRowChars: number;
  private readonly maxColumns: number;

  constructor(delimiter: string, options: CsvReadOptions = {}) {
    this.delimiter = delimiter.charCodeAt(0);
    this.keepBlankRows = options.keepBlankRows ?? false;
    this.keepUnclosed = options.unclosedQuote === 'keep';
    this.maxRowChars = options.maxRowChars ?? MAX_ROW_CHARS;
    this.maxColumns = options.maxColumns ?? MAX_COLUMNS;
  }

  /** The text without a byte order mark when it is the very start of the input. */
  private withoutBom(text: string): string {
    if (this.started) return text;
    if (text === '') return text;
    this.started = true;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }

  /** Records completed by this chunk (a record cut by the chunk's end waits for the next one). */
  push(chunk: string): CsvRow[] {
    const rows: CsvRow[] = [];
    const text = this.withoutBom(chunk);
    this.parse(this.pending === '' ? text : this.pending + text, false, rows);
    if (this.pending.length > this.maxRowChars) {
      const limit = formatBytes(this.maxRowChars);
      throw new CsvReadError(
        this.line,
        this.pendingInQuote
          ? `a quoted value starts here and is not closed within ${limit}`
          : `a record longer than ${limit} starts here`,
      );
    }
    return rows;
  }

  /** The last record, once the file has ended. */
  end(): CsvRow[] {
    const rows: CsvRow[] = [];
    const rest = this.pending;
    this.pending = '';
    if (rest !== '') this.parse(rest, true, rows);
    return rows;
  }

  /** Reads a whole text at once (no record-length limit: the text is already in memory). */
  parseWhole(text: string, rows: CsvRow[]): void {
    this.parse(this.withoutBom(text), true, rows);
  }

  private parse(text: string, final: boolean, rows: CsvRow[]): void {
    const n = text.length;
    const d = this.delimiter;
    let i = 0;
    let line = this.line;
    while (i < n) {
      const rowStart = i;
      const rowLine = line;
      const fields: string[] = [];
      let breaksInside = 0;
      let complete = false;
      let inQuote = false;
      for (;;) {
        let value: string;
        if (i < n && text.charCodeAt(i) === QUOTE) {
          let j = i + 1;
          let close = -1;
          let escaped = false;
          for (;;) {
            const q = text.indexOf('"', j);
            if (q === -1 || (q + 1 >= n && !final)) break;
            if (text.charCodeAt(q + 1) === QUOTE) {
              escaped = true;
              j = q + 2;
              continue;
            }
            close = q;
            break;
          }
          if (close === -1 && final && this.keepUnclosed) close = n;
          if (close === -1) {
            if (final) throw new CsvReadError(rowLine, 'a quoted value starts here and is never closed');
            inQuote = true;
            break;
          }
          value = text.slice(i + 1, close);
          if (escaped) value = value.replaceAll('""', '"');
          breaksInside += countLineBreaks(value);
          i = close + 1;
          if (i < n) {
            let k = i;
            for (; k < n; k += 1) {
              const c = text.charCodeAt(k);
              if (c === d || c === LF || c === CR) break;
            }
            if (k > i) value += text.slice(i, k);
            i = k;
          }
        } else {
          let k = i;
          for (; k < n; k += 1) {
            const c = text.charCodeAt(k);
            if (c === d || c === LF || c === CR) break;
          }
          value = text.slice(i, k);
          i = k;
        }
        fields.push(value);
        if (fields.length > this.maxColumns) {
          throw new CsvReadError(
            rowLine,
            `more than ${this.maxColumns} columns (check the delimiter and the quotes)`,
          );
        }
        if (i >= n) {
          complete = final;
          break;
        }
        const c = text.charCodeAt(i);
        if (c === d) {
          i += 1;
          continue;
        }
        if (c === CR) {
          if (i + 1 >= n && !final) break;
          i += text.charCodeAt(i + 1) === LF ? 2 : 1;
        } else {
          i += 1;
        }
        complete = true;
        break;
      }
      if (!complete) {
        this.pending = text.slice(rowStart);
        this.pendingInQuote = inQuote;
        this.line = rowLine;
        return;
      }
      line = rowLine + breaksInside + 1;
      if (this.keepBlankRows || !(fields.length === 1 && fields[0] === ''))
        rows.push({ fields, line: rowLine });
    }
    this.pending = '';
    this.line = line;
  }
}

/** Every record of a whole CSV text (a leading BOM dropped), as the streaming reader reads them. */
export function parseCsvText(text: string, delimiter = ',', options: CsvReadOptions = {}): CsvRow[] {
  const parser = new CsvRowParser(delimiter, options);
  const rows: CsvRow[] = [];
  parser.parseWhole(text, rows);
  return rows;
}

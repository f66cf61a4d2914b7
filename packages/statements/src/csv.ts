/** A small RFC 4180 CSV reader: quoted fields, doubled quotes, quoted newlines, BOM, CRLF/LF/CR. */

export interface CsvRow {
  /** 1-based line on which the row starts. */
  line: number;
  cells: string[];
}

export function parseCsv(text: string, delimiter = ','): CsvRow[] {
  const rows: CsvRow[] = [];
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const length = source.length;
  const delimiterCode = delimiter.charCodeAt(0);
  let line = 1;
  let rowLine = 1;
  let cells: string[] = [];
  let position = 0;
  let atRowStart = true;

  while (position <= length) {
    if (position === length) {
      if (!atRowStart) rows.push({ line: rowLine, cells });
      break;
    }
    atRowStart = false;
    let value: string;
    if (source.charCodeAt(position) === 34 /* " */) {
      let end = position + 1;
      let chunkStart = end;
      value = '';
      for (;;) {
        const quote = source.indexOf('"', end);
        if (quote === -1) {
          // Unterminated quote: take the rest as the field.
          value += source.slice(chunkStart);
          end = length;
          break;
        }
        value += source.slice(chunkStart, quote);
        if (source.charCodeAt(quote + 1) === 34) {
          value += '"';
          end = quote + 2;
          chunkStart = end;
          continue;
        }
        end = quote + 1;
        break;
      }
      line += countNewlines(value);
      // Text after the closing quote up to the delimiter is kept (lenient).
      let stop = end;
      while (stop < length && !isBreak(source.charCodeAt(stop), delimiterCode)) stop++;
      value += source.slice(end, stop);
      position = stop;
    } else {
      let stop = position;
      while (stop < length && !isBreak(source.charCodeAt(stop), delimiterCode)) stop++;
      value = source.slice(position, stop);
      position = stop;
    }
    cells.push(value);
    if (position >= length) continue;
    const code = source.charCodeAt(position);
    if (code === delimiterCode) {
      position++;
      if (position === length) cells.push('');
      continue;
    }
    // A line break ends the row.
    position += code === 13 && source.charCodeAt(position + 1) === 10 ? 2 : 1;
    rows.push({ line: rowLine, cells });
    line++;
    rowLine = line;
    cells = [];
    atRowStart = true;
  }
  return rows;
}

function isBreak(code: number, delimiterCode: number): boolean {
  return code === delimiterCode || code === 10 || code === 13;
}

function countNewlines(value: string): number {
  let count = 0;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 10) count++;
    else if (code === 13 && value.charCodeAt(index + 1) !== 10) count++;
  }
  return count;
}

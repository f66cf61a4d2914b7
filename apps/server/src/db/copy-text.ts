/*
 * PostgreSQL's COPY text format read back (`COPY (query) TO STDOUT`): one row a line, fields
 * separated by tabs, NULL as `\N`, and a backslash before \b \f \n \r \t \v \\ (what COPY TO
 * writes; an octal or \x escape is read too). Chunks may end anywhere, even inside a character.
 */

/** Receives each row's fields; the array is reused for the next row (read it, do not keep it). */
export type CopyRowSink = (fields: Array<string | null>) => void;

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** One field's text without its escapes; `\N` (the whole field) is null. */
export function unescapeCopyField(field: string): string | null {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  let out = '';
  for (let i = 0; i < field.length; i += 1) {
    const char = field[i] as string;
    if (char !== '\\' || i === field.length - 1) {
      out += char;
      continue;
    }
    const next = field[i + 1] as string;
    const octal = /^[0-7]{1,3}/.exec(field.slice(i + 1, i + 4));
    const hex = next === 'x' ? /^[0-9a-fA-F]{1,2}/.exec(field.slice(i + 2, i + 4)) : null;
    if (octal) {
      out += String.fromCharCode(Number.parseInt(octal[0], 8));
      i += octal[0].length;
    } else if (hex) {
      out += String.fromCharCode(Number.parseInt(hex[0], 16));
      i += 1 + hex[0].length;
    } else {
      out += ESCAPES[next] ?? next;
      i += 1;
    }
  }
  return out;
}

/**
 * A reader of COPY text fed chunk by chunk: `push` each chunk (bytes), `end` once; every complete
 * line goes to `sink` as its fields. Answers the rows read from `end`. A row with another number of
 * fields than `width` is an error naming the row and what it holds.
 */
export function copyTextReader(width: number, sink: CopyRowSink) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const fields: Array<string | null> = new Array(width).fill(null);
  let rest = '';
  let rows = 0;
  const line = (text: string) => {
    let start = 0;
    for (let f = 0; f < width; f += 1) {
      const tab = text.indexOf('\t', start);
      const last = f === width - 1;
      if (last ? tab >= 0 : tab < 0) {
        const count = text.split('\t').length;
        throw new Error(`COPY row ${rows + 1} has ${count} fields, not ${width}: ${text.slice(0, 200)}`);
      }
      const end = last ? text.length : tab;
      fields[f] = unescapeCopyField(text.slice(start, end));
      start = end + 1;
    }
    rows += 1;
    sink(fields);
  };
  const lines = (text: string) => {
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      line(text.slice(start, end));
      start = end + 1;
    }
    return text.slice(start);
  };
  return {
    push(chunk: Uint8Array) {
      rest = lines(rest + decoder.decode(chunk, { stream: true }));
    },
    end(): number {
      rest = lines(rest + decoder.decode());
      if (rest !== '') throw new Error(`COPY data ends inside row ${rows + 1}: ${rest.slice(0, 200)}`);
      return rows;
    },
  };
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIALS = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value as a field of COPY's text format: null as \N, backslash, tab and line breaks escaped. */
export function copyField(text: string | null): string {
  if (text === null) return '\\N';
  return COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c] ?? c) : text;
}

/** Characters of COPY text per chunk handed to the driver. */
export const COPY_CHUNK_CHARS = 1 << 20;

/** COPY text of `rows` (each row's fields, escaped by `copyField`), in chunks of about a megabyte. */
export function* copyChunks<T>(
  rows: Iterable<T>,
  fieldsOf: (row: T) => Array<string | null>,
): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += `${fieldsOf(row).map(copyField).join('\t')}\n`;
    if (chunk.length >= COPY_CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

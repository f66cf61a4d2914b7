import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileReadError } from '../errors.ts';
import { ROW_BATCH, SNIFF_BYTES } from '../limits.ts';
import { detectEncoding, looksBinary, type TextEncoding } from '../text-encoding.ts';
import type { CsvReadOptions, CsvRow } from './csv-rows.ts';
import { sniffDelimiter } from './csv-sniff.ts';
import { readCsvRows } from './csv-stream.ts';

/** Reports how far the reading is, 0–1 (bytes read of a CSV; rows are not counted ahead in XLSX). */
export type ReadProgress = (fraction: number) => void;

/** The first `bytes` bytes of a file (fewer when it is shorter). */
export async function readFileHead(filePath: string, bytes = SNIFF_BYTES): Promise<Buffer> {
  const file = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** UTF-8 when the first 64 KB are valid UTF-8 (a character cut at the end is fine), else Windows-1252. */
export async function csvEncoding(filePath: string): Promise<TextEncoding> {
  return detectEncoding(await readFileHead(filePath));
}

/**
 * A whole CSV file, streamed in batches of ROW_BATCH rows of text cells: read as UTF-8 or, when it
 * is not valid UTF-8, as Windows-1252 (what spreadsheet programs write), BOM removed, the
 * delimiter sniffed from the first 64 KB (, ; tab |), rows of blank cells skipped. A quote never
 * closed takes the rest of the file; records are not limited in length or width here (the caller,
 * documents, limits columns and cells as papaparse did before). Readers that must refuse bad input
 * use `openCsvFile`.
 */
export async function* csvRows(filePath: string, onProgress: ReadProgress): AsyncGenerator<string[][]> {
  const size = (await stat(filePath)).size;
  const head = await readFileHead(filePath);
  const encoding = detectEncoding(head);
  const whole = head.length >= size;
  const delimiter = sniffDelimiter(new TextDecoder(encoding).decode(head, { stream: !whole }), whole);
  const input = createReadStream(filePath);
  let batch: string[][] = [];
  for await (const rows of readCsvRows(input, encoding, delimiter, {
    unclosedQuote: 'keep',
    maxRowChars: Number.POSITIVE_INFINITY,
    maxColumns: Number.POSITIVE_INFINITY,
  })) {
    for (const row of rows) {
      if (row.fields.every((field) => field.trim() === '')) continue;
      batch.push(row.fields);
      if (batch.length === ROW_BATCH) {
        onProgress(input.bytesRead / Math.max(size, 1));
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/** A CSV file opened for a strict, streaming read (see `openCsvFile`). */
export interface OpenedCsvFile {
  encoding: TextEncoding;
  /** The delimiter given, or the one sniffed from the first 64 KB. */
  delimiter: string;
  /** Records with their physical line, a group per chunk read; a CsvReadError stops them. */
  rows: AsyncGenerator<CsvRow[]>;
}

/**
 * Opens a CSV file for reading with bounded memory and every refusal named: UTF-8 or Windows-1252,
 * BOM dropped, delimiter sniffed unless given; a file whose first 64 KB are binary is a
 * FileReadError; while reading, a quote never closed, a record longer than MAX_ROW_CHARS or wider
 * than MAX_COLUMNS is a CsvReadError naming the line it starts on (options may tighten the limits).
 */
export async function openCsvFile(
  filePath: string,
  options: CsvReadOptions & { delimiter?: string } = {},
): Promise<OpenedCsvFile> {
  const { delimiter: given, ...readOptions } = options;
  const size = (await stat(filePath)).size;
  const head = await readFileHead(filePath);
  if (looksBinary(head)) {
    throw new FileReadError(`"${path.basename(filePath)}" is not a CSV file (its content is binary)`);
  }
  const encoding = detectEncoding(head);
  const whole = head.length >= size;
  const delimiter =
    given ?? sniffDelimiter(new TextDecoder(encoding).decode(head, { stream: !whole }), whole);
  return {
    encoding,
    delimiter,
    rows: readCsvRows(createReadStream(filePath), encoding, delimiter, readOptions),
  };
}

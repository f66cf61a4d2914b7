import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { ROW_BATCH, SNIFF_BYTES } from '../limits.ts';
import { detectEncoding, type TextEncoding } from '../text-encoding.ts';
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
 * closed takes the rest of the file; records are not limited in length here (the caller limits
 * columns and cells, as papaparse did before).
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

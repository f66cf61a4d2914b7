import type { Readable } from 'node:stream';
import type { TextEncoding } from '../text-encoding.ts';
import { type CsvReadOptions, type CsvRow, CsvRowParser } from './csv-rows.ts';

/** CSV rows in groups (one group per chunk read), decoded from `encoding` with any BOM dropped. */
export async function* readCsvRows(
  input: Readable,
  encoding: TextEncoding,
  delimiter: string,
  options: CsvReadOptions = {},
): AsyncGenerator<CsvRow[]> {
  const decoder = new TextDecoder(encoding);
  const parser = new CsvRowParser(delimiter, options);
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      const rows = parser.push(decoder.decode(chunk, { stream: true }));
      if (rows.length > 0) yield rows;
    }
    const tail = decoder.decode();
    const rows = [...(tail === '' ? [] : parser.push(tail)), ...parser.end()];
    if (rows.length > 0) yield rows;
  } finally {
    input.destroy();
  }
}

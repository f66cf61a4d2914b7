/**
 * A CSV ledger streamed from disk in 1 MiB pieces through the files package's CsvRowParser: the
 * delimiter sniffed from the first 64 KiB (a BOM dropped), UTF-8 or Windows-1252, each row turned
 * into a record as it comes. A record longer than 1 MiB (a quote never closed, a file of garbage) or
 * wider than 500 columns stops the read within the first megabytes, naming the line.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { CsvReadError, CsvRowParser, sniffDelimiter } from '@counterpart/files/csv';
import { DataError } from './cli-errors.ts';
import { type LedgerOptions, LedgerRows } from './ledger-rows.ts';
import type { SideRead } from './side-read.ts';

const CHUNK_BYTES = 1024 * 1024;
const SNIFF_CHARS = 64 * 1024;
const MAX_COLUMNS = 500;

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

/** Reads a CSV ledger file into records; `head` is its first bytes (already read to detect the format). */
export function readLedgerCsv(path: string, head: Uint8Array, options: LedgerOptions): SideRead {
  const encoding = isUtf8(head) ? 'utf-8' : 'windows-1252';
  const decoder = new TextDecoder(encoding);
  let headText = decoder.decode(head.subarray(0, Math.min(head.length, SNIFF_CHARS)), { stream: true });
  if (headText.charCodeAt(0) === 0xfeff) headText = headText.slice(1);
  const delimiter = sniffDelimiter(headText, head.length < SNIFF_CHARS);
  const rows = new LedgerRows(
    options,
    `CSV ledger (${DELIMITER_NAMES[delimiter] ?? delimiter}-separated, ${encoding})`,
  );
  const parser = new CsvRowParser(delimiter);
  const fd = openSync(path, 'r');
  const buffer = new Uint8Array(CHUNK_BYTES);
  const streamDecoder = new TextDecoder(encoding);
  let first = true;
  const take = (batch: ReturnType<CsvRowParser['push']>) => {
    for (const row of batch) {
      if (row.fields.length > MAX_COLUMNS) {
        throw new DataError(
          `${options.fileName} line ${row.line}: ${row.fields.length} columns, at most ${MAX_COLUMNS} are read; is this a CSV file?`,
        );
      }
      if (!rows.hasHeader) rows.setHeader(row.fields);
      else rows.addRow(row.fields, row.line);
    }
  };
  try {
    for (;;) {
      const size = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      if (size === 0) break;
      let text = streamDecoder.decode(buffer.subarray(0, size), { stream: true });
      if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
      take(parser.push(text));
    }
    const rest = streamDecoder.decode();
    if (rest) take(parser.push(rest));
    take(parser.end());
  } catch (error) {
    if (error instanceof CsvReadError) {
      throw new DataError(
        `${options.fileName} line ${error.line}: ${error.message.replace(/^Line \d+: /, '')}`,
      );
    }
    throw error;
  } finally {
    closeSync(fd);
  }
  if (!rows.hasHeader) throw new DataError(`${options.fileName}: the file is empty`);
  return rows.finish();
}

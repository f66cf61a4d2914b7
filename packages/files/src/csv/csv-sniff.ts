import { IMPORT_DELIMITERS, type ImportDelimiter, type ImportProposal } from '@counterpart/contracts';
import { SNIFF_ROWS } from '../limits.ts';
import { type CsvRow, CsvRowParser } from './csv-rows.ts';

/** The first rows of a CSV text read with `delimiter` (`whole`: the text is the entire file). */
export function sniffRows(text: string, delimiter: string, whole: boolean): CsvRow[] {
  const parser = new CsvRowParser(delimiter);
  const rows = parser.push(text);
  if (whole) rows.push(...parser.end());
  return rows.slice(0, SNIFF_ROWS);
}

function mostCommon(counts: number[]): { value: number; share: number } {
  const frequency = new Map<number, number>();
  for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
  let best = { value: 1, times: 0 };
  for (const [value, times] of frequency) {
    if (times > best.times || (times === best.times && value > best.value)) best = { value, times };
  }
  return { value: best.value, share: counts.length === 0 ? 0 : best.times / counts.length };
}

/**
 * The delimiter among , ; tab | that splits the first rows into the most consistent number of
 * columns (ties: more columns); a comma when none splits them at all.
 */
export function sniffDelimiter(text: string, whole: boolean): ImportDelimiter {
  let best: { delimiter: ImportDelimiter; share: number; columns: number } = {
    delimiter: ',',
    share: 0,
    columns: 1,
  };
  for (const delimiter of IMPORT_DELIMITERS) {
    let rows: CsvRow[];
    try {
      rows = sniffRows(text, delimiter, whole);
    } catch {
      continue;
    }
    const { value, share } = mostCommon(rows.map((row) => row.fields.length));
    if (value < 2) continue;
    if (share > best.share || (share === best.share && value > best.columns)) {
      best = { delimiter, share, columns: value };
    }
  }
  return best.delimiter;
}

/** Which line breaks the text uses. */
export function sniffLineEndings(text: string): ImportProposal['line_endings'] {
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const lf = (text.match(/\n/g)?.length ?? 0) - crlf;
  const cr = (text.match(/\r/g)?.length ?? 0) - crlf;
  const kinds = [crlf > 0, lf > 0, cr > 0].filter(Boolean).length;
  if (kinds === 0) return null;
  if (kinds > 1) return 'mixed';
  return crlf > 0 ? 'crlf' : lf > 0 ? 'lf' : 'cr';
}

import type {
  ImportMappingEntry,
  ImportProposal,
  ImportSourceColumn,
  TableColumn,
} from '@counterpart/contracts';
import { SAMPLE_ROWS } from './import-limits.ts';
import { guessColumnType, guessDecimalSeparator, looksLikeData } from './value-types.ts';

/** What the proposal is built from besides the rows: how the file was read. */
export type ProposalBase = Omit<ImportProposal, 'has_header' | 'columns' | 'sample_rows' | 'mapping'>;

const MAX_COLUMNS = 500;
const MAX_NAME = 100;

/** The first row is a header when every cell is non-empty text, not data-like, and all differ. */
export function detectHeader(rows: string[][]): boolean {
  const first = rows[0];
  if (!first || first.length === 0) return false;
  const names = first.map((cell) => cell.trim().toLowerCase());
  return first.every((cell) => !looksLikeData(cell)) && new Set(names).size === names.length;
}

function normalName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/** Header names made usable as column names: trimmed, non-empty, unique, at most 100 characters. */
function columnNames(header: string[] | null, width: number): string[] {
  const used = new Set<string>();
  const names: string[] = [];
  for (let i = 0; i < width; i += 1) {
    const base =
      (header?.[i] ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, MAX_NAME - 5) || `Column ${i + 1}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${base} (${n})`;
    used.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

/** A table name from a file name: without folders and extension. */
export function tableNameFrom(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
  return base.trim().slice(0, 200) || 'Imported table';
}

/**
 * Builds the proposal from the first rows: header or not, one source column per position with
 * its guessed type (and, for a CSV's amounts, their decimal separator), the first data rows as samples, and a mapping: to the existing column of the
 * same name (case, spaces, underscores ignored) or skip, for an existing table; to a new column
 * of the guessed type, for a new one.
 */
export function buildProposal(
  base: ProposalBase,
  rows: string[][],
  hasHeaderChoice: boolean | undefined,
  existing: TableColumn[] | null,
): ImportProposal {
  const hasHeader = hasHeaderChoice ?? detectHeader(rows);
  const width = Math.min(MAX_COLUMNS, Math.max(0, ...rows.map((row) => row.length)));
  const data = hasHeader ? rows.slice(1) : rows;
  const names = columnNames(hasHeader ? (rows[0] ?? null) : null, width);
  const columns: ImportSourceColumn[] = names.map((header, index) => {
    const values = data.map((row) => row[index] ?? '');
    const guess = guessColumnType(header, values);
    const amounts = base.format === 'csv' && (guess.type === 'currency' || guess.type === 'number');
    return {
      index,
      header,
      guessed_type: guess.type,
      currency: guess.currency,
      date_format: guess.dateFormat,
      decimal_separator: amounts ? guessDecimalSeparator(values) : null,
      note: guess.note,
    };
  });
  const mapping = columns.map((column): ImportMappingEntry => {
    if (existing) {
      const match = existing.find(
        (c) => normalName(c.name) === normalName(column.header) && c.type !== 'link',
      );
      return match ? { source: column.index, column_id: match.id } : { source: column.index, skip: true };
    }
    return {
      source: column.index,
      new_column: {
        name: column.header,
        type: column.guessed_type,
        ...(column.currency ? { currency: column.currency } : {}),
      },
    };
  });
  const sample_rows = data
    .slice(0, SAMPLE_ROWS)
    .map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
  return { ...base, has_header: hasHeader, columns, sample_rows, mapping };
}

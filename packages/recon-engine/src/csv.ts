/**
 * CSV in and out for the CLI, as pure functions on text: records from a CSV with the columns
 * id, amount, currency, date, reference, counterparty, text (value_date optional; header names are
 * matched case-insensitively), and a result CSV with one row per record.
 */
import { fromMinorUnits, toMinorUnits } from '@counterpart/domain';
import { CsvReadError, type CsvRow, parseCsvText, quoteCsvField } from '@counterpart/files/csv';
import type { EngineRecord, MatchGroup, RunResult } from './types.ts';

/**
 * RFC 4180 rows (the files package's reader): quoted fields, doubled quotes, quoted newlines, CRLF
 * or LF, a leading BOM; blank lines skipped. A quote never closed is a CsvReadError naming its line.
 */
export function parseCsvRows(text: string): string[][] {
  return parseCsvText(text).map((row) => row.fields);
}

const DAY_MS = 86_400_000;

/** Days since the epoch of `yyyy-mm-dd` (a time after it is ignored) or `dd/mm/yyyy`; null if invalid. */
export function parseDay(text: string): number | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(text.trim());
  const european = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : european
      ? [Number(european[3]), Number(european[2]), Number(european[1])]
      : [0, 0, 0];
  if (year === 0) return null;
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return time / DAY_MS;
}

/** Records from CSV text; throws naming the file, line and field of the first bad value. */
export function recordsFromCsv(text: string, name: string, defaultCurrency = 'KES'): EngineRecord[] {
  let parsed: CsvRow[];
  try {
    parsed = parseCsvText(text);
  } catch (error) {
    if (!(error instanceof CsvReadError)) throw error;
    throw new RangeError(`${name} line ${error.line}: ${error.message.replace(/^Line \d+: /, '')}`);
  }
  const [header, ...rows] = parsed.map((row) => row.fields);
  const lines = parsed.map((row) => row.line);
  if (!header) throw new RangeError(`${name}: the file is empty`);
  const columns = new Map(header.map((title, index) => [title.trim().toLowerCase(), index]));
  for (const required of ['id', 'amount', 'date']) {
    if (!columns.has(required)) throw new RangeError(`${name}: missing column ${required}`);
  }
  const cell = (row: string[], column: string) => {
    const index = columns.get(column);
    return index === undefined ? '' : (row[index] ?? '').trim();
  };
  return rows.map((row, index) => {
    const where = `${name} line ${lines[index + 1]}`;
    const id = cell(row, 'id');
    if (id === '') throw new RangeError(`${where}: id is empty`);
    const amount = toMinorUnits(cell(row, 'amount'));
    if (amount === null) throw new RangeError(`${where}: amount "${cell(row, 'amount')}" is not a number`);
    const date = parseDay(cell(row, 'date'));
    if (date === null)
      throw new RangeError(`${where}: date "${cell(row, 'date')}" is not yyyy-mm-dd or dd/mm/yyyy`);
    const record: EngineRecord = {
      id,
      amount,
      currency: cell(row, 'currency') || defaultCurrency,
      date,
      reference: cell(row, 'reference'),
    };
    if (cell(row, 'value_date')) {
      const valueDate = parseDay(cell(row, 'value_date'));
      if (valueDate === null)
        throw new RangeError(`${where}: value_date "${cell(row, 'value_date')}" is not a date`);
      record.value_date = valueDate;
    }
    if (cell(row, 'counterparty')) record.counterparty = cell(row, 'counterparty');
    if (cell(row, 'text')) record.text = cell(row, 'text');
    return record;
  });
}

const RESULT_HEADER = [
  'group',
  'status',
  'rule_id',
  'score',
  'side',
  'id',
  'amount',
  'difference',
  'explanation',
];

/** One row per record: grouped records with their group's number, status and breakdown, then the open ones. */
export function resultToCsv(
  result: RunResult,
  left: readonly EngineRecord[],
  right: readonly EngineRecord[],
): string {
  const amounts = {
    left: new Map(left.map((r) => [r.id, r.amount])),
    right: new Map(right.map((r) => [r.id, r.amount])),
  };
  const lines = [RESULT_HEADER.join(',')];
  const push = (cells: string[]) => lines.push(cells.map(quoteCsvField).join(','));
  result.groups.forEach((group: MatchGroup, index) => {
    const explanation = group.features.map((feature) => feature.detail).join('; ');
    for (const side of ['left', 'right'] as const) {
      for (const id of group[side]) {
        const amount = fromMinorUnits(amounts[side].get(id) ?? 0n);
        push([
          String(index + 1),
          group.status,
          group.rule_id,
          String(group.score),
          side,
          id,
          amount,
          fromMinorUnits(group.difference),
          explanation,
        ]);
      }
    }
  });
  for (const side of ['left', 'right'] as const) {
    for (const id of side === 'left' ? result.left_open : result.right_open) {
      push(['', 'unreconciled', '', '', side, id, fromMinorUnits(amounts[side].get(id) ?? 0n), '', '']);
    }
  }
  return `${lines.join('\n')}\n`;
}

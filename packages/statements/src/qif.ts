import { decimalToMinor } from './amount.ts';
import { isoDate } from './dates.ts';
import type { DraftTransaction, QifDateFormat, StatementError, StatementWarning } from './transaction.ts';

/**
 * Quicken Interchange Format (bank, cash, credit-card sections). Each record is a set of lines whose
 * first letter says the field — D date, T/U amount, P payee, M memo, N number/reference, L category,
 * C cleared — and `^` ends it. QIF does not say its date layout, so the user chooses it; years may be
 * 2 digits (Quicken writes `1/31'24` for 2024). Amounts use `.` as decimal point and `,` for thousands.
 * QIF has no currency, no account id of its own (a `!Account` block's N gives a name) and no balances.
 */
export interface QifRead {
  account: string | null;
  transactions: DraftTransaction[];
  warnings: StatementWarning[];
  errors: StatementError[];
}

const SKIPPED_TYPES = /^(Invst|Cat|Class|Memorized|Prices|Security)/i;

export function readQif(text: string, dateFormat: QifDateFormat, currency: string): QifRead {
  const result: QifRead = { account: null, transactions: [], warnings: [], errors: [] };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let section = 'Bank';
  let inAccountBlock = false;
  let record: Map<string, string> = new Map();
  let recordLine = 0;
  let account: string | null = null;
  const warned = new Set<string>();
  const finish = () => {
    if (record.size > 0 && !inAccountBlock && !SKIPPED_TYPES.test(section)) {
      readRecord(record, recordLine, dateFormat, currency, account, result);
    } else if (record.size > 0 && !inAccountBlock && !warned.has(section)) {
      warned.add(section);
      result.warnings.push({
        code: 'skipped_entry',
        line: recordLine,
        message: `Line ${recordLine}: records of the QIF section !Type:${section} are not bank transactions and are not imported`,
      });
    }
    if (inAccountBlock && record.get('N')) {
      account = record.get('N')!.trim();
      result.account ??= account;
    }
    record = new Map();
  };
  lines.forEach((raw, index) => {
    const line = raw.trimEnd();
    if (line.trim() === '') return;
    if (line.startsWith('!')) {
      finish();
      const header = line.slice(1);
      inAccountBlock = /^Account/i.test(header);
      if (/^Type:/i.test(header)) section = header.slice(5).trim();
      return;
    }
    if (line.startsWith('^')) {
      finish();
      if (inAccountBlock) inAccountBlock = false;
      return;
    }
    if (record.size === 0) recordLine = index + 1;
    const code = line[0]!;
    // Splits (S, E, $) repeat: keep the record's own fields, ignore split lines.
    if (!record.has(code)) record.set(code, line.slice(1));
  });
  finish();
  return result;
}

function readRecord(
  record: Map<string, string>,
  line: number,
  dateFormat: QifDateFormat,
  currency: string,
  account: string | null,
  result: QifRead,
): void {
  const fail = (message: string) => result.errors.push({ line, message: `Line ${line}: ${message}` });
  const dateText = record.get('D')?.trim() ?? '';
  if (!dateText) return void fail('the record has no date (D line)');
  const date = readQifDate(dateText, dateFormat);
  if (!date) return void fail(`the date "${dateText}" is not a ${dateFormat} date`);
  const amountText = (record.get('T') ?? record.get('U') ?? '').replace(/[,\s]/g, '');
  if (!amountText) return void fail('the record has no amount (T line)');
  const amount = decimalToMinor(amountText, currency);
  if (!amount.ok) return void fail(`amount: ${amount.reason}`);
  const extra: Record<string, string> = {};
  if (record.get('L')?.trim()) extra.category = record.get('L')!.trim();
  if (record.get('C')?.trim()) extra.cleared = record.get('C')!.trim();
  result.transactions.push({
    booking_date: date,
    value_date: null,
    amount_minor: amount.minor.toString(),
    currency,
    reference: record.get('N')?.trim() ?? '',
    counterparty: record.get('P')?.trim() ?? '',
    narrative: record.get('M')?.trim() ?? '',
    bank_reference: '',
    natural_key: null,
    account,
    line,
    extra,
  });
}

/** Reads a QIF date in the chosen layout; separators `/ - . '` and spaces, 2- or 4-digit years. */
export function readQifDate(value: string, format: QifDateFormat): string | null {
  const match = /^(\d{1,4})\s*[/.-]\s*(\d{1,2})\s*([/.\-']|'\s*)\s*(\d{1,4})$/.exec(value.trim());
  if (!match) return null;
  const [a, b, separator, c] = [match[1]!, Number(match[2]), match[3]!, match[4]!];
  const year = (text: string) => {
    if (text.length === 4) return Number(text);
    if (text.length !== 2) return Number.NaN;
    const short = Number(text);
    return separator.startsWith("'") || short < 70 ? 2000 + short : 1900 + short;
  };
  if (format === 'yyyy-mm-dd') return a.length === 4 ? isoDate(Number(a), b, Number(c)) : null;
  if (a.length > 2) return null;
  return format === 'dd/mm/yyyy' ? isoDate(year(c), b, Number(a)) : isoDate(year(c), Number(a), b);
}

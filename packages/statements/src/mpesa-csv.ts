import { decimalToMinor } from './amount.ts';
import { parseCsv } from './csv.ts';
import { isoDate } from './dates.ts';
import type { DraftTransaction, StatementError, StatementWarning } from './transaction.ts';

/**
 * M-Pesa business (organisation portal) statements exported as CSV. Preamble lines (title, short code,
 * period) may precede the header; only `Completed` rows are transactions. Paid In is money in;
 * Withdrawn is money out whether the export writes it negative or positive.
 */
export interface MpesaRead {
  account: string | null;
  transactions: DraftTransaction[];
  balances: { line: number; minor: bigint; amount: bigint; time: string }[];
  warnings: StatementWarning[];
  errors: StatementError[];
}

const COLUMNS = {
  receipt: /^receipt no\.?$/,
  completion: /^completion time$/,
  initiation: /^initiation time$/,
  details: /^details$/,
  status: /^transaction status$/,
  paidIn: /^paid in$/,
  withdrawn: /^withdrawn$/,
  balance: /^balance$/,
  reasonType: /^reason type$/,
  otherParty: /^other party info$/,
  linked: /^linked transaction id$/,
  accountNo: /^a\/c no\.?$/,
  currency: /^currency$/,
} as const;
type Column = keyof typeof COLUMNS;
const COLUMN_NAMES = Object.keys(COLUMNS) as Column[];

export function readMpesaCsv(text: string, currency: string): MpesaRead {
  const rows = parseCsv(text);
  const result: MpesaRead = { account: null, transactions: [], balances: [], warnings: [], errors: [] };
  const headerIndex = rows.findIndex((row) => {
    const names = row.cells.map(normalise);
    return names.some((n) => COLUMNS.receipt.test(n)) && names.some((n) => COLUMNS.completion.test(n));
  });
  if (headerIndex === -1) {
    result.errors.push({
      line: 1,
      message: 'No M-Pesa header line (with "Receipt No." and "Completion Time") was found',
    });
    return result;
  }
  result.account = readAccount(rows.slice(0, headerIndex).map((row) => row.cells));
  const header = rows[headerIndex]!.cells.map(normalise);
  const position = {} as Record<Column, number>;
  for (const column of Object.keys(COLUMNS) as Column[]) {
    position[column] = header.findIndex((name) => COLUMNS[column].test(name));
  }
  const missing = (['receipt', 'completion', 'paidIn', 'withdrawn'] as const).filter(
    (c) => position[c] === -1,
  );
  if (missing.length > 0) {
    result.errors.push({
      line: rows[headerIndex]!.line,
      message: `The M-Pesa header lacks the column(s): ${missing.join(', ')}`,
    });
    return result;
  }
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const row = rows[index]!;
    if (row.cells.every(isBlank)) continue;
    readRow(row.line, rowCells(row.cells, position), currency, result);
  }
  return result;
}

function isBlank(cell: string): boolean {
  return cell.trim() === '';
}

function rowCells(cells: string[], position: Record<Column, number>): Record<Column, string> {
  const values = {} as Record<Column, string>;
  for (const column of COLUMN_NAMES) {
    const at = position[column];
    values[column] = at === -1 ? '' : (cells[at] ?? '').trim();
  }
  return values;
}

function fail(result: MpesaRead, line: number, message: string): void {
  result.errors.push({ line, message: `Line ${line}: ${message}` });
}

function readRow(
  line: number,
  cell: Record<Column, string>,
  defaultCurrency: string,
  result: MpesaRead,
): void {
  const receipt = cell.receipt;
  const status = cell.status;
  if (status && !/^completed$/i.test(status)) {
    result.warnings.push({
      code: 'skipped_line',
      line,
      message: `Line ${line}: receipt ${receipt || '(none)'} has status "${status}", not Completed: skipped`,
    });
    return;
  }
  const currency = cell.currency ? cell.currency.toUpperCase() : defaultCurrency;
  if (!/^[A-Z]{3}$/.test(currency)) {
    fail(result, line, `Currency "${cell.currency}" is not an ISO 4217 code`);
    return;
  }
  if (!receipt) {
    fail(result, line, 'the Receipt No. is empty');
    return;
  }
  const completion = readDateTime(cell.completion);
  if (!completion) {
    fail(result, line, `Completion Time "${cell.completion}" is not a date and time`);
    return;
  }
  const amount = readAmount(cell.paidIn, cell.withdrawn, currency);
  if (typeof amount === 'string') {
    fail(result, line, amount);
    return;
  }
  const balanceText = cell.balance.replace(/[,\s]/g, '');
  if (balanceText) {
    const balance = decimalToMinor(balanceText, currency);
    if (!balance.ok) {
      fail(result, line, `Balance: ${balance.reason}`);
      return;
    }
    result.balances.push({ line, minor: balance.minor, amount, time: completion.time });
  }
  const details = cell.details;
  const party = splitParty(cell.otherParty) ?? splitParty(partyFromDetails(details));
  const accountNo = cell.accountNo || accountFromDetails(details);
  const reason = cell.reasonType;
  const isCharge = /charge/i.test(reason) || /charge/i.test(details);
  const extra: Record<string, string> = { completion_time: completion.time };
  const initiation = cell.initiation ? readDateTime(cell.initiation) : null;
  if (initiation) extra.initiation_time = initiation.time;
  if (reason) extra.reason_type = reason;
  if (party?.number) extra.counterparty_number = party.number;
  if (cell.linked) extra.linked_transaction_id = cell.linked;
  result.transactions.push({
    booking_date: completion.date,
    value_date: null,
    amount_minor: amount.toString(),
    currency,
    reference: accountNo,
    counterparty: party?.name ?? '',
    narrative: details,
    bank_reference: receipt,
    natural_key: isCharge ? `${receipt}:charge` : receipt,
    account: result.account,
    line,
    extra,
  });
}

function normalise(header: string): string {
  return header.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Short code / till / account number from preamble lines such as `Short Code:,600123`. */
function readAccount(preamble: string[][]): string | null {
  for (const cells of preamble) {
    const text = cells.join(' ').trim();
    const match =
      /\b(?:short ?code|paybill(?: number)?|till(?: number)?|organi[sz]ation (?:short ?code|number))\s*[:#]?\s*(\d{4,8})\b/i.exec(
        text,
      );
    if (match) return match[1]!;
  }
  return null;
}

const DATE_TIME = /^(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** `2024-03-01 09:15:22`, or day-first `01-03-2024 09:15:22` / `01/03/2024 09:15` (Kenyan exports). */
function readDateTime(value: string): { date: string; time: string } | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [first, second, third] = [match[1]!, Number(match[2]), match[3]!];
  const date =
    first.length === 4
      ? isoDate(Number(first), second, Number(third))
      : third.length === 4
        ? isoDate(Number(third), second, Number(first))
        : null;
  if (!date) return null;
  const time = `${(match[4] ?? '0').padStart(2, '0')}:${match[5] ?? '00'}:${match[6] ?? '00'}`;
  return { date, time: `${date} ${time}` };
}

function readAmountCell(label: string, text: string, currency: string): bigint | string | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '' || cleaned === '-') return null;
  const parsed = decimalToMinor(cleaned, currency);
  return parsed.ok ? parsed.minor : `${label}: ${parsed.reason}`;
}

function readAmount(paidIn: string, withdrawn: string, currency: string): bigint | string {
  const credit = readAmountCell('Paid In', paidIn, currency);
  const debit = readAmountCell('Withdrawn', withdrawn, currency);
  if (typeof credit === 'string') return credit;
  if (typeof debit === 'string') return debit;
  const hasCredit = credit !== null && credit !== 0n;
  const hasDebit = debit !== null && debit !== 0n;
  if (hasCredit && hasDebit) return 'both Paid In and Withdrawn hold an amount';
  if (hasDebit) return debit < 0n ? debit : -debit;
  // A negative Paid In (a reversal written that way) keeps its sign: the running balance check vouches for it.
  if (credit !== null) return credit;
  if (debit !== null) return 0n;
  return 'both Paid In and Withdrawn are empty';
}

/**
 * `254712345678 - JOHN DOE`, `2547******678 - JOHN DOE`, `+254 712 345 678 - JOHN DOE`,
 * `600123 - ACME LTD` → number (as written, masked or full) and name.
 */
function splitParty(text: string | null): { number: string | null; name: string } | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  const match = /^(\+?[0-9*Xx](?:[0-9*Xx ]{2,16}[0-9*Xx])?)\s*-\s*(.+)$/.exec(trimmed);
  return match ? { number: match[1]!, name: match[2]!.trim() } : { number: null, name: trimmed };
}

/** `Pay Bill from 254712345678 - JOHN DOE Acc. INV-1002` → `254712345678 - JOHN DOE`. */
function partyFromDetails(details: string): string | null {
  const match = /\b(?:from|to)\s+(.+?)(?:\s+Acc\.?\s.*)?$/i.exec(details);
  return match ? match[1]! : null;
}

function accountFromDetails(details: string): string {
  return /\bAcc(?:ount)?\.?\s*(?:No\.?\s*)?(\S.*)$/i.exec(details)?.[1]?.trim() ?? '';
}

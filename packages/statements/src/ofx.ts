import { parseSync } from 'ofx-js';
import { decimalToMinor } from './amount.ts';
import { compactDate } from './dates.ts';
import type { DraftTransaction, StatementBalances, StatementError, StatementWarning } from './transaction.ts';
import { all, at, text, type XmlNode } from './xml-node.ts';

/**
 * OFX 1.x (SGML) and 2.x (XML), QFX alike, through ofx-js: bank (STMTRS) and credit-card (CCSTMTRS)
 * statements. TRNAMT carries the sign; FITID is the bank's id (the duplicate key); DTPOSTED the booking
 * date (its calendar day as written, time zone not applied), DTAVAIL the value date. OFX states only the
 * closing (ledger) balance, so the balance cannot be checked.
 */
export interface OfxRead {
  account: string | null;
  currency: string | null;
  transactions: DraftTransaction[];
  statements: StatementBalances[];
  warnings: StatementWarning[];
  errors: StatementError[];
}

export function readOfx(text_: string, defaultCurrency: string): OfxRead {
  const result: OfxRead = {
    account: null,
    currency: null,
    transactions: [],
    statements: [],
    warnings: [],
    errors: [],
  };
  let ofx: XmlNode;
  try {
    ofx = parseSync(text_.replace(/^\uFEFF/, '')).OFX;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    result.errors.push({ line: 1, message: `Line 1: not a readable OFX file: ${message}` });
    return result;
  }
  const statements = [
    ...all(at(ofx, 'BANKMSGSRSV1'), 'STMTTRNRS').flatMap((response) => all(response, 'STMTRS')),
    ...all(at(ofx, 'CREDITCARDMSGSRSV1'), 'CCSTMTTRNRS').flatMap((response) => all(response, 'CCSTMTRS')),
  ];
  if (statements.length === 0) {
    result.errors.push({ line: 1, message: 'Line 1: the OFX file holds no bank or credit-card statement' });
    return result;
  }
  const lines = transactionLines(text_);
  let index = 0;
  for (const statement of statements) {
    const from = at(statement, 'BANKACCTFROM') ?? at(statement, 'CCACCTFROM');
    const account = text(from, 'ACCTID') || null;
    const currency = text(statement, 'CURDEF') || defaultCurrency;
    result.account ??= account;
    result.currency ??= currency;
    let count = 0;
    for (const item of all(at(statement, 'BANKTRANLIST'), 'STMTTRN')) {
      index++;
      const line = lines[index - 1] ?? 1;
      const draft = readTransaction(item, { line, index, account, currency }, result.errors);
      if (draft) {
        result.transactions.push(draft);
        count++;
      }
    }
    const ledger = at(statement, 'LEDGERBAL');
    const closing = decimalToMinor(amountText(text(ledger, 'BALAMT')), currency);
    result.statements.push({
      id: account,
      currency,
      opening_minor: null,
      closing_minor: text(ledger, 'BALAMT') && closing.ok ? closing.minor.toString() : null,
      opening_date: compactDate(text(at(statement, 'BANKTRANLIST'), 'DTSTART')),
      closing_date: compactDate(text(ledger, 'DTASOF')),
      transaction_count: count,
      balance_check: 'unavailable',
    });
  }
  return result;
}

interface Context {
  line: number;
  index: number;
  account: string | null;
  currency: string;
}

function readTransaction(item: XmlNode, context: Context, errors: StatementError[]): DraftTransaction | null {
  const { line, index, currency } = context;
  const fitId = text(item, 'FITID');
  const label = `Line ${line}: transaction ${index}${fitId ? ` (FITID ${fitId})` : ''}`;
  const posted = text(item, 'DTPOSTED');
  const bookingDate = compactDate(posted);
  if (!bookingDate) {
    errors.push({ line, message: `${label}: DTPOSTED "${posted}" is not a date` });
    return null;
  }
  const amountValue = text(item, 'TRNAMT');
  const amount = decimalToMinor(amountText(amountValue), text(item, 'CURRENCY', 'CURSYM') || currency);
  if (!amount.ok) {
    errors.push({ line, message: `${label}: TRNAMT ${amount.reason}` });
    return null;
  }
  const extra: Record<string, string> = {};
  const type = text(item, 'TRNTYPE');
  if (type) extra.transaction_type = type;
  if (compactDate(text(item, 'DTUSER'))) extra.user_date = compactDate(text(item, 'DTUSER'))!;
  if (text(item, 'SIC')) extra.sic = text(item, 'SIC');
  return {
    booking_date: bookingDate,
    value_date: compactDate(text(item, 'DTAVAIL')),
    amount_minor: amount.minor.toString(),
    currency: text(item, 'CURRENCY', 'CURSYM') || currency,
    reference: text(item, 'CHECKNUM') || text(item, 'REFNUM'),
    counterparty: text(item, 'NAME') || text(item, 'PAYEE', 'NAME'),
    narrative: text(item, 'MEMO'),
    bank_reference: fitId,
    natural_key: fitId || null,
    account: context.account,
    line,
    extra,
  };
}

/** OFX allows a comma as the decimal point (`-6,88`); thousands separators are not part of OFX amounts. */
function amountText(value: string): string {
  return value.includes('.') ? value : value.replace(',', '.');
}

function transactionLines(source: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (
    let match = source.indexOf('<STMTTRN>', 0);
    match !== -1;
    match = source.indexOf('<STMTTRN>', match + 1)
  ) {
    for (
      let index = source.indexOf('\n', from);
      index !== -1 && index < match;
      index = source.indexOf('\n', index + 1)
    ) {
      line++;
      from = index + 1;
    }
    lines.push(line);
  }
  return lines;
}

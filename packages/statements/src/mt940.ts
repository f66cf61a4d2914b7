/// <reference path="./swift-parser.d.ts" />
import swiftParser from '@centrapay/swift-parser';
import { decimalToMinor } from './amount.ts';
import { checkBalance } from './balance.ts';
import { isoDate } from './dates.ts';
import { readField86 } from './mt940-details.ts';
import type { DraftTransaction, StatementBalances, StatementError, StatementWarning } from './transaction.ts';

/**
 * SWIFT MT940 through @centrapay/swift-parser (tags, statement grouping, :86: segments). Amounts and dates
 * are re-read here from the raw :60:/:61:/:62: texts: the library rounds amounts to 2 decimals (wrong for
 * BHD or JPY) and dates the entry date in the value date's year (wrong across New Year).
 */
export interface Mt940Read {
  account: string | null;
  currency: string | null;
  transactions: DraftTransaction[];
  statements: StatementBalances[];
  warnings: StatementWarning[];
  errors: StatementError[];
}

interface RawTag {
  tag: string;
  data: string;
  line: number;
  /** :61: only: the full text of the :86: tag(s) that follow it (the library cuts :86: at 390 characters). */
  details?: string;
}

const STATEMENT_LINE = /^(\d{2})(\d{2})(\d{2})((\d{2})(\d{2}))?(R?[DC])([A-Z])?([0-9,]{1,16})/;
const BALANCE = /^([DC])(\d{2})(\d{2})(\d{2})([A-Z]{3})([0-9,]{1,16})/;

export function readMt940(text: string): Mt940Read {
  const result: Mt940Read = {
    account: null,
    currency: null,
    transactions: [],
    statements: [],
    warnings: [],
    errors: [],
  };
  const data = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const raw = rawTags(data);
  let parsed: ReturnType<typeof swiftParser.parse>;
  try {
    parsed = swiftParser.parse({ type: 'mt940', data });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const tagData = /^Cannot parse tag \w+: ([\s\S]*)$/.exec(message)?.[1];
    const line = raw.find((tag) => tagData !== undefined && tag.data === tagData)?.line ?? 1;
    result.errors.push({ line, message: `Line ${line}: not a readable MT940 statement: ${message}` });
    return result;
  }
  const lines61 = raw.filter((tag) => tag.tag === '61');
  const opening = raw.filter((tag) => tag.tag.startsWith('60'));
  const closing = raw.filter((tag) => tag.tag.startsWith('62'));
  const statementLines = raw.filter((tag) => tag.tag === '20');
  let entryIndex = 0;
  parsed.forEach((statement, index) => {
    const account = statement.accountIdentification?.trim() || null;
    const currency = statement.currency || null;
    result.account ??= account;
    result.currency ??= currency;
    const open = readBalance(opening[index], result.warnings);
    const close = readBalance(closing[index], result.warnings);
    const amounts: bigint[] = [];
    let count = 0;
    for (const transaction of statement.transactions) {
      const source = lines61[entryIndex++];
      if (!source) continue;
      const match = STATEMENT_LINE.exec(source.data);
      const line = source.line;
      if (!match || !currency) {
        lineError(result, line, `the :61: line "${source.data.split('\n')[0]}" cannot be read`);
        continue;
      }
      const valueDate = isoDate(2000 + Number(match[1]), Number(match[2]), Number(match[3]));
      if (!valueDate) {
        lineError(result, line, `the :61: value date ${match[1]}${match[2]}${match[3]} is not a date`);
        continue;
      }
      const bookingDate = match[4] ? entryDate(valueDate, Number(match[5]), Number(match[6])) : valueDate;
      if (!bookingDate) {
        lineError(result, line, `the :61: entry date ${match[4]} is not a date`);
        continue;
      }
      const parsedAmount = decimalToMinor(match[9]!, currency);
      if (!parsedAmount.ok) {
        lineError(result, line, `amount: ${parsedAmount.reason}`);
        continue;
      }
      // D = debit (−), C = credit (+); RD (reversal of a debit) is a credit, RC a debit.
      const mark = match[7]!;
      const negative = mark === 'D' || mark === 'RC';
      const amount = negative ? -parsedAmount.minor : parsedAmount.minor;
      const details = readField86(source.details ?? transaction.details ?? '');
      const customerRef = transaction.reference?.trim() ?? '';
      const bankRef = transaction.bankReference?.trim() ?? '';
      const extra: Record<string, string> = {
        ...details.extra,
        transaction_type: transaction.transactionType,
      };
      if (mark.startsWith('R')) extra.reversal = 'true';
      if (transaction.extraDetails?.trim()) extra.supplementary_details = transaction.extraDetails.trim();
      if (customerRef && customerRef !== 'NONREF') extra.customer_reference = customerRef;
      amounts.push(amount);
      count++;
      result.transactions.push({
        booking_date: bookingDate,
        value_date: valueDate,
        amount_minor: amount.toString(),
        currency,
        reference: details.reference || (customerRef !== 'NONREF' ? customerRef : ''),
        counterparty: details.counterparty,
        narrative: details.narrative,
        bank_reference: bankRef,
        natural_key: bankRef && bankRef !== 'NONREF' ? bankRef : null,
        account,
        line,
        extra,
      });
    }
    const checked = checkBalance(
      {
        id: statement.transactionReference?.trim() || null,
        currency,
        opening: open,
        closing: close,
        amounts,
        line: statementLines[index]?.line ?? 1,
      },
      result.warnings,
    );
    result.statements.push({ ...checked, transaction_count: count });
  });
  return result;
}

function lineError(result: Mt940Read, line: number, message: string): void {
  result.errors.push({ line, message: `Line ${line}: ${message}` });
}

/** Tags in file order with their 1-based line and full data (continuation lines joined by \n). */
function rawTags(data: string): RawTag[] {
  const tags: RawTag[] = [];
  let current: RawTag | null = null;
  data.split('\n').forEach((text, index) => {
    const match = /^:(\d{2}[A-Z]?|NS):/.exec(text);
    if (match) {
      current = { tag: match[1]!, data: text.slice(match[0].length), line: index + 1 };
      tags.push(current);
    } else if (text.startsWith('{') || text.startsWith('-}')) {
      current = null;
    } else if (current && text !== '' && text !== '-') {
      current.data += `\n${text}`;
    }
  });
  attachDetails(tags);
  return tags;
}

/** Gives each :61: the text of the :86: tags right after it (NS tags may sit between). */
function attachDetails(tags: RawTag[]): void {
  let statementLine: RawTag | null = null;
  for (const tag of tags) {
    if (tag.tag === '61') statementLine = tag;
    else if (tag.tag === '86' && statementLine) {
      statementLine.details =
        statementLine.details === undefined ? tag.data : `${statementLine.details}\n${tag.data}`;
    } else if (tag.tag !== 'NS') statementLine = null;
  }
}

function readBalance(tag: RawTag | undefined, warnings: StatementWarning[]) {
  if (!tag) return null;
  const match = BALANCE.exec(tag.data);
  const parsed = match ? decimalToMinor(match[6]!, match[5]!) : null;
  if (!match || !parsed?.ok) {
    warnings.push({
      code: 'balance_unreadable',
      line: tag.line,
      message: `Line ${tag.line}: the balance ":${tag.tag}:${tag.data}" cannot be read, so the balance is not checked`,
    });
    return null;
  }
  return {
    minor: match[1] === 'D' ? -parsed.minor : parsed.minor,
    date: isoDate(2000 + Number(match[2]), Number(match[3]), Number(match[4])),
    currency: match[5]!,
  };
}

/** The entry (booking) date MMDD takes the year that puts it nearest the value date. */
function entryDate(valueDate: string, month: number, day: number): string | null {
  const valueYear = Number(valueDate.slice(0, 4));
  const valueMonth = Number(valueDate.slice(5, 7));
  const year = month - valueMonth > 6 ? valueYear - 1 : valueMonth - month > 6 ? valueYear + 1 : valueYear;
  return isoDate(year, month, day);
}

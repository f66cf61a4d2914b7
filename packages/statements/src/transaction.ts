/** The normalised shapes every statement reader returns (see README.md). */

export const STATEMENT_FORMATS = ['mpesa_csv', 'camt053', 'camt054', 'mt940', 'ofx', 'qif'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** QIF carries no date layout: the user picks it. */
export const QIF_DATE_FORMATS = ['dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd'] as const;
export type QifDateFormat = (typeof QIF_DATE_FORMATS)[number];

export interface StatementTransaction {
  /** yyyy-mm-dd: the day the bank booked the entry. */
  booking_date: string;
  /** yyyy-mm-dd when the file gives a value (availability) date, else null. */
  value_date: string | null;
  /** Signed integer minor units as a string: credit (money in) +, debit (money out) -. */
  amount_minor: string;
  /** ISO 4217 code; `amount_minor` is in this currency's minor unit (KES/USD/EUR 2, JPY 0, BHD 3). */
  currency: string;
  /** The payment's own reference (end-to-end id, creditor reference, paybill account, cheque number). */
  reference: string;
  counterparty: string;
  narrative: string;
  /** The bank's reference for the entry (AcctSvcrRef, :61: bank reference, FITID, M-Pesa receipt). */
  bank_reference: string;
  /** Stable across re-imports: `format family:account:…`; see keys.ts. */
  external_key: string;
  /** 1-based source line of the entry, for messages. */
  line: number;
  extra?: Record<string, string>;
}

/** One statement (or notification) inside the file, with its balances when the file states them. */
export interface StatementBalances {
  id: string | null;
  currency: string | null;
  opening_minor: string | null;
  closing_minor: string | null;
  opening_date: string | null;
  closing_date: string | null;
  /** How many transactions of the result belong to this statement. */
  transaction_count: number;
  /** 'ok': opening + entries = closing; 'mismatch': a balance_mismatch warning says by how much; 'unavailable': the file lacks a balance. */
  balance_check: 'ok' | 'mismatch' | 'unavailable';
}

export type StatementWarningCode =
  | 'balance_mismatch'
  | 'balance_unreadable'
  | 'skipped_line'
  | 'skipped_entry'
  | 'duplicate_reference'
  | 'details_not_split'
  | 'date_fallback';

export interface StatementWarning {
  code: StatementWarningCode;
  message: string;
  line?: number;
}

export interface StatementError {
  line: number;
  message: string;
}

export interface StatementReadResult {
  format: StatementFormat;
  account: string | null;
  currency: string | null;
  statements: StatementBalances[];
  /** Only entries read without error; an entry with an error is left out and listed in `errors`. */
  transactions: StatementTransaction[];
  warnings: StatementWarning[];
  errors: StatementError[];
}

/** What a reader produces before keys are given (read-statement.ts adds `external_key`). */
export interface DraftTransaction extends Omit<StatementTransaction, 'external_key'> {
  /** The bank's unique id for the entry (bank reference, FITID, receipt number), if it has one. */
  natural_key: string | null;
  /** The account the entry belongs to (keys are scoped by it). */
  account: string | null;
}

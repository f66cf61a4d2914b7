import { checkBalance } from './balance.ts';
import { readCamt } from './camt.ts';
import { detectStatementFormat } from './detect.ts';
import { assignExternalKeys } from './keys.ts';
import { checkMpesaBalances } from './mpesa-balance.ts';
import { readMpesaCsv } from './mpesa-csv.ts';
import { readMt940 } from './mt940.ts';
import { readOfx } from './ofx.ts';
import { readQif } from './qif.ts';
import type {
  DraftTransaction,
  QifDateFormat,
  StatementBalances,
  StatementError,
  StatementFormat,
  StatementReadResult,
  StatementWarning,
} from './transaction.ts';

export interface ReadStatementOptions {
  /** Skips detection. */
  format?: StatementFormat;
  /** Required for QIF (the file does not say); without it a QIF file gives an error. */
  qifDateFormat?: QifDateFormat;
  /** For formats that state no currency (M-Pesa, QIF) or amounts without one. Default KES. */
  defaultCurrency?: string;
  /** Helps detection only. */
  fileName?: string;
  /**
   * The account for entries whose file states none (M-Pesa exports without the short-code preamble,
   * QIF without !Account): keys are scoped by account, so give the same value on every import.
   */
  account?: string;
}

export class UnknownStatementFormatError extends Error {
  constructor(fileName?: string) {
    super(
      `${fileName ? `"${fileName}"` : 'The file'} is not a statement this app reads (M-Pesa CSV, camt.053/054, MT940, OFX/QFX, QIF)`,
    );
    this.name = 'UnknownStatementFormatError';
  }
}

interface FormatRead {
  account: string | null;
  currency: string | null;
  transactions: DraftTransaction[];
  statements: StatementBalances[];
  warnings: StatementWarning[];
  errors: StatementError[];
}

/**
 * Reads a statement file's text into normalised transactions with stable duplicate keys. Pure: no I/O.
 * Entries that cannot be read are left out and listed in `errors` (line and reason); the caller decides
 * whether to import the rest. Throws UnknownStatementFormatError when the format is not recognised.
 */
export function readStatement(text: string, options: ReadStatementOptions = {}): StatementReadResult {
  const format = options.format ?? detectStatementFormat(text, options.fileName);
  if (!format) throw new UnknownStatementFormatError(options.fileName);
  const currency = (options.defaultCurrency ?? 'KES').toUpperCase();
  const read = readFormat(format, text, currency, options.qifDateFormat);
  const warnings = [...read.warnings];
  const fallbackAccount = options.account?.trim() || null;
  if (fallbackAccount) {
    for (const draft of read.transactions) draft.account ??= fallbackAccount;
  }
  const transactions = assignExternalKeys(format, read.transactions, warnings);
  return {
    format,
    account: read.account ?? fallbackAccount,
    currency: read.currency,
    statements: read.statements,
    transactions,
    warnings,
    errors: [...read.errors].sort((a, b) => a.line - b.line),
  };
}

function readFormat(
  format: StatementFormat,
  text: string,
  currency: string,
  qifDateFormat: QifDateFormat | undefined,
): FormatRead {
  switch (format) {
    case 'camt053':
    case 'camt054':
      return readCamt(text, format, currency);
    case 'mt940':
      return readMt940(text);
    case 'ofx':
      return readOfx(text, currency);
    case 'mpesa_csv': {
      const read = readMpesaCsv(text, currency);
      // A Currency column (some exports have one) overrides the default.
      const currencies = new Set(read.transactions.map((transaction) => transaction.currency));
      const stated = currencies.size === 1 ? [...currencies][0]! : currencies.size === 0 ? currency : null;
      const statement = checkMpesaBalances(read, stated ?? currency, read.warnings);
      return { ...read, currency: stated, statements: [{ ...statement, currency: stated }] };
    }
    case 'qif': {
      if (!qifDateFormat) {
        return {
          account: null,
          currency,
          transactions: [],
          statements: [],
          warnings: [],
          errors: [
            {
              line: 1,
              message: 'Choose the date format of this QIF file (dd/mm/yyyy, mm/dd/yyyy or yyyy-mm-dd)',
            },
          ],
        };
      }
      const read = readQif(text, qifDateFormat, currency);
      const statement = checkBalance(
        {
          id: read.account,
          currency,
          opening: null,
          closing: null,
          amounts: read.transactions.map((t) => BigInt(t.amount_minor)),
          line: 1,
        },
        read.warnings,
      );
      return { ...read, currency, statements: [statement] };
    }
  }
}

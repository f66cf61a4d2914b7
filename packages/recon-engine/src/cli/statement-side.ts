/**
 * A bank or mobile-money statement as one side: M-Pesa (CSV, XLSX turned into its CSV layout, PDF
 * read from its text layer), camt.053/054, MT940, OFX, read by `@counterpart/statements`. Each
 * transaction is a record: id the receipt / bank reference (the stable key when there is none or it
 * repeats), amount signed (Paid In − Withdrawn), reference the account reference (`A/C No.` or the
 * `Acc.` of Details), counterparty the other party (phone - name, as Other Party Info writes it),
 * text the narrative (Details).
 */
import { readFile } from 'node:fs/promises';
import { DocumentContentError, openPdf, PdfPasswordError } from '@counterpart/files';
import { quoteCsvField } from '@counterpart/files/csv';
import {
  isMpesaPdf,
  mpesaPdfToCsv,
  type PdfLine,
  readStatement,
  type StatementFormat,
  UnknownStatementFormatError,
} from '@counterpart/statements';
import { parseDay } from '../day.ts';
import type { EngineRecord } from '../types.ts';
import { DataError } from './cli-errors.ts';
import { noteBadRow, type SideRead } from './side-read.ts';

const FORMAT_NAMES: Record<StatementFormat, string> = {
  mpesa_csv: 'M-Pesa statement',
  camt053: 'camt.053 statement',
  camt054: 'camt.054 notification',
  mt940: 'MT940 statement',
  ofx: 'OFX statement',
  qif: 'QIF file',
};

const MAPPING =
  'id=receipt/bank reference, amount=credit−debit (Paid In−Withdrawn), date=booking date, ' +
  'reference=account reference (A/C No. or Acc. in Details), counterparty=other party (phone - name), text=details';

/** Records from a statement's text (the format detected or given). */
export function readStatementSide(
  text: string,
  fileName: string,
  currency: string,
  format?: StatementFormat,
  kindPrefix = '',
): SideRead {
  let read: ReturnType<typeof readStatement>;
  try {
    read = readStatement(text, { fileName, defaultCurrency: currency, ...(format ? { format } : {}) });
  } catch (error) {
    if (error instanceof UnknownStatementFormatError) throw new DataError(error.message);
    throw error;
  }
  const side: SideRead = {
    records: [],
    kind: `${kindPrefix}${FORMAT_NAMES[read.format]}`,
    mapping: MAPPING,
    badRows: [],
    badCount: 0,
  };
  for (const error of read.errors) {
    noteBadRow(side, { line: error.line, message: error.message.replace(/^Line \d+: /, '') });
  }
  const counts = new Map<string, number>();
  for (const transaction of read.transactions) {
    const id = transaction.bank_reference || transaction.external_key;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  for (const transaction of read.transactions) {
    const natural = transaction.bank_reference;
    const at = natural ? transaction.external_key.indexOf(`:${natural}`) : -1;
    const id =
      natural && counts.get(natural) === 1
        ? natural
        : at >= 0
          ? transaction.external_key.slice(at + 1)
          : transaction.external_key;
    const date = parseDay(transaction.booking_date);
    if (date === null) {
      noteBadRow(side, {
        line: transaction.line,
        message: `date "${transaction.booking_date}" is not a date`,
      });
      continue;
    }
    const record: EngineRecord = {
      id,
      amount: BigInt(transaction.amount_minor),
      currency: transaction.currency,
      date,
      reference: transaction.reference,
    };
    const valueDate = transaction.value_date ? parseDay(transaction.value_date) : null;
    if (valueDate !== null) record.value_date = valueDate;
    // The payer as Other Party Info writes it (`2547******123 - JANE WANJIRU`): phone and name.
    const number = transaction.extra?.counterparty_number;
    const counterparty = number ? `${number} - ${transaction.counterparty}` : transaction.counterparty;
    if (counterparty) record.counterparty = counterparty;
    if (transaction.narrative) record.text = transaction.narrative;
    side.records.push(record);
  }
  return side;
}

/** An XLSX sheet's rows as CSV text (for an M-Pesa statement exported to Excel). */
export function rowsToCsv(rows: readonly { fields: string[] }[]): string {
  return rows.map((row) => row.fields.map(quoteCsvField).join(',')).join('\n');
}

/** A personal M-Pesa statement PDF, opened with its password (the ID number it was sent with). */
export async function readMpesaPdf(
  path: string,
  fileName: string,
  currency: string,
  password: string | undefined,
): Promise<SideRead> {
  let pdf: Awaited<ReturnType<typeof openPdf>>;
  try {
    pdf = await openPdf(new Uint8Array(await readFile(path)), password ? { password } : {});
  } catch (error) {
    if (error instanceof PdfPasswordError) {
      throw new DataError(
        error.reason === 'needed'
          ? `${fileName}: the PDF has a password; give it with --pdf-password (for M-Pesa, the ID number)`
          : `${fileName}: --pdf-password does not open the PDF`,
      );
    }
    if (error instanceof DocumentContentError) throw new DataError(`${fileName}: ${error.message}`);
    throw error;
  }
  const pages: PdfLine[][] = [];
  try {
    for (let page = 1; page <= pdf.pageCount; page++) {
      const parsed = await pdf.page(page);
      pages.push(
        parsed.lines.map((line) => ({ words: line.words.map(({ text, x, width }) => ({ text, x, width })) })),
      );
    }
  } finally {
    await pdf.close();
  }
  if (!isMpesaPdf(pages)) {
    throw new DataError(
      `${fileName}: a PDF that is not an M-Pesa statement (export the ledger as CSV or XLSX)`,
    );
  }
  return readStatementSide(mpesaPdfToCsv(pages).csv, fileName, currency, 'mpesa_csv', 'PDF ');
}

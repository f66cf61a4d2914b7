import { readFile, stat } from 'node:fs/promises';
import {
  type DocumentSummary,
  STATEMENT_FORMAT_LABELS,
  type StatementDocumentKind,
  type StatementIssue,
  type StatementTransactionView,
} from '@counterpart/contracts';
import { DocumentContentError, formatBytes } from '@counterpart/files';
import { decodeStatementBytes, readStatement, type StatementReadResult } from '@counterpart/statements';
import type { FileStore } from '../../storage/file-store.ts';
import { saveStatement } from './statement-results.ts';

/** The largest statement read (whole, in memory), as the table import reads statements. */
export const MAX_STATEMENT_DOCUMENT_BYTES = 25 * 1024 * 1024;
/** Errors and warnings kept per statement, each cut to this many characters. */
const MAX_ISSUES = 50;
const MAX_ISSUE_CHARS = 300;
const SEARCH_TEXT_CHARS = 20_000;

export interface ProcessedStatement {
  rowCount: number;
  statusReason: string | null;
  summary: DocumentSummary;
  searchText: string;
}

const cut = (text: string) =>
  text.length > MAX_ISSUE_CHARS ? `${text.slice(0, MAX_ISSUE_CHARS - 1)}…` : text;

const issues = (list: Array<{ line?: number; message: string }>): StatementIssue[] =>
  list.slice(0, MAX_ISSUES).map((issue) => ({ line: issue.line ?? null, message: cut(issue.message) }));

/**
 * Reads a bank statement document with packages/statements and stores its balances and
 * transactions. A file that yields no transaction because it cannot be read (malformed XML, a
 * DOCTYPE, a NUL byte, an unreadable :61:) fails with the reader's message naming the line; entries
 * that cannot be read in an otherwise readable file are left out and listed (status reason says
 * how many). The original bytes are kept either way.
 */
export async function processStatement(
  store: FileStore,
  documentId: string,
  format: StatementDocumentKind,
  filePath: string,
): Promise<ProcessedStatement> {
  const label = STATEMENT_FORMAT_LABELS[format];
  const size = (await stat(filePath)).size;
  if (size > MAX_STATEMENT_DOCUMENT_BYTES) {
    throw new DocumentContentError(
      `This ${label} statement is larger than ${formatBytes(MAX_STATEMENT_DOCUMENT_BYTES)}, the most read for a statement: split it into shorter periods`,
    );
  }
  const text = decodeStatementBytes(new Uint8Array(await readFile(filePath)));
  const nul = text.indexOf('\0');
  if (nul >= 0) {
    const line = lineAt(text, nul);
    throw new DocumentContentError(`Line ${line}: a NUL character: a bank statement is plain text`);
  }
  let read: StatementReadResult;
  try {
    read = readStatement(text, { format });
  } catch (error) {
    // The readers report a file's problems as errors; anything thrown is still the file's own.
    throw new DocumentContentError(cut(`This ${label} file cannot be read: ${(error as Error).message}`));
  }
  if (read.transactions.length === 0 && read.errors.length > 0) {
    const more = read.errors.length > 1 ? ` (and ${read.errors.length - 1} more)` : '';
    throw new DocumentContentError(cut(`${read.errors[0]!.message}${more}`));
  }
  const transactions: StatementTransactionView[] = read.transactions.map((t) => ({
    booking_date: t.booking_date,
    value_date: t.value_date,
    amount_minor: t.amount_minor,
    currency: t.currency,
    reference: t.reference,
    counterparty: t.counterparty,
    narrative: t.narrative,
    bank_reference: t.bank_reference,
    line: t.line,
  }));
  const [from, to] = period(read);
  await saveStatement(
    store,
    documentId,
    {
      format,
      account: read.account,
      currency: read.currency,
      period_from: from,
      period_to: to,
      statements: read.statements,
      errors: issues(read.errors),
      warnings: issues(read.warnings),
      total: transactions.length,
    },
    transactions,
  );
  const count = transactions.length;
  const facts = [
    read.account,
    read.currency,
    from && to ? `${from} to ${to}` : null,
    `${count} transactions`,
  ];
  let search = `${read.account ?? ''}\n`;
  for (const t of transactions) {
    if (search.length >= SEARCH_TEXT_CHARS) break;
    search += `${t.reference} ${t.counterparty} ${t.narrative} ${t.bank_reference}\n`;
  }
  const unreadable = read.errors.length;
  return {
    rowCount: count,
    statusReason: unreadable
      ? cut(
          `${unreadable} ${unreadable === 1 ? 'entry' : 'entries'} could not be read and ${unreadable === 1 ? 'is' : 'are'} left out: ${read.errors[0]!.message}`,
        )
      : null,
    summary: {
      account: read.account,
      currency: read.currency,
      period_from: from,
      period_to: to,
      transactions: count,
      unreadable,
      first_text: facts.filter(Boolean).join(' · ').slice(0, 200),
    },
    searchText: search.slice(0, SEARCH_TEXT_CHARS).toLowerCase(),
  };
}

/** The first and last day the file covers: its balances' dates and its bookings. */
function period(read: StatementReadResult): [string | null, string | null] {
  const days: string[] = [];
  for (const s of read.statements) {
    if (s.opening_date) days.push(s.opening_date);
    if (s.closing_date) days.push(s.closing_date);
  }
  for (const t of read.transactions) days.push(t.booking_date);
  if (days.length === 0) return [null, null];
  days.sort();
  return [days[0]!, days[days.length - 1]!];
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

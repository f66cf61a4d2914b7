import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  ParsedPage,
  StatementBalancesView,
  StatementDocumentKind,
  StatementIssue,
  StatementTransactionView,
} from '@counterpart/contracts';
import { ROW_BATCH } from '@counterpart/files';
import type { FileStore } from '../../storage/file-store.ts';
import { resultFolder } from './document-blobs.ts';

/**
 * A bank statement's parsed result under parsed/<document id>/: statement.json (account, currency,
 * period, balances per statement, errors and warnings) and its transactions in blocks of
 * ROW_BATCH (transactions-0.json…), so a page of transactions reads one or two small files.
 */
export interface StatementHeader {
  format: StatementDocumentKind;
  account: string | null;
  currency: string | null;
  period_from: string | null;
  period_to: string | null;
  statements: StatementBalancesView[];
  errors: StatementIssue[];
  warnings: StatementIssue[];
  total: number;
}

const headerFile = (documentId: string) => `${resultFolder(documentId)}/statement.json`;
const transactionsFile = (documentId: string, block: number) =>
  `${resultFolder(documentId)}/transactions-${block}.json`;

async function saveJson(store: FileStore, relativePath: string, value: unknown): Promise<void> {
  await store.save(relativePath, async (output) => {
    output.end(JSON.stringify(value));
  });
}

async function readJson<T>(store: FileStore, relativePath: string): Promise<T> {
  return JSON.parse(await readFile(path.join(store.root, relativePath), 'utf8')) as T;
}

export async function saveStatement(
  store: FileStore,
  documentId: string,
  header: StatementHeader,
  transactions: StatementTransactionView[],
): Promise<void> {
  for (let block = 0; block * ROW_BATCH < transactions.length; block++) {
    const slice = transactions.slice(block * ROW_BATCH, (block + 1) * ROW_BATCH);
    await saveJson(store, transactionsFile(documentId, block), slice);
  }
  await saveJson(store, headerFile(documentId), header);
}

/** One page of a statement's transactions with the statement's header. */
export async function readStatementPage(
  store: FileStore,
  documentId: string,
  pageNo: number,
  pageSize: number,
): Promise<Extract<ParsedPage, { kind: 'statement' }>> {
  const header = await readJson<StatementHeader>(store, headerFile(documentId));
  const start = (pageNo - 1) * pageSize;
  const end = Math.min(start + pageSize, header.total);
  const transactions: StatementTransactionView[] = [];
  for (let block = Math.floor(start / ROW_BATCH); block * ROW_BATCH < end; block++) {
    const rows = await readJson<StatementTransactionView[]>(store, transactionsFile(documentId, block));
    transactions.push(...rows.slice(Math.max(start - block * ROW_BATCH, 0), end - block * ROW_BATCH));
  }
  return { kind: 'statement', ...header, page_no: pageNo, page_size: pageSize, transactions };
}

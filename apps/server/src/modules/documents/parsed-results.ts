import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ParsedPage, ParsedPdfPage } from '@counterpart/contracts';
import { ROW_BATCH } from '@counterpart/files';
import type { FileStore } from '../../storage/file-store.ts';
import { resultFolder } from './document-blobs.ts';

/**
 * A document's parsed result in the file store, under parsed/<document id>/: one JSON file per
 * PDF page (page-1.json…) or per block of ROW_BATCH rows (rows-0.json…), so a page of the result
 * is read from one or two small files — never the whole result at once.
 */

const pageFile = (documentId: string, page: number) => `${resultFolder(documentId)}/page-${page}.json`;
const rowsFile = (documentId: string, block: number) => `${resultFolder(documentId)}/rows-${block}.json`;

async function saveJson(store: FileStore, relativePath: string, value: unknown): Promise<void> {
  await store.save(relativePath, async (output) => {
    output.end(JSON.stringify(value));
  });
}

async function readJson<T>(store: FileStore, relativePath: string): Promise<T> {
  return JSON.parse(await readFile(path.join(store.root, relativePath), 'utf8')) as T;
}

export const savePdfPage = (store: FileStore, documentId: string, page: ParsedPdfPage) =>
  saveJson(store, pageFile(documentId, page.page), page);

/** Saves block `block` (0-based) of rows; every block but the last holds exactly ROW_BATCH rows. */
export const saveRowBlock = (store: FileStore, documentId: string, block: number, rows: string[][]) =>
  saveJson(store, rowsFile(documentId, block), rows);

export async function removeParsed(store: FileStore, documentId: string): Promise<void> {
  await rm(path.join(store.root, resultFolder(documentId)), { recursive: true, force: true });
}

/** One page of a parsed PDF (pages pageNo…) or of rows. `total` is pages or rows in the result. */
export async function readParsedPage(
  store: FileStore,
  documentId: string,
  result: { kind: 'pdf' | 'rows'; total: number },
  pageNo: number,
  pageSize: number,
): Promise<ParsedPage> {
  const start = (pageNo - 1) * pageSize;
  const end = Math.min(start + pageSize, result.total);
  if (result.kind === 'pdf') {
    const pages: ParsedPdfPage[] = [];
    for (let page = start + 1; page <= end; page++) {
      pages.push(await readJson<ParsedPdfPage>(store, pageFile(documentId, page)));
    }
    return { kind: 'pdf', page_no: pageNo, page_size: pageSize, total: result.total, pages };
  }
  const rows: string[][] = [];
  for (let block = Math.floor(start / ROW_BATCH); block * ROW_BATCH < end; block++) {
    const blockRows = await readJson<string[][]>(store, rowsFile(documentId, block));
    const from = Math.max(start - block * ROW_BATCH, 0);
    const to = Math.min(end - block * ROW_BATCH, blockRows.length);
    rows.push(...blockRows.slice(from, to));
  }
  return {
    kind: 'rows',
    page_no: pageNo,
    page_size: pageSize,
    total: result.total,
    first_row: start + 1,
    rows,
  };
}

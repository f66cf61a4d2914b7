import { type DocumentKind, isStatementKind, type ParsedPdfPage, readsAsPages } from '@counterpart/contracts';
import { fromMinorUnits, minorDigits } from '@counterpart/domain';
import { type Cell, ROW_BATCH } from '@counterpart/files';
import type { FileStore } from '../../storage/file-store.ts';
import type { DocumentRow } from './documents.service.ts';
import { readParsedPage } from './parsed-results.ts';
import { readStatementPage } from './statement-results.ts';

/** Fixed columns of a parsed-data export; cells follow as "Column 1"… */
const FIXED = ['Document', 'Page', 'Row', 'Text'];

const hasResult = (row: DocumentRow) => row.status === 'processed' && row.resultPath !== null;

/** A statement transaction's cells: booking date, value date, amount, currency, reference, counterparty, narrative, bank reference. */
const STATEMENT_CELLS = 8;
const isStatement = (row: DocumentRow) => isStatementKind(row.kind as DocumentKind);

/** PDF pages this export reads at a time. */
const PAGES_AT_ONCE = 20;

async function* pdfPages(store: FileStore, row: DocumentRow): AsyncGenerator<ParsedPdfPage[]> {
  const total = row.pageCount ?? 0;
  for (let pageNo = 1; (pageNo - 1) * PAGES_AT_ONCE < total; pageNo++) {
    const page = await readParsedPage(store, row.id, { kind: 'pdf', total }, pageNo, PAGES_AT_ONCE);
    if (page.kind === 'pdf') yield page.pages;
  }
}

/**
 * The columns of a parsed-data export: Document, Page, Row, Text, then as many "Column n" as the
 * widest CSV/XLSX row or PDF table among the documents.
 */
export async function parsedDataColumns(store: FileStore, rows: DocumentRow[]): Promise<string[]> {
  let width = 0;
  for (const row of rows.filter(hasResult)) {
    const summary = row.summary as { columns?: number; tables?: number };
    if (isStatement(row)) width = Math.max(width, STATEMENT_CELLS);
    else if (!readsAsPages(row.kind as DocumentKind)) width = Math.max(width, summary.columns ?? 0);
    else if ((summary.tables ?? 0) > 0) {
      for await (const pages of pdfPages(store, row)) {
        for (const page of pages)
          for (const table of page.tables) width = Math.max(width, table.column_x.length);
      }
    }
  }
  return [...FIXED, ...Array.from({ length: width }, (_, i) => `Column ${i + 1}`)];
}

const pad = (cells: string[], width: number): Cell[] => [
  ...cells.slice(0, width),
  ...Array.from({ length: Math.max(0, width - cells.length) }, () => null),
];

/**
 * A document's parsed data in batches of export rows: one per PDF line (its table cells when the
 * line belongs to a detected table), per CSV/XLSX row or per statement transaction. Unprocessed documents give none.
 */
export async function* parsedDataRows(
  store: FileStore,
  row: DocumentRow,
  columnCount: number,
): AsyncGenerator<Cell[][]> {
  if (!hasResult(row)) return;
  const width = columnCount - FIXED.length;
  if (readsAsPages(row.kind as DocumentKind)) {
    for await (const pages of pdfPages(store, row)) {
      const out: Cell[][] = [];
      for (const page of pages) {
        const cellsOfLine = new Map<number, string[]>();
        for (const table of page.tables) {
          table.rows.forEach((cells, i) => {
            cellsOfLine.set(table.first_line + i, cells);
          });
        }
        page.lines.forEach((line, i) => {
          out.push([row.fileName, page.page, i + 1, line.text, ...pad(cellsOfLine.get(i) ?? [], width)]);
        });
      }
      yield out;
    }
    return;
  }
  const total = row.rowCount ?? 0;
  if (isStatement(row)) {
    for (let pageNo = 1; (pageNo - 1) * ROW_BATCH < total; pageNo++) {
      const page = await readStatementPage(store, row.id, pageNo, ROW_BATCH);
      const first = (pageNo - 1) * ROW_BATCH + 1;
      yield page.transactions.map((t, i) => {
        const amount = fromMinorUnits(BigInt(t.amount_minor), minorDigits(t.currency));
        const cells = [t.booking_date, t.value_date ?? '', amount, t.currency, t.reference, t.counterparty];
        return [
          row.fileName,
          null,
          first + i,
          null,
          ...pad([...cells, t.narrative, t.bank_reference], width),
        ];
      });
    }
    return;
  }
  for (let pageNo = 1; (pageNo - 1) * ROW_BATCH < total; pageNo++) {
    const page = await readParsedPage(store, row.id, { kind: 'rows', total }, pageNo, ROW_BATCH);
    if (page.kind !== 'rows') continue;
    yield page.rows.map((cells, i) => [row.fileName, null, page.first_row + i, null, ...pad(cells, width)]);
  }
}

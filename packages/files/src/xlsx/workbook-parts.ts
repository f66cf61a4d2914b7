import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { zipEntries } from '../zip/zip-entries.ts';

/** exceljs's streamed worksheet: its rows, and its name once the workbook part is read. */
interface SheetReader extends AsyncIterable<ExcelJS.Row> {
  name?: string;
}

/**
 * The parts of exceljs's WorkbookReader that read one workbook part each. Its own `parse()` is not
 * used: it walks the ZIP with unzipper's streamed Parse, which emits 'end' as soon as its input is
 * written (not once its entries are read), so a workbook whose sheets come before
 * xl/workbook.xml (exceljs's own files do) loses its last entries now and then and fails with
 * "Cannot read properties of undefined (reading 'sheets')"; and a sheet it skipped was deleted
 * from its temporary file while still being opened (an uncaught ENOENT).
 */
interface WorkbookParts {
  _parseRels(stream: Readable): Promise<void>;
  _parseWorkbook(stream: Readable): Promise<void>;
  _parseSharedStrings(stream: Readable): AsyncIterable<unknown>;
  _parseStyles(stream: Readable): Promise<void>;
  _parseWorksheet(stream: Readable, sheetNo: string): Iterable<{ eventType: string; value: SheetReader }>;
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ name: string; rId: string }> };
}

/** One sheet of an opened workbook: its name, and its rows streamed from its own part. */
export interface WorkbookSheet {
  name: string;
  rows(): AsyncGenerator<ExcelJS.Row>;
}

export interface OpenedWorkbook {
  /** The sheets in workbook order. */
  sheets: WorkbookSheet[];
  close(): void;
}

/**
 * Opens an XLSX file through its ZIP directory: the workbook parts first (relations, workbook,
 * shared strings, and the styles when `styles` is 'cache': they tell which numbers are dates),
 * then each sheet's part only when its rows are asked for. The one way this package reads a
 * workbook; close() when done.
 */
export async function openWorkbook(
  filePath: string,
  options: { styles: 'cache' | 'ignore' },
): Promise<OpenedWorkbook> {
  const zip = await yauzl.openPromise(filePath, {
    lazyEntries: true,
    autoClose: false,
    validateEntrySizes: true,
  });
  try {
    const entries = await zipEntries(zip);
    const part = (name: string) => {
      const entry = entries.get(name);
      return entry ? (zip.openReadStreamPromise(entry) as Promise<Readable>) : null;
    };
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: options.styles,
      hyperlinks: 'ignore',
      entries: 'ignore',
    }) as unknown as WorkbookParts;
    const rels = part('xl/_rels/workbook.xml.rels');
    const book = part('xl/workbook.xml');
    if (!rels || !book) throw new Error('The workbook has no xl/workbook.xml');
    await reader._parseRels(await rels);
    await reader._parseWorkbook(await book);
    const strings = part('xl/sharedStrings.xml');
    if (strings) {
      const read = reader._parseSharedStrings(await strings)[Symbol.asyncIterator]();
      // The reader caches each string for the cells that refer to it.
      for (let next = await read.next(); !next.done; next = await read.next()) {
        // Nothing more to do with one.
      }
    }
    const styles = options.styles === 'cache' ? part('xl/styles.xml') : null;
    if (styles) await reader._parseStyles(await styles);

    const sheets = (reader.model?.sheets ?? []).map((sheet): WorkbookSheet => {
      const target = reader.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target ?? '';
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      const sheetNo = /worksheets\/sheet(\d+)\.xml$/.exec(path)?.[1];
      return {
        name: sheet.name,
        async *rows() {
          const content = sheetNo ? part(path) : null;
          if (!content || !sheetNo) return;
          for (const { value: worksheet } of reader._parseWorksheet(await content, sheetNo)) {
            yield* worksheet;
          }
        },
      };
    });
    return { sheets, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

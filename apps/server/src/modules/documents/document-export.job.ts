import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type DocumentKind,
  type ExportDocuments,
  exportDocumentsSchema,
  isStatementKind,
} from '@counterpart/contracts';
import { CONTENT_TYPES, createTableWriter } from '@counterpart/files';
import yazl from 'yazl';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { JobDefinition, JobQueue } from '../../jobs/job-types.ts';
import { createFileStore, type FileStore } from '../../storage/file-store.ts';
import { purgeExpiredExports, recordExport } from '../exports/exports.service.ts';
import { blobPath } from './document-blobs.ts';
import { type DocumentRow, loadDocuments } from './documents.service.ts';
import { parsedDataColumns, parsedDataRows } from './parsed-data-rows.ts';

export const EXPORT_DOCUMENTS_JOB = 'export_documents';

const ZIP_CONTENT_TYPE = 'application/zip';

/** `documents-2026-11-22.zip` / `documents-data-2026-11-22.csv` (the day in UTC). */
export function documentsExportName(as: ExportDocuments['as'], now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return as === 'zip' ? `documents-${day}.zip` : `documents-data-${day}.${as}`;
}

/** Names inside the zip: unique, "invoice (2).pdf" for the second file of the same name. */
function uniqueNames(rows: DocumentRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const n = (seen.get(row.fileName) ?? 0) + 1;
    seen.set(row.fileName, n);
    if (n === 1) return row.fileName;
    const ext = path.extname(row.fileName);
    return `${row.fileName.slice(0, row.fileName.length - ext.length)} (${n})${ext}`;
  });
}

async function writeZip(
  store: FileStore,
  rows: DocumentRow[],
  output: NodeJS.WritableStream,
  progress: (n: number) => Promise<void>,
) {
  const zip = new yazl.ZipFile();
  const names = uniqueNames(rows);
  const done = pipeline(zip.outputStream, output);
  for (const [index, row] of rows.entries()) {
    zip.addReadStream(createReadStream(path.join(store.root, blobPath(row.sha256))), names[index] as string, {
      mtime: row.createdAt,
      // PDFs, images and workbooks are compressed already; CSV and statements are text.
      compress: row.kind === 'csv' || isStatementKind(row.kind as DocumentKind),
    });
    await progress(index + 1);
  }
  zip.end();
  await done;
}

/**
 * Exports selected documents (source export_document): a zip of the originals, or their parsed
 * data (PDF lines and table cells, CSV/XLSX rows) as one CSV or XLSX, downloaded like any export.
 */
export function createDocumentExportJob(config: Config, database: Database): JobDefinition<ExportDocuments> {
  const store = createFileStore(config.dataDir);
  return {
    name: EXPORT_DOCUMENTS_JOB,
    source: 'export_document',
    retryLimit: 2,
    async run({ data, owner, progress, signal }) {
      const { ids, as } = exportDocumentsSchema.parse(data);
      await progress(5, 'Reading documents');
      await purgeExpiredExports(database.db, store);
      const rows = await loadDocuments(database.db, owner.organizationId, ids);
      const fileName = documentsExportName(as);
      const storagePath = `exports/${owner.organizationId}/${randomUUID()}/${fileName}`;
      const report = (done: number) =>
        progress(10 + Math.floor((80 * done) / rows.length), `Writing documents: ${done} of ${rows.length}`);

      const sizeBytes = await store.save(storagePath, async (output) => {
        if (as === 'zip') {
          await writeZip(store, rows, output, report);
          return;
        }
        const columns = await parsedDataColumns(store, rows);
        const writer = createTableWriter(as, output, { sheetName: 'Documents', columns });
        for (const [index, row] of rows.entries()) {
          for await (const batch of parsedDataRows(store, row, columns.length)) {
            signal.throwIfAborted();
            await writer.writeRows(batch);
          }
          await report(index + 1);
        }
        await writer.finish();
      });

      try {
        const url = await recordExport(database.db, {
          owner,
          fileName,
          contentType: as === 'zip' ? ZIP_CONTENT_TYPE : CONTENT_TYPES[as],
          storagePath,
          sizeBytes,
          ttlSeconds: config.exportTtlSeconds,
        });
        return { message: `Export ready: ${fileName}`, url };
      } catch (error) {
        await store.remove(storagePath);
        throw error;
      }
    },
  };
}

export function defineDocumentExportJob(jobs: JobQueue, config: Config, database: Database): void {
  jobs.define(createDocumentExportJob(config, database));
}

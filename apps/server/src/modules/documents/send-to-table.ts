import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { DEFAULT_IMPORT_LIMITS } from '../tables/import/import-limits.ts';
import { createImport } from '../tables/import/imports.service.ts';
import { safeFileName } from '../tables/import/receive-upload.ts';
import type { TablesScope } from '../tables/tables-scope.ts';
import { blobPath } from './document-blobs.ts';
import type { DocumentRow } from './documents.service.ts';

/**
 * "Send to table": a processed CSV/XLSX document becomes a table import through the tables
 * module's own service (the same column-mapping proposal as an uploaded file). The import gets its
 * own copy of the bytes, since an import deletes its file when it is refused or done with.
 */
export async function sendDocumentToTable(
  tables: TablesScope,
  store: FileStore,
  document: DocumentRow,
): Promise<{ import_id: string }> {
  if (document.kind !== 'csv' && document.kind !== 'xlsx') {
    throw new AppError(409, 'Only CSV and XLSX documents can be sent to a table');
  }
  if (document.status !== 'processed') {
    throw new AppError(
      409,
      `This document is ${document.status.replace('_', ' ')}: only a processed one can be sent to a table`,
    );
  }
  const importId = randomUUID();
  const relativePath = `imports/${tables.organizationId}/${importId}/${safeFileName(document.fileName)}`;
  const sizeBytes = await store.save(relativePath, (output) =>
    pipeline(createReadStream(path.join(store.root, blobPath(document.sha256))), output),
  );
  const created = await createImport(tables, store, DEFAULT_IMPORT_LIMITS, {
    importId,
    relativePath,
    fileName: document.fileName,
    sizeBytes,
    tableId: undefined,
    documentId: document.id,
  });
  return { import_id: created.id };
}

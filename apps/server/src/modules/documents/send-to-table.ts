import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { type DocumentKind, isStatementKind } from '@counterpart/contracts';
import { AppError } from '../../errors.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { importHandedFile } from '../tables/import/import-from-file.service.ts';
import type { TablesScope } from '../tables/tables.service.ts';
import { type DocumentRow, documentBlobFile } from './documents.service.ts';

/**
 * "Send to table": a processed CSV/XLSX document or bank statement becomes a table import through
 * the tables module's own service (the same column-mapping proposal as an uploaded file; the import
 * recognises the statement again and proposes its columns).
 */
export async function sendDocumentToTable(
  tables: TablesScope,
  store: FileStore,
  document: DocumentRow,
): Promise<{ import_id: string }> {
  const kind = document.kind as DocumentKind;
  if (kind !== 'csv' && kind !== 'xlsx' && !isStatementKind(kind)) {
    throw new AppError(409, 'Only CSV, XLSX and bank statement documents can be sent to a table');
  }
  if (document.status !== 'processed') {
    throw new AppError(
      409,
      `This document is ${document.status.replace('_', ' ')}: only a processed one can be sent to a table`,
    );
  }
  return importHandedFile(tables, store, {
    fileName: document.fileName,
    documentId: document.id,
    copy: (output) => pipeline(createReadStream(documentBlobFile(store, document)), output),
  });
}

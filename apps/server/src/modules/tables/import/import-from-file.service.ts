import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { FileStore } from '../../../storage/file-store.ts';
import type { TablesScope } from '../tables-scope.ts';
import { DEFAULT_IMPORT_LIMITS } from './import-limits.ts';
import { createImport } from './imports.service.ts';
import { safeFileName } from './receive-upload.ts';

// The statement reading other modules use (workflows' Parse file block reads statements into the
// same normalised columns as an import).
export { STATEMENT_COLUMNS, transactionAmountText, transactionCells } from './statement-proposal.ts';
export { detectStatement, MAX_STATEMENT_BYTES, readStatementBytes } from './statement-seam.ts';

/** A file another module hands to a table import: its name, where it came from, how to copy its bytes. */
export interface HandedFile {
  fileName: string;
  /** The drop-box document the file is (documents' "send to table"). */
  documentId: string;
  /** Writes the file's bytes to `output`: the import keeps a copy of its own. */
  copy: (output: Writable) => Promise<void>;
}

/**
 * A table import of a file another module holds (the same column-mapping proposal as an uploaded
 * file). The import gets its own copy of the bytes, since an import deletes its file when it is
 * refused or done with.
 */
export async function importHandedFile(
  tables: TablesScope,
  store: FileStore,
  file: HandedFile,
): Promise<{ import_id: string }> {
  const importId = randomUUID();
  const relativePath = `imports/${tables.organizationId}/${importId}/${safeFileName(file.fileName)}`;
  const sizeBytes = await store.save(relativePath, file.copy);
  const created = await createImport(tables, store, DEFAULT_IMPORT_LIMITS, {
    importId,
    relativePath,
    fileName: file.fileName,
    sizeBytes,
    tableId: undefined,
    documentId: file.documentId,
  });
  return { import_id: created.id };
}

import {
  type ImportLineError,
  type ImportWarning,
  importOptionsSchema,
  importProposalSchema,
  type TableImport,
} from '@counterpart/contracts';
import type { tableImports } from '../../../db/schema.ts';

export type ImportRow = typeof tableImports.$inferSelect;

/** An import as answered (the stored options also hold the resolved mapping, kept for the job). */
export function importView(row: ImportRow): TableImport {
  const options = row.options ? importOptionsSchema.safeParse(row.options) : null;
  return {
    id: row.id,
    table_id: row.tableId,
    document_id: row.documentId,
    file_name: row.fileName,
    size_bytes: row.sizeBytes,
    format: row.format as TableImport['format'],
    status: row.status as TableImport['status'],
    proposal: importProposalSchema.parse(row.proposal),
    options: options?.success ? options.data : null,
    total_rows: row.totalRows,
    inserted_rows: row.insertedRows,
    duplicate_rows: row.duplicateRows,
    failed_rows: row.failedRows,
    errors: row.errors as ImportLineError[],
    warnings: row.warnings as ImportWarning[],
    error_message: row.errorMessage,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

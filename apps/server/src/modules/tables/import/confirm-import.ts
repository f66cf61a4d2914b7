import type {
  ColumnInput,
  ConfirmImportInput,
  ImportProposal,
  ImportStarted,
  TableColumn,
} from '@counterpart/contracts';
import { minorDigits } from '@counterpart/statements';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { tableImports } from '../../../db/schema.ts';
import { badRequest } from '../../../errors.ts';
import type { JobQueue } from '../../../jobs/job-types.ts';
import type { FileStore } from '../../../storage/file-store.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { addColumn, removeColumn } from '../columns.service.ts';
import { createTable, deleteTable, loadTable } from '../tables.service.ts';
import type { TablesScope } from '../tables-scope.ts';
import { type StoredImportOptions, TABLE_IMPORT_JOB, type TableImportJobData } from './import-job.ts';
import type { ImportRow } from './import-view.ts';
import { loadImport, notUploaded, storedUpload } from './imports.service.ts';
import { proposeImport } from './read-proposal.ts';
import { qifNeedsDateFormat } from './statement-seam.ts';

interface Checked {
  existing: TableColumn[] | null;
  newColumns: Array<{ source: number; input: ColumnInput }>;
}

/** Checks the mapping against the file's columns and the target table before anything changes. */
async function checkMapping(scope: TablesScope, row: ImportRow, input: ConfirmImportInput): Promise<Checked> {
  const proposal = row.proposal as ImportProposal;
  const statement = proposal.format === 'statement';
  if (statement) checkStatementOptions(row, proposal, input);
  const width = proposal.columns.length;
  const existing =
    'table_id' in input.target
      ? (await loadTable(scope.db, scope.organizationId, input.target.table_id)).columns
      : null;
  const seen = new Set<number>();
  const names = new Set((existing ?? []).map((c) => c.name.toLowerCase()));
  const newColumns: Checked['newColumns'] = [];
  input.mapping.forEach((entry, i) => {
    const field = `mapping[${i}]`;
    if (entry.source >= width)
      throw badRequest('Unknown source column', { [field]: `The file has ${width} columns` });
    if (seen.has(entry.source))
      throw badRequest('A source column is mapped twice', { [field]: 'Map each column once' });
    seen.add(entry.source);
    if (entry.column_id !== undefined) {
      const column = existing?.find((c) => c.id === entry.column_id);
      if (!column)
        throw badRequest('Unknown column', { [`${field}.column_id`]: 'No such column in the table' });
      if (column.type === 'link') {
        throw badRequest('Link columns cannot be filled from a file', {
          [`${field}.column_id`]: 'Choose another column',
        });
      }
    }
    if (entry.new_column) {
      if (entry.new_column.type === 'link') {
        throw badRequest('Link columns cannot be filled from a file', {
          [`${field}.new_column`]: 'Choose another type',
        });
      }
      const key = entry.new_column.name.toLowerCase();
      if (names.has(key)) {
        throw badRequest('Column names must be unique', {
          [`${field}.new_column.name`]: `A column named "${entry.new_column.name}" already exists`,
        });
      }
      names.add(key);
      const { currency, ...column } = entry.new_column;
      const code = currency?.toUpperCase();
      // A new amount column keeps its currency's minor digits (JPY 0, BHD 3) unless told: its
      // values are read with that precision.
      const decimals =
        code && column.type === 'currency' && column.decimals === undefined
          ? { decimals: minorDigits(code) }
          : {};
      newColumns.push({
        source: entry.source,
        input: { ...column, ...(code ? { currency: code } : {}), ...decimals },
      });
    }
  });
  const key = input.options?.key_source;
  if (key !== undefined && statement) {
    throw badRequest('A statement brings its own keys', {
      'options.key_source': 'Leave it out: bank references (else a content hash) keep duplicates out',
    });
  }
  if (key !== undefined && key >= width) {
    throw badRequest('Unknown key column', { 'options.key_source': `The file has ${width} columns` });
  }
  if (input.options?.sheet !== undefined && row.format !== 'xlsx') {
    throw badRequest('Only workbooks have sheets', { 'options.sheet': 'Leave it out for a CSV file' });
  }
  return { existing, newColumns };
}

/** Statements: a QIF needs its date layout; other formats take no such choice. */
function checkStatementOptions(row: ImportRow, proposal: ImportProposal, input: ConfirmImportInput): void {
  const qif = input.options?.qif_date_format;
  if (proposal.statement_format === 'qif' && !qif) {
    throw badRequest(qifNeedsDateFormat(row.fileName).message, {
      'options.qif_date_format': 'Choose the date format of this QIF file',
    });
  }
  if (proposal.statement_format !== 'qif' && qif) {
    throw badRequest('Only QIF files take a date format', {
      'options.qif_date_format': 'Leave it out for this file',
    });
  }
}

/** Creates the new table or the new columns; answers the table id and the column id per source. */
async function prepareTarget(
  scope: TablesScope,
  input: ConfirmImportInput,
  newColumns: Checked['newColumns'],
): Promise<{ tableId: string; created: Map<number, string> }> {
  const created = new Map<number, string>();
  if ('new_table' in input.target) {
    const table = await createTable(scope, {
      name: input.target.new_table.name,
      description: input.target.new_table.description,
      columns: newColumns.map((c) => c.input),
    });
    newColumns.forEach((c, i) => {
      const column = table.columns[i];
      if (column) created.set(c.source, column.id);
    });
    return { tableId: table.id, created };
  }
  const tableId = input.target.table_id;
  for (const c of newColumns) created.set(c.source, (await addColumn(scope, tableId, c.input)).id);
  return { tableId, created };
}

/**
 * Confirms an uploaded import: checks the mapping, then in one transaction claims the import (a
 * second confirm is 409) and creates the new table or columns through the tables services, and
 * queues the run (a run that cannot be queued undoes the confirmation).
 */
export async function confirmImport(
  scope: TablesScope,
  deps: { jobs: JobQueue; store: FileStore },
  owner: { organizationId: string; userId: string },
  importId: string,
  input: ConfirmImportInput,
): Promise<ImportStarted> {
  const { jobs, store } = deps;
  let row = await loadImport(scope, importId);
  if (row.status !== 'uploaded') throw notUploaded(row);
  const proposal = row.proposal as ImportProposal;
  const choices = {
    sheet: input.options?.sheet,
    delimiter: input.options?.delimiter,
    has_header: input.options?.has_header,
  };
  if (
    (choices.sheet !== undefined && choices.sheet !== proposal.sheet) ||
    (choices.delimiter !== undefined && choices.delimiter !== proposal.delimiter) ||
    (choices.has_header !== undefined && choices.has_header !== proposal.has_header)
  ) {
    // Read with other choices than the proposal's: the file's columns are those of a new proposal.
    row = { ...row, proposal: await proposeImport(store, storedUpload(row), choices, null) };
  }
  const { newColumns } = await checkMapping(scope, row, input);
  // Claiming the import, creating the table or columns, storing the options and the audit entry go
  // in one transaction: a failure in any of them leaves the import uploaded and the tables as they were.
  const target = await scope.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(tableImports)
      .set({ status: 'queued', proposal: row.proposal })
      .where(and(eq(tableImports.id, row.id), eq(tableImports.status, 'uploaded')))
      .returning();
    if (!claimed) throw notUploaded(row);
    const prepared = await prepareTarget({ ...scope, db: tx }, input, newColumns);
    const sniffed = (row.proposal as ImportProposal).columns;
    const options: StoredImportOptions = {
      ...input.options,
      mapping: input.mapping.flatMap((entry) => {
        const columnId = entry.column_id ?? prepared.created.get(entry.source);
        if (!columnId) return [];
        const dateFormat =
          entry.date_format ?? input.options?.date_format ?? sniffed[entry.source]?.date_format ?? null;
        const decimal = entry.decimal_separator ?? sniffed[entry.source]?.decimal_separator ?? null;
        return [
          { source: entry.source, column_id: columnId, date_format: dateFormat, decimal_separator: decimal },
        ];
      }),
    };
    await tx
      .update(tableImports)
      .set({ tableId: prepared.tableId, options: options as unknown as Record<string, unknown> })
      .where(eq(tableImports.id, row.id));
    await audit(tx, scope, prepared.tableId, row);
    return prepared;
  });
  try {
    const id = await jobs.enqueue<TableImportJobData>(TABLE_IMPORT_JOB, { importId: row.id }, owner);
    return { id, source: 'document processing', import_id: row.id };
  } catch (error) {
    await undoConfirm(scope, row, input, target);
    throw error;
  }
}

/**
 * The run could not be queued (after the transaction): the import is uploaded again, as it was,
 * and the table or columns confirming created are taken out (the table's import row first: it
 * would go with the table).
 */
async function undoConfirm(
  scope: TablesScope,
  row: ImportRow,
  input: ConfirmImportInput,
  target: { tableId: string; created: Map<number, string> },
): Promise<void> {
  await scope.db
    .update(tableImports)
    .set({ status: 'uploaded', tableId: row.tableId, options: row.options })
    .where(eq(tableImports.id, row.id));
  if ('new_table' in input.target) {
    await deleteTable(scope, target.tableId);
    return;
  }
  for (const columnId of target.created.values()) await removeColumn(scope, target.tableId, columnId);
}

async function audit(db: Db, scope: TablesScope, tableId: string, row: ImportRow) {
  await recordAudit(db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'table_import.confirmed',
    targetType: 'table',
    targetId: tableId,
    details: { import_id: row.id, file_name: row.fileName },
  });
}

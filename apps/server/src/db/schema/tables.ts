import type { TableColumn } from '@counterpart/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { createdBy, organizationRef } from './organizations.ts';

/** Tables, their rows (items), imports and association mappings. */

/** A typed table of an organization; its columns (ids, names, types, order) live in `columns`. */
export const dataTables = pgTable(
  'data_tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    columns: jsonb('columns').$type<TableColumn[]>().notNull().default([]),
    /** Kept by the same transaction as every insert and delete of items. */
    rowCount: integer('row_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('data_tables_org_idx').on(t.organizationId, t.updatedAt)],
);

/**
 * The rows of every table: `values` holds each cell by column id in its canonical form (currency as
 * a string of integer minor units, dates as yyyy-mm-dd); `search_text` is the lower-cased text of
 * every cell for search. `seq` is the insertion order (the default sort and a keyset for paging).
 */
export const tableItems = pgTable(
  'table_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tableId: uuid('table_id')
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    searchText: text('search_text').notNull().default(''),
    /**
     * What makes a row the same row on a second import (a bank reference, FITID, M-Pesa receipt
     * number, or a content hash): unique within its table, so a re-import adds nothing twice.
     */
    externalKey: text('external_key'),
    /** The import that inserted the row (no foreign key: bulk inserts stay fast); lets a failed import be undone. */
    importId: uuid('import_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('table_items_table_seq_idx').on(t.tableId, t.seq),
    uniqueIndex('table_items_external_key_idx')
      .on(t.tableId, t.externalKey)
      .where(sql`${t.externalKey} is not null`),
  ],
);

/**
 * One import of a file into a table: the upload (kept under DATA_DIR/files at `filePath`), what
 * the server sniffed and proposes (`proposal`: format, delimiter, header, sheets, column types and
 * mapping), what the user confirmed (`options`), then the background run's counts and its
 * rejected lines (`errors`: the first ones, each with line, column and reason).
 * Status: uploaded → queued → running → succeeded | failed | cancelled; rows of a queued or running
 * import are invisible to every reader (tables/visible-items.ts) until it succeeds.
 */
export const tableImports = pgTable(
  'table_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    /** The target table; null until the user confirms (a new table is made then). */
    tableId: uuid('table_id').references(() => dataTables.id, { onDelete: 'cascade' }),
    /** The document the rows come from, when sent from the drop box. */
    documentId: uuid('document_id'),
    fileName: text('file_name').notNull(),
    filePath: text('file_path').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    format: text('format').notNull(),
    status: text('status').notNull().default('uploaded'),
    proposal: jsonb('proposal').$type<Record<string, unknown>>().notNull().default({}),
    options: jsonb('options').$type<Record<string, unknown>>(),
    totalRows: integer('total_rows').notNull().default(0),
    insertedRows: integer('inserted_rows').notNull().default(0),
    duplicateRows: integer('duplicate_rows').notNull().default(0),
    failedRows: integer('failed_rows').notNull().default(0),
    errors: jsonb('errors').$type<Record<string, unknown>[]>().notNull().default([]),
    /** Statement checks and other findings that do not stop the import (balance mismatch). */
    warnings: jsonb('warnings').$type<Record<string, unknown>[]>().notNull().default([]),
    errorMessage: text('error_message'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Touched every few seconds by the process running the import: a silent one lost its process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    index('table_imports_org_idx').on(t.organizationId, t.createdAt),
    /** The unfinished imports of a table, whose rows readers must not see yet. */
    index('table_imports_pending_idx').on(t.tableId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * An association mapping: pairs of columns between two tables (bank `reference` ↔ ledger
 * `invoice_no`), what a reconcile block starts from. `pairs`: [{ left_column_id, right_column_id }].
 */
export const associationMappings = pgTable(
  'association_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    leftTableId: uuid('left_table_id')
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    rightTableId: uuid('right_table_id')
      .notNull()
      .references(() => dataTables.id, { onDelete: 'cascade' }),
    pairs: jsonb('pairs').$type<{ left_column_id: string; right_column_id: string }[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('association_mappings_org_idx').on(t.organizationId),
    uniqueIndex('association_mappings_name_idx').on(t.organizationId, t.name),
  ],
);

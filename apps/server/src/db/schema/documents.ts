import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { createdBy, organizationRef } from './organizations.ts';

/**
 * An upload to the documents drop box. The bytes are stored once per content (`sha256`, under
 * DATA_DIR/files/blobs/), so the same file uploaded twice is two documents and one blob.
 * Processing (source `document processing`) writes the parsed result to `resultPath` (JSON in the
 * file store) and a summary here. Status: pending → processing → processed | ocr_needed | failed
 * (`statusReason` says why).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Sniffed from the content: application/pdf, image/png, image/jpeg, image/tiff, text/csv, XLSX. */
    mediaType: text('media_type').notNull(),
    /** pdf | image | csv | xlsx */
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    statusReason: text('status_reason'),
    attempts: integer('attempts').notNull().default(0),
    pageCount: integer('page_count'),
    rowCount: integer('row_count'),
    resultPath: text('result_path'),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    searchText: text('search_text').notNull().default(''),
    createdBy: createdBy(),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('documents_org_idx').on(t.organizationId, t.createdAt),
    index('documents_sha_idx').on(t.sha256),
  ],
);

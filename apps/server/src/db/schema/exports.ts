import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { organizationRef, userRef } from './organizations.ts';

/**
 * Files produced by exports. `tokenHash` is the SHA-256 of the unguessable id in the download URL
 * (the id itself is never stored); only `userId` may download, until `expiresAt`.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    tokenHash: text('token_hash').primaryKey(),
    organizationId: organizationRef(),
    userId: userRef(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** Path relative to DATA_DIR/files. */
    storagePath: text('storage_path').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('export_files_expiry_idx').on(t.expiresAt)],
);

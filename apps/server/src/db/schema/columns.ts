import { timestamp } from 'drizzle-orm/pg-core';

/** Columns every area's tables share. */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

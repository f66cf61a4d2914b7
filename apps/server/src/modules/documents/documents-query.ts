import type { DocumentsPage, documentsQuerySchema } from '@counterpart/contracts';
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { documents } from '../../db/schema.ts';
import { type DocumentsScope, documentView } from './documents.service.ts';

type DocumentsQuery = z.output<typeof documentsQuerySchema>;

const SORT_COLUMNS = {
  created_at: documents.createdAt,
  file_name: documents.fileName,
  size_bytes: documents.sizeBytes,
  status: documents.status,
} as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The day after a yyyy-mm-dd date, so `to` includes its whole day. */
function nextDay(date: string): Date {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

/**
 * One page of the organization's documents: search (every word must appear in the file name or
 * the first ~20 KB of extracted text), kind, status, created between from and to (UTC days), sorted.
 */
export async function listDocuments(scope: DocumentsScope, query: DocumentsQuery): Promise<DocumentsPage> {
  const conditions: (SQL | undefined)[] = [
    eq(documents.organizationId, scope.organizationId),
    query.kind ? eq(documents.kind, query.kind) : undefined,
    query.status ? eq(documents.status, query.status) : undefined,
    query.from ? gte(documents.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(documents.createdAt, nextDay(query.to)) : undefined,
  ];
  for (const word of (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    conditions.push(sql`${documents.searchText} like ${`%${escapeLike(word)}%`}`);
  }
  const where = and(...conditions);
  const column = SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(documents)
      .where(where)
      .orderBy(direction(column), direction(documents.id))
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size),
    scope.db.select({ n: count() }).from(documents).where(where),
  ]);
  return {
    data: rows.map(documentView),
    page_no: query.page_no,
    page_size: query.page_size,
    total: Number(total?.n ?? 0),
  };
}

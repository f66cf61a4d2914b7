import type { SearchHit, searchQuerySchema } from '@counterpart/contracts';
import { can } from '@counterpart/domain';
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { accountingDocuments, documents, reconGroupItems, reconGroups } from '../../../db/schema.ts';
import { forbidden } from '../../../errors.ts';
import { requireOrganization } from '../../../http/auth-context.ts';
import {
  type ColumnIndexes,
  columnIndexesFor,
  recentTables,
  searchVisibleRows,
  trigramIndexSpec,
} from '../../tables/tables-reader.service.ts';
import { containsPattern } from '../money/accounting-documents.service.ts';
import { reconStatusesOf } from '../shared/item-status.service.ts';
import { minor } from '../shared/money-common.ts';
import type { ReconRoutesOptions } from '../shared/recon-scope.ts';

/*
 * GET /v1/search: table rows, documents, match groups and accounting documents of the caller's
 * organization, each kind only when the caller may read it (rows and groups: workflow read or
 * {product}_table read; documents: {product}_documents read; accounting documents: workflow read).
 * Each kind is one indexed query capped at `limit`: rows and documents match every word of the
 * query in their lower-cased search_text (the tables' and documents' own LIKE pattern, which the
 * trigram indexes serve), the rest ILIKE on their few text fields.
 */

type Kind = SearchHit['type'];
const ALL: Kind[] = ['item', 'document', 'group', 'accounting_document'];
const UUID_PREFIX = /^[0-9a-f-]{4,36}$/i;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const wordsOf = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
const shorten = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export async function searchEverything(
  request: FastifyRequest,
  options: Pick<ReconRoutesOptions, 'config' | 'database'>,
  query: z.infer<typeof searchQuerySchema>,
): Promise<{ data: SearchHit[] }> {
  const auth = requireOrganization(request);
  const product = options.config.productKey;
  const allowed: Record<Kind, boolean> = {
    item: can(auth.roles, 'read', 'workflow') || can(auth.roles, 'read', `${product}_table`),
    group: can(auth.roles, 'read', 'workflow') || can(auth.roles, 'read', `${product}_table`),
    document: can(auth.roles, 'read', `${product}_documents`),
    accounting_document: can(auth.roles, 'read', 'workflow'),
  };
  const wanted = (query.types ?? ALL) as Kind[];
  const kinds = wanted.filter((kind) => allowed[kind]);
  if (kinds.length === 0) {
    throw forbidden(
      `You cannot read any of what you searched for (${wanted.join(', ')}) in this organization`,
    );
  }
  const db = options.database.db;
  const org = auth.organizationId;
  const words = wordsOf(query.q);
  const parts = await Promise.all(
    kinds.map((kind) => {
      switch (kind) {
        case 'item':
          return searchItems(db, columnIndexesFor(options.database), org, words, query.limit);
        case 'document':
          return searchDocuments(db, org, query.q, words, query.limit);
        case 'group':
          return searchGroups(db, columnIndexesFor(options.database), org, query.q, words, query.limit);
        case 'accounting_document':
          return searchAccounting(db, org, query.q, query.limit);
      }
      return [];
    }),
  );
  return { data: parts.flat() };
}

const wordConditions = (column: AnyPgColumn, words: string[]) =>
  words.map((word) => sql`${column} like ${`%${escapeLike(word)}%`}`);

/** Rows whose groups a search looks at. */
const ITEMS_FOR_GROUPS = 200;
/** Tables searched per request for rows (the most recently changed first). */
const MAX_TABLES = 50;

/**
 * Rows: one query per table of the organization (`table_id = …` lets PostgreSQL use that table's
 * partial trigram index on search_text, which the tables module builds for tables of
 * INDEX_MIN_ROWS rows or more; a search here asks for it too), until `limit` rows are found.
 */
async function searchItems(
  db: Db,
  indexes: ColumnIndexes,
  org: string,
  words: string[],
  limit: number,
): Promise<SearchHit[]> {
  if (words.length === 0) return [];
  const tables = await recentTables(db, org, MAX_TABLES);
  const hits: SearchHit[] = [];
  for (const table of tables) {
    if (hits.length >= limit) break;
    indexes.request(table.id, table.rowCount, async () =>
      (await indexes.trigramAvailable()) ? [trigramIndexSpec(table.id, null)] : [],
    );
    const found = await searchVisibleRows(db, table.id, words, limit - hits.length);
    const statuses = await reconStatusesOf(
      db,
      found.map((row) => row.id),
    );
    const rows = found.map((row) => ({ ...row, status: statuses.get(row.id) }));
    for (const row of rows) {
      hits.push({
        type: 'item',
        id: row.id,
        title: shorten(row.text || `Row ${row.seq}`),
        subtitle: `${table.name} · row ${row.seq}`,
        url: `/tables/${table.id}`,
        status: row.status ?? 'unreconciled',
      });
    }
  }
  return hits;
}

async function searchDocuments(
  db: Db,
  org: string,
  q: string,
  words: string[],
  limit: number,
): Promise<SearchHit[]> {
  const rows = await db
    .select({
      id: documents.id,
      fileName: documents.fileName,
      kind: documents.kind,
      status: documents.status,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, org),
        or(
          ilike(documents.fileName, containsPattern(q)),
          and(...wordConditions(documents.searchText, words)),
        ),
      ),
    )
    .orderBy(desc(documents.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    type: 'document',
    id: row.id,
    title: row.fileName,
    subtitle: `${row.kind.toUpperCase()} · uploaded ${row.createdAt.toISOString().slice(0, 10)}`,
    url: `/documents/${row.id}`,
    status: row.status,
  }));
}

async function searchGroups(
  db: Db,
  indexes: ColumnIndexes,
  org: string,
  q: string,
  words: string[],
  limit: number,
): Promise<SearchHit[]> {
  const matches: SQL[] = [ilike(reconGroups.note, containsPattern(q))];
  if (UUID_PREFIX.test(q))
    matches.push(sql`${reconGroups.id}::text like ${`${escapeLike(q.toLowerCase())}%`}`);
  if (words.length > 0) {
    // Groups holding one of the rows the same search finds (the first ITEMS_FOR_GROUPS of them).
    const items = await searchItems(db, indexes, org, words, ITEMS_FOR_GROUPS);
    if (items.length > 0) {
      const itemGroups = db
        .select({ groupId: reconGroupItems.groupId })
        .from(reconGroupItems)
        .where(
          inArray(
            reconGroupItems.itemId,
            items.map((item) => item.id),
          ),
        );
      matches.push(inArray(reconGroups.id, itemGroups));
    }
  }
  const rows = await db
    .select()
    .from(reconGroups)
    .where(
      and(
        eq(reconGroups.organizationId, org),
        inArray(reconGroups.state, ['active', 'pending_approval']),
        or(...matches),
      ),
    )
    .orderBy(desc(reconGroups.createdAt))
    .limit(limit);
  return rows.map((group) => ({
    type: 'group',
    id: group.id,
    title: `${group.ruleName || group.ruleId} match · ${group.currency} ${minor(group.leftTotal)} ↔ ${minor(group.rightTotal)}`,
    subtitle: `Difference ${minor(group.difference)}${group.note ? ` · ${shorten(group.note, 60)}` : ''}`,
    url: `/reconciliation/workspace?left_table_id=${group.leftTableId}&right_table_id=${group.rightTableId}&group=${group.id}`,
    status: group.state === 'pending_approval' ? 'pending_approval' : group.status,
  }));
}

async function searchAccounting(db: Db, org: string, q: string, limit: number): Promise<SearchHit[]> {
  const pattern = containsPattern(q);
  const rows = await db
    .select()
    .from(accountingDocuments)
    .where(
      and(
        eq(accountingDocuments.organizationId, org),
        or(
          ilike(accountingDocuments.number, pattern),
          ilike(accountingDocuments.counterparty, pattern),
          ilike(accountingDocuments.reference, pattern),
        ),
      ),
    )
    .orderBy(desc(accountingDocuments.issueDate))
    .limit(limit);
  return rows.map((doc) => ({
    type: 'accounting_document',
    id: doc.id,
    title: `${doc.kind.replace('_', ' ')} ${doc.number}`,
    subtitle: `${doc.counterparty || 'No counterparty'} · ${doc.issueDate} · ${doc.currency} ${minor(doc.total)} (open ${minor(doc.openAmount)})`,
    url: `/reconciliation/dashboard?accounting_document=${doc.id}`,
    status: doc.status,
  }));
}

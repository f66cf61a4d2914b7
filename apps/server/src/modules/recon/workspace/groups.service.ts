import type { GroupItem, ReconGroup, SuggestionWhy } from '@counterpart/contracts';
import { proposedDateColumn } from '@counterpart/domain';
import { readableDetail } from '@counterpart/recon-engine';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database.ts';
import { reconGroupItems, reconGroups, users } from '../../../db/schema.ts';
import { notFound } from '../../../errors.ts';
import { findItems, itemView, referenceAsTyped } from '../../tables/tables-reader.service.ts';
import { listPage, pageOffset } from '../shared/list-page.ts';
import type { ReconScope } from '../shared/recon-scope.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const creator = alias(users, 'creator');
const decider = alias(users, 'decider');

export type GroupRow = typeof reconGroups.$inferSelect;
interface GroupSelect {
  group: GroupRow;
  createdEmail: string | null;
  decidedEmail: string | null;
}

export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** A group's wire form; `items` as given (with values when read for display). */
/** The stored `why` of a group with its rival's reference (`references`: item id → reference as typed). */
function whyView(
  stored: Record<string, unknown> | null,
  references: Map<string, string>,
): SuggestionWhy | null {
  if (!stored) return null;
  const kind = kindView(stored, references);
  if (!kind) return null;
  const names = stored.names as { id?: unknown; key?: unknown } | undefined;
  if (names && typeof names === 'object' && typeof names.id === 'string') {
    return {
      ...kind,
      names: { item_id: names.id, key: String(names.key ?? ''), reference: references.get(names.id) ?? '' },
    };
  }
  return kind;
}

function kindView(stored: Record<string, unknown>, references: Map<string, string>): SuggestionWhy | null {
  if (stored.kind === 'rival') {
    const itemId = String(stored.id ?? '');
    return {
      kind: 'rival',
      item_id: itemId,
      side: stored.side === 'left' ? 'left' : 'right',
      reference: references.get(itemId) ?? '',
      score: Number(stored.score),
      gap: Number(stored.gap),
    };
  }
  if (stored.kind === 'threshold') {
    return { kind: 'threshold', score: Number(stored.score), auto_accept: Number(stored.auto_accept) };
  }
  if (stored.kind === 'other_subset') return { kind: 'other_subset', size: Number(stored.size) };
  return null;
}

/** The references as typed of the rows these groups' suggestions name (rivals, named rows; one read). */
async function rivalReferences(db: Db, organizationId: string, rows: GroupSelect[]) {
  const ids = rows.flatMap(({ group }) => {
    const why = group.why as { kind?: unknown; id?: unknown; names?: { id?: unknown } } | null;
    const named = why?.names?.id;
    return [
      ...(why?.kind === 'rival' && typeof why.id === 'string' && isUuid(why.id) ? [why.id] : []),
      ...(typeof named === 'string' && isUuid(named) ? [named] : []),
    ];
  });
  const references = new Map<string, string>();
  if (ids.length === 0) return references;
  for (const item of await findItems(db, organizationId, [...new Set(ids)])) {
    references.set(item.id, referenceAsTyped(item.columns, item.values as Record<string, unknown>));
  }
  return references;
}

export function groupView(
  row: GroupSelect,
  items: GroupItem[],
  references: Map<string, string> = new Map(),
): ReconGroup {
  const g = row.group;
  return {
    id: g.id,
    run_id: g.runId,
    left_table_id: g.leftTableId,
    right_table_id: g.rightTableId,
    source: g.source as ReconGroup['source'],
    rule_id: g.ruleId,
    rule_name: g.ruleName,
    status: g.status as ReconGroup['status'],
    state: g.state as ReconGroup['state'],
    score: Number(g.score),
    // Groups stored before the engine stopped naming normalised keys (`INV2026004152 ~ …`) show none either.
    features: ((g.features ?? []) as ReconGroup['features']).map((feature) => ({
      ...feature,
      detail: readableDetail(feature.detail),
    })),
    why: whyView(g.why ?? null, references),
    currency: g.currency,
    left_total: g.leftTotal.toString(),
    right_total: g.rightTotal.toString(),
    difference: g.difference.toString(),
    adjusted: g.adjusted.toString(),
    note: g.note,
    items,
    created_by_email: row.createdEmail,
    created_at: g.createdAt.toISOString(),
    decided_by_email: row.decidedEmail,
    decided_at: g.decidedAt ? g.decidedAt.toISOString() : null,
  };
}

async function selectGroups(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select({ group: reconGroups, createdEmail: creator.email, decidedEmail: decider.email })
    .from(reconGroups)
    .leftJoin(creator, eq(creator.id, reconGroups.createdBy))
    .leftJoin(decider, eq(decider.id, reconGroups.decidedBy))
    .where(where)
    .orderBy(desc(reconGroups.createdAt), desc(reconGroups.id))
    .limit(limit)
    .offset(offset);
}

/** The items of these groups with their cells (as the tables API answers them), per group. */
export async function itemsOfGroups(db: Db, organizationId: string, groupIds: string[]) {
  const byGroup = new Map<string, GroupItem[]>();
  if (groupIds.length === 0) return byGroup;
  const held = await db
    .select({
      groupId: reconGroupItems.groupId,
      itemId: reconGroupItems.itemId,
      tableId: reconGroupItems.tableId,
      side: reconGroupItems.side,
      amount: reconGroupItems.amount,
    })
    .from(reconGroupItems)
    .where(
      and(inArray(reconGroupItems.groupId, groupIds), eq(reconGroupItems.organizationId, organizationId)),
    );
  const items = new Map(
    (await findItems(db, organizationId, [...new Set(held.map((r) => r.itemId))])).map((i) => [i.id, i]),
  );
  const rows = held
    .flatMap((row) => {
      const item = items.get(row.itemId);
      return item ? [{ ...row, ...item, id: row.itemId, tableId: row.tableId }] : [];
    })
    .sort((a, b) => (a.side === b.side ? a.seq - b.seq : a.side < b.side ? -1 : 1));
  for (const row of rows) {
    const columns = row.columns;
    // The date a run reads by default (an invoice date before a due date), as the run dialog proposes.
    const dateColumn = proposedDateColumn(columns);
    const date = dateColumn ? row.values[dateColumn.id] : null;
    const item: GroupItem = {
      item_id: row.itemId,
      table_id: row.tableId,
      side: row.side as GroupItem['side'],
      amount: row.amount.toString(),
      values: itemView(columns, row).values,
      date: typeof date === 'string' ? date : null,
    };
    const list = byGroup.get(row.groupId) ?? [];
    list.push(item);
    byGroup.set(row.groupId, list);
  }
  return byGroup;
}

export interface GroupsQuery {
  page_no: number;
  page_size: number;
  left_table_id?: string | undefined;
  right_table_id?: string | undefined;
  run_id?: string | undefined;
  status?: string | undefined;
  state?: string | undefined;
  item_id?: string | undefined;
}

export async function listGroups(scope: ReconScope, query: GroupsQuery) {
  const where = and(
    eq(reconGroups.organizationId, scope.organizationId),
    query.left_table_id ? eq(reconGroups.leftTableId, query.left_table_id) : undefined,
    query.right_table_id ? eq(reconGroups.rightTableId, query.right_table_id) : undefined,
    query.run_id ? eq(reconGroups.runId, query.run_id) : undefined,
    query.status ? eq(reconGroups.status, query.status) : undefined,
    query.state ? eq(reconGroups.state, query.state) : undefined,
    query.item_id
      ? sql`exists (select 1 from ${reconGroupItems} where ${reconGroupItems.groupId} = ${reconGroups.id}
          and ${reconGroupItems.itemId} = ${query.item_id})`
      : undefined,
  );
  const rows = await selectGroups(scope.db, where, query.page_size, pageOffset(query));
  const items = await itemsOfGroups(
    scope.db,
    scope.organizationId,
    rows.map((r) => r.group.id),
  );
  const [total] = await scope.db.select({ n: count() }).from(reconGroups).where(where);
  const references = await rivalReferences(scope.db, scope.organizationId, rows);
  const data = rows.map((row) => groupView(row, items.get(row.group.id) ?? [], references));
  return listPage(data, query, total?.n ?? 0);
}

/** The ids of the rows a group holds (what its audit entries name). */
export async function itemIdsOfGroup(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ itemId: reconGroupItems.itemId })
    .from(reconGroupItems)
    .where(eq(reconGroupItems.groupId, groupId));
  return rows.map((row) => row.itemId);
}

/** One group of the organization with its items' cells, or 404. */
export async function getGroup(db: Db, organizationId: string, groupId: string): Promise<ReconGroup> {
  if (!isUuid(groupId)) throw notFound('Group not found');
  const [row] = await selectGroups(
    db,
    and(eq(reconGroups.id, groupId), eq(reconGroups.organizationId, organizationId)),
    1,
    0,
  );
  if (!row) throw notFound('Group not found');
  const items = await itemsOfGroups(db, organizationId, [groupId]);
  return groupView(row, items.get(groupId) ?? [], await rivalReferences(db, organizationId, [row]));
}

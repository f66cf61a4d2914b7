import type { ReconAuditEntry, TableColumn } from '@counterpart/contracts';
import { decisionLabel, fromMinorUnits, minorDigits } from '@counterpart/domain';
import { type Cell, csvField } from '@counterpart/files';
import { and, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import {
  reconAdjustments,
  reconAllocations,
  reconAudit,
  reconGroupItems,
  reconGroups,
} from '../../../db/schema.ts';
import { findItems, referenceAsTyped } from '../../tables/tables-reader.service.ts';
import { AUTO_MATCH, withAutoMatchDetails } from '../shared/auto-match-entries.ts';
import { listPage, pageOffset } from '../shared/list-page.ts';
import type { ReconScope } from '../shared/recon-scope.ts';

type AuditRow = typeof reconAudit.$inferSelect;

export interface AuditFilters {
  group_id?: string | undefined;
  item_id?: string | undefined;
  run_id?: string | undefined;
  action?: string | undefined;
}

export function auditView(row: AuditRow): ReconAuditEntry {
  return {
    id: row.id,
    actor_email: row.actorEmail,
    automatic: row.actorUserId === null && row.actorEmail === 'automatic',
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    group_id: row.groupId,
    run_id: row.runId,
    rule_id: row.ruleId,
    reason: row.reason,
    before: row.before,
    after: row.after,
    item_ids: row.itemIds,
    created_at: row.createdAt.toISOString(),
    target_state: null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tables whose rows an audit entry can be about and that have a state a trail acts on. */
const STATEFUL_TARGETS = { adjustment: reconAdjustments, allocation: reconAllocations } as const;

/**
 * The entries with `target_state` set: the state now of each adjustment or allocation they are about
 * (one query per kind, by primary key, for a page of entries).
 */
async function withTargetStates(
  db: Db,
  organizationId: string,
  entries: ReconAuditEntry[],
): Promise<ReconAuditEntry[]> {
  const states = new Map<string, string>();
  for (const [kind, table] of Object.entries(STATEFUL_TARGETS)) {
    const ids = [
      ...new Set(
        entries.flatMap((entry) => (entry.target_type === kind && entry.target_id ? [entry.target_id] : [])),
      ),
    ].filter((id) => UUID.test(id));
    if (ids.length === 0) continue;
    const rows = await db
      .select({ id: table.id, state: table.state })
      .from(table)
      .where(and(eq(table.organizationId, organizationId), inArray(table.id, ids)));
    for (const row of rows) states.set(`${kind}:${row.id}`, row.state);
  }
  return entries.map((entry) => ({
    ...entry,
    target_state: states.get(`${entry.target_type}:${entry.target_id}`) ?? null,
  }));
}

/**
 * The entries about an item (its trail), as a subquery of their ids: those whose `item_ids` hold it
 * (GIN index), and a run's automatic matches of the groups it was ever in — stored short, without
 * their items (auto-match-entries.ts), and left out of that index (millions of them: most of a run's
 * index writing): found through `recon_group_items` by item, then by group. A group's items are
 * written with it and never change.
 */
export function itemTrail(itemId: string): SQL {
  const autoMatch = sql.raw(`'${AUTO_MATCH}'`);
  return sql`select a.id from ${reconAudit} a
     where a.item_ids @> ${JSON.stringify([itemId])}::jsonb and a.action <> ${autoMatch}
    union all
    select a.id from ${reconGroupItems} gi join ${reconAudit} a on a.group_id = gi.group_id
     where gi.item_id = ${itemId}::uuid and a.action = ${autoMatch}`;
}

function whereOf(organizationId: string, filters: AuditFilters): SQL | undefined {
  return and(
    eq(reconAudit.organizationId, organizationId),
    filters.group_id ? eq(reconAudit.groupId, filters.group_id) : undefined,
    filters.run_id ? eq(reconAudit.runId, filters.run_id) : undefined,
    filters.action ? eq(reconAudit.action, filters.action) : undefined,
    filters.item_id ? sql`${reconAudit.id} in (${itemTrail(filters.item_id)})` : undefined,
  );
}

export async function listReconAudit(
  scope: ReconScope,
  query: AuditFilters & { page_no: number; page_size: number },
) {
  const where = whereOf(scope.organizationId, query);
  const rows = await scope.db
    .select()
    .from(reconAudit)
    .where(where)
    .orderBy(desc(reconAudit.createdAt), desc(reconAudit.id))
    .limit(query.page_size)
    .offset(pageOffset(query));
  const [total] = await scope.db.select({ n: count() }).from(reconAudit).where(where);
  const whole = await withAutoMatchDetails(scope.db, scope.organizationId, rows);
  const entries = await withTargetStates(scope.db, scope.organizationId, whole.map(auditView));
  return listPage(entries, query, total?.n ?? 0);
}

/**
 * The audit CSV's columns: what a reviewer reads without the application — when, who, the decision in
 * words, the rule, both sides' references as typed (receipt and invoice numbers), amounts in currency
 * units, the status after, the reason; the ids after that, and the raw before/after JSON last.
 */
const HEADER = [
  'when',
  'who',
  'decision',
  'rule',
  'left_references',
  'right_references',
  'currency',
  'left_amount',
  'right_amount',
  'difference',
  'amount',
  'status_after',
  'reason',
  'group_id',
  'run_id',
  'item_ids',
  'details_json',
];
const EXPORT_BATCH = 1_000;

function csvLine(cells: Cell[]): string {
  return `${cells.map((c) => csvField(c)).join(',')}\r\n`;
}

/**
 * Every matching entry as CSV lines (newest first), read in keyset batches so a long trail never
 * sits in memory whole. Text cells that a spreadsheet would run as a formula are defused.
 */
export async function* exportReconAudit(
  db: Db,
  organizationId: string,
  filters: AuditFilters,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(HEADER)}`;
  const base = whereOf(organizationId, filters);
  let cursor: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? or(
          lt(reconAudit.createdAt, cursor.createdAt),
          and(eq(reconAudit.createdAt, cursor.createdAt), lt(reconAudit.id, cursor.id)),
        )
      : undefined;
    const stored: AuditRow[] = await db
      .select()
      .from(reconAudit)
      .where(and(base, after))
      .orderBy(desc(reconAudit.createdAt), desc(reconAudit.id))
      .limit(EXPORT_BATCH);
    const rows = await withAutoMatchDetails(db, organizationId, stored);
    const context = await exportContext(db, organizationId, rows);
    let chunk = '';
    for (const row of rows) chunk += csvLine(exportCells(auditView(row), context));
    if (chunk) yield chunk;
    const last: AuditRow | undefined = rows[rows.length - 1];
    if (!last || rows.length < EXPORT_BATCH) return;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

interface ExportGroup {
  leftTableId: string;
  rightTableId: string;
  ruleName: string;
  currency: string;
  leftTotal: bigint;
  rightTotal: bigint;
  difference: bigint;
}

interface ExportContext {
  groups: Map<string, ExportGroup>;
  /** Item id → its table and its reference as typed. */
  items: Map<string, { tableId: string; reference: string }>;
}

/** The groups and items a batch of entries names, read once for the batch. */
async function exportContext(db: Db, organizationId: string, rows: AuditRow[]): Promise<ExportContext> {
  const groupIds = [...new Set(rows.flatMap((row) => (row.groupId ? [row.groupId] : [])))];
  const groups = new Map<string, ExportGroup>();
  if (groupIds.length > 0) {
    const found = await db
      .select({
        id: reconGroups.id,
        leftTableId: reconGroups.leftTableId,
        rightTableId: reconGroups.rightTableId,
        ruleName: reconGroups.ruleName,
        currency: reconGroups.currency,
        leftTotal: reconGroups.leftTotal,
        rightTotal: reconGroups.rightTotal,
        difference: reconGroups.difference,
      })
      .from(reconGroups)
      .where(and(eq(reconGroups.organizationId, organizationId), inArray(reconGroups.id, groupIds)));
    for (const group of found) groups.set(group.id, group);
  }
  const items = new Map<string, { tableId: string; reference: string }>();
  const itemIds = [...new Set(rows.flatMap((row) => row.itemIds))];
  for (const item of itemIds.length > 0 ? await findItems(db, organizationId, itemIds) : []) {
    const reference = referenceAsTyped(item.columns as TableColumn[], item.values as Record<string, unknown>);
    items.set(item.id, { tableId: item.tableId, reference });
  }
  return { groups, items };
}

/** Minor units as a number cell in currency units (`-50.00`: a number, not a formula to defuse). */
function money(value: unknown, currency: string): Cell {
  const minor =
    typeof value === 'bigint'
      ? value
      : typeof value === 'string' && /^-?\d{1,18}$/.test(value)
        ? BigInt(value)
        : null;
  if (minor === null) return '';
  const places = minorDigits(currency);
  return { decimal: fromMinorUnits(minor, places), places };
}

function exportCells(entry: ReconAuditEntry, context: ExportContext): Cell[] {
  const group = entry.group_id ? context.groups.get(entry.group_id) : undefined;
  const after = entry.after ?? {};
  const currency = group?.currency ?? (typeof after.currency === 'string' ? after.currency : null) ?? 'KES';
  const references = (side: 'left' | 'right') =>
    entry.item_ids
      .flatMap((id) => {
        const item = context.items.get(id);
        if (!item?.reference) return [];
        const tableId = side === 'left' ? group?.leftTableId : group?.rightTableId;
        // Without a group (an allocation, a document), every row's reference is listed on the left.
        if (tableId ? item.tableId !== tableId : side === 'right') return [];
        return [item.reference];
      })
      .join('; ');
  const ruleName = typeof after.rule_name === 'string' ? after.rule_name : (group?.ruleName ?? '');
  return [
    entry.created_at,
    entry.automatic ? 'Automatic (run)' : entry.actor_email,
    decisionLabel(entry),
    entry.rule_id === 'manual' ? 'Manual' : ruleName,
    references('left'),
    references('right'),
    currency,
    group ? money(group.leftTotal, currency) : '',
    group ? money(group.rightTotal, currency) : '',
    group ? money(group.difference, currency) : '',
    money(after.amount, currency),
    typeof after.status === 'string' ? after.status : typeof after.state === 'string' ? after.state : '',
    entry.reason,
    entry.group_id,
    entry.run_id,
    entry.item_ids.join(' '),
    entry.before || entry.after ? JSON.stringify({ before: entry.before, after: entry.after }) : '',
  ];
}

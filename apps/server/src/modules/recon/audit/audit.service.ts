import type { ReconAuditEntry } from '@counterpart/contracts';
import { csvField } from '@counterpart/files';
import { and, count, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { reconAudit } from '../../../db/schema.ts';
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
  };
}

function whereOf(organizationId: string, filters: AuditFilters): SQL | undefined {
  return and(
    eq(reconAudit.organizationId, organizationId),
    filters.group_id ? eq(reconAudit.groupId, filters.group_id) : undefined,
    filters.run_id ? eq(reconAudit.runId, filters.run_id) : undefined,
    filters.action ? eq(reconAudit.action, filters.action) : undefined,
    filters.item_id ? sql`${reconAudit.itemIds} @> ${JSON.stringify([filters.item_id])}::jsonb` : undefined,
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
  return listPage(rows.map(auditView), query, total?.n ?? 0);
}

const HEADER = [
  'created_at',
  'actor_email',
  'automatic',
  'action',
  'target_type',
  'target_id',
  'group_id',
  'run_id',
  'rule_id',
  'reason',
  'item_ids',
  'before',
  'after',
];
const EXPORT_BATCH = 1_000;

function csvLine(cells: Array<string | null>): string {
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
    const rows: AuditRow[] = await db
      .select()
      .from(reconAudit)
      .where(and(base, after))
      .orderBy(desc(reconAudit.createdAt), desc(reconAudit.id))
      .limit(EXPORT_BATCH);
    let chunk = '';
    for (const row of rows) {
      const entry = auditView(row);
      chunk += csvLine([
        entry.created_at,
        entry.actor_email,
        entry.automatic ? 'yes' : 'no',
        entry.action,
        entry.target_type,
        entry.target_id,
        entry.group_id,
        entry.run_id,
        entry.rule_id,
        entry.reason,
        entry.item_ids.join(' '),
        entry.before ? JSON.stringify(entry.before) : '',
        entry.after ? JSON.stringify(entry.after) : '',
      ]);
    }
    if (chunk) yield chunk;
    const last: AuditRow | undefined = rows[rows.length - 1];
    if (!last || rows.length < EXPORT_BATCH) return;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

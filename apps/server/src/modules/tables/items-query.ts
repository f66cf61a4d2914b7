import type { itemsQuerySchema, TableItemsPage } from '@counterpart/contracts';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { tableItems } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { reconStatusesOf } from '../recon/shared/item-status.service.ts';
import { keyIndexSpec, trigramIndexSpec } from './column-indexes.ts';
import { itemView } from './item-values.ts';
import { orderOf, planView, tableCondition, type ViewPlan } from './items-conditions.ts';
import { loadTable } from './tables.service.ts';
import type { TablesScope } from './tables-scope.ts';

/** A filtered total is counted exactly up to this many rows; past it the planner's estimate is used. */
export const COUNT_CAP = 1_000;
/** Deepest row a page may start at: past it, filters or the other sort order reach the rows faster. */
export const MAX_OFFSET = 500_000;

type ListQuery = z.output<typeof itemsQuerySchema>;

/** The planner's estimate of how many rows match (no rows are read). */
async function plannedRows(db: Db, plan: ViewPlan): Promise<number> {
  const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${tableItems} where ${plan.where}`,
  );
  const json = row?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{
    Plan?: { 'Plan Rows'?: number };
  }>;
  return Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * How many rows match: the table's row_count when nothing narrows the view (kept exact by every
 * write). Otherwise the planner's estimate first (EXPLAIN, no rows read): past COUNT_CAP it is the
 * answer, flagged `total_is_estimate` (never below what the pages already showed) — counting a
 * large match exactly would read every match, the very cost paging avoids. Below it, an exact
 * count that stops after COUNT_CAP + 1 rows (an estimate again if the planner was wrong).
 */
async function countRows(db: Db, plan: ViewPlan, rowCount: number, seen: number) {
  if (!plan.narrowed) return { total: rowCount, estimate: false };
  const planned = Math.min(await plannedRows(db, plan), rowCount);
  if (planned > COUNT_CAP) return { total: Math.max(planned, seen), estimate: true };
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select count(*) as n from (select 1 from ${tableItems} where ${plan.where} limit ${COUNT_CAP + 1}) as capped`,
  );
  const counted = Number(row?.n ?? 0);
  if (counted <= COUNT_CAP) return { total: counted, estimate: false };
  return { total: Math.max(COUNT_CAP + 1, seen, planned), estimate: true };
}

/** Starts building the indexes this view would use (tables of INDEX_MIN_ROWS rows or more). */
function requestIndexes(scope: TablesScope, tableId: string, rowCount: number, plan: ViewPlan): void {
  const indexes = scope.indexes;
  if (!indexes) return;
  if (plan.keyColumns.length === 0 && plan.containsColumns.length === 0 && !plan.searching) return;
  indexes.request(tableId, rowCount, async () => {
    const specs = plan.keyColumns.map((column) => keyIndexSpec(tableId, column));
    if ((plan.containsColumns.length > 0 || plan.searching) && (await indexes.trigramAvailable())) {
      for (const column of plan.containsColumns) specs.push(trigramIndexSpec(tableId, column));
      if (plan.searching) specs.push(trigramIndexSpec(tableId, null));
    }
    return specs;
  });
}

/**
 * One page of rows: filters (all must match), search (every word somewhere in the row), typed sort.
 * The page's positions are found first (seq only: an index-only walk for the default order), then
 * just those rows are read.
 */
export async function listItems(
  scope: TablesScope,
  tableId: string,
  query: ListQuery,
): Promise<TableItemsPage> {
  const table = await loadTable(scope.db, scope.organizationId, tableId);
  const plan = planView(tableId, table.columns, query);
  const offset = (query.page_no - 1) * query.page_size;
  if (offset > MAX_OFFSET) {
    throw badRequest('Page too deep', {
      page_no: `Pages start at most ${MAX_OFFSET} rows in: filter or sort the other way to reach these rows`,
    });
  }
  requestIndexes(scope, tableId, table.rowCount, plan);
  const positions = await rowsOf<{ seq: string | number }>(
    scope.db,
    sql`select ${tableItems.seq} as seq from ${tableItems} where ${plan.where}
        order by ${orderOf(plan)} limit ${query.page_size} offset ${offset}`,
  );
  const seqs = positions.map((row) => Number(row.seq));
  const rows =
    seqs.length === 0
      ? []
      : await scope.db
          .select()
          .from(tableItems)
          .where(sql`${tableCondition(tableId)} and ${inArray(tableItems.seq, seqs) as SQL}`);
  const bySeq = new Map(rows.map((row) => [row.seq, row]));
  const ordered = seqs.flatMap((seq) => bySeq.get(seq) ?? []);
  const { total, estimate } = await countRows(scope.db, plan, table.rowCount, offset + ordered.length);
  const statuses = await reconStatusesOf(
    scope.db,
    ordered.map((row) => row.id),
  );
  return {
    data: ordered.map((row) => ({
      ...itemView(table.columns, row),
      recon_status: statuses.get(row.id) ?? 'unreconciled',
    })),
    page_no: query.page_no,
    page_size: query.page_size,
    total,
    total_is_estimate: estimate,
  };
}

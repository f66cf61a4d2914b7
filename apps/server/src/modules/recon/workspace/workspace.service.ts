import type {
  DirectionAmounts,
  ReconItem,
  ReconStatus,
  SideFields,
  StatusCounts,
  TableColumn,
  WorkspaceSummary,
} from '@counterpart/contracts';
import { addToDirection, type DirectionTotals, matchRate, noDirectionTotals } from '@counterpart/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/raw-rows.ts';
import { badRequest } from '../../../errors.ts';
import { loadTable } from '../../tables/tables.service.ts';
import {
  anyItemOfTables,
  escapeLike,
  itemView,
  MAX_OFFSET,
  visibleRowsOf,
} from '../../tables/tables-reader.service.ts';
import {
  amountColumnOf,
  amountOfCell,
  currencyOf,
  dateColumnOf,
  resolveSideFields,
} from '../runs/run-records.ts';
import { lastRunOf } from '../runs/runs.service.ts';
import { listPage, pageOffset } from '../shared/list-page.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import { getReconSettings } from '../shared/settings.service.ts';

const STATUSES: ReconStatus[] = ['reconciled', 'partial', 'suggested', 'unreconciled'];

/** `values->>'<id>'` with the id inlined (column ids are generated, never user text: checked anyway). */
function cell(column: TableColumn): SQL {
  if (!/^[A-Za-z0-9_-]+$/.test(column.id)) throw new Error(`Unexpected column id ${column.id}`);
  return sql.raw(`ti."values"->>'${column.id}'`);
}

/** A row's amount in minor units as SQL (number columns hold major units). */
function amountSql(column: TableColumn): SQL {
  if (column.type === 'currency') return sql`(${cell(column)})::numeric`;
  const scale = 10 ** (column.decimals ?? 2);
  return sql`round((${cell(column)})::numeric * ${scale})`;
}

/**
 * The join that gives each row its reconciliation status: the group holding it (active or waiting
 * for approval — its items rows are active either way), else unreconciled.
 */
const statusJoin = (tableId: string) => sql`from ${visibleRowsOf(tableId)} ti
  left join recon_group_items gi on gi.item_id = ti.id and gi.active
  left join recon_groups g on g.id = gi.group_id`;
const statusOf = sql`coalesce(g.status, 'unreconciled')`;

/**
 * A side's items per status, and their amounts per status and direction (money in and money out
 * apart, never netted: domain recon-amounts.ts); SQL splits each status's rows by sign.
 */
async function sideSummary(scope: ReconScope, tableId: string, amount: TableColumn | null) {
  const rows = await rowsOf<{
    status: string;
    negative: boolean | null;
    n: string | number;
    total: string | null;
  }>(
    scope.db,
    sql`select ${statusOf} as status, ${amount ? sql`(${amountSql(amount)}) < 0` : sql`false`} as negative,
          count(*) as n,
          ${amount ? sql`coalesce(sum(${amountSql(amount)}), 0)::numeric(40,0)::text` : sql`'0'`} as total
        ${statusJoin(tableId)}
        group by 1, 2`,
  );
  const counts: StatusCounts = { reconciled: 0, partial: 0, suggested: 0, unreconciled: 0 };
  const totals = Object.fromEntries(STATUSES.map((s) => [s, noDirectionTotals()])) as Record<
    ReconStatus,
    DirectionTotals
  >;
  for (const row of rows) {
    const status = row.status as ReconStatus;
    counts[status] += Number(row.n);
    addToDirection(totals[status], BigInt(row.total ?? '0'));
  }
  const amounts = Object.fromEntries(
    STATUSES.map((s) => [s, { in: totals[s].in.toString(), out: totals[s].out.toString() }]),
  ) as Record<ReconStatus, DirectionAmounts>;
  return { counts, amounts };
}

function inferredFields(columns: TableColumn[], name: string, side: 'left' | 'right'): SideFields {
  try {
    return resolveSideFields(columns, name, side, undefined);
  } catch {
    const amount = amountColumnOf(columns, name);
    const date = dateColumnOf(columns, name);
    return { ...(amount ? { amount: amount.id } : {}), ...(date ? { date: date.id } : {}) };
  }
}

/**
 * Counts and amounts per status of both tables, the match rate, pending approvals (groups and
 * adjustments of these tables, and allocations whose payment or invoice stands for one of their rows)
 * and the last run.
 */
export async function workspaceSummary(
  scope: ReconScope,
  query: { left_table_id: string; right_table_id: string },
): Promise<WorkspaceSummary> {
  const left = await loadTable(scope.db, scope.organizationId, query.left_table_id);
  const right = await loadTable(scope.db, scope.organizationId, query.right_table_id);
  const { data: settings } = await getReconSettings(scope.db, scope.organizationId);
  const lastRun = await lastRunOf(scope, left.id, right.id);
  const sameWay = lastRun?.left_table_id === left.id;
  const leftFields = lastRun
    ? sameWay
      ? lastRun.options.left_fields
      : lastRun.options.right_fields
    : inferredFields(left.columns, left.name, 'left');
  const rightFields = lastRun
    ? sameWay
      ? lastRun.options.right_fields
      : lastRun.options.left_fields
    : inferredFields(right.columns, right.name, 'right');
  const leftAmount = left.columns.find((c) => c.id === leftFields.amount) ?? null;
  const rightAmount = right.columns.find((c) => c.id === rightFields.amount) ?? null;
  const leftSide = await sideSummary(scope, left.id, leftAmount);
  const rightSide = await sideSummary(scope, right.id, rightAmount);
  const all = STATUSES.reduce((n, s) => n + leftSide.counts[s] + rightSide.counts[s], 0);
  const matched =
    leftSide.counts.reconciled +
    leftSide.counts.partial +
    rightSide.counts.reconciled +
    rightSide.counts.partial;
  const [pending] = await rowsOf<{ n: string | number }>(
    scope.db,
    sql`select (select count(*) from recon_groups g
                 where g.organization_id = ${scope.organizationId} and g.state = 'pending_approval'
                   and g.left_table_id in (${left.id}, ${right.id}) and g.right_table_id in (${left.id}, ${right.id}))
             + (select count(*) from recon_adjustments a join recon_groups g on g.id = a.group_id
                 where a.organization_id = ${scope.organizationId} and a.state = 'pending_approval'
                   and g.left_table_id in (${left.id}, ${right.id}) and g.right_table_id in (${left.id}, ${right.id}))
             + (select count(*) from recon_allocations l
                 join accounting_documents p on p.id = l.payment_id
                 join accounting_documents i on i.id = l.invoice_id
                 where l.organization_id = ${scope.organizationId} and l.state = 'pending_approval'
                   and ${anyItemOfTables([sql`p.item_id`, sql`i.item_id`], [left.id, right.id])})
             as n`,
  );
  const currency = (column: TableColumn | null) =>
    column ? currencyOf(column, settings.default_currency) : settings.default_currency;
  return {
    left: { ...leftSide, currency: currency(leftAmount) },
    right: { ...rightSide, currency: currency(rightAmount) },
    match_rate: matchRate(matched, all),
    pending_approvals: Number(pending?.n ?? 0),
    last_run: lastRun,
    left_fields: leftFields,
    right_fields: rightFields,
  };
}

export interface ItemsQuery {
  table_id: string;
  status?: ReconStatus | undefined;
  search?: string | undefined;
  amount_column?: string | undefined;
  date_column?: string | undefined;
  sort: 'date' | '-date' | 'amount' | '-amount' | 'seq';
  page_no: number;
  page_size: number;
}

/**
 * A page of one table's rows with their reconciliation status. The status filter, search and sort
 * are SQL (a left join to the active group items), never a filter over a fetched page.
 */
export async function listReconItems(scope: ReconScope, query: ItemsQuery) {
  const table = await loadTable(scope.db, scope.organizationId, query.table_id);
  const { data: settings } = await getReconSettings(scope.db, scope.organizationId);
  const amount = amountColumnOf(table.columns, table.name, query.amount_column);
  const date = dateColumnOf(table.columns, table.name, query.date_column);
  const offset = pageOffset(query);
  if (offset > MAX_OFFSET) {
    throw badRequest('Page too deep', {
      page_no: `Pages start at most ${MAX_OFFSET} rows in: filter instead`,
    });
  }
  const conditions: SQL[] = [sql`true`];
  if (query.status) conditions.push(sql`${statusOf} = ${query.status}`);
  for (const word of (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    conditions.push(sql`ti.search_text like ${`%${escapeLike(word)}%`}`);
  }
  const where = sql.join(conditions, sql` and `);
  const sortKey = (key: 'date' | 'amount'): SQL | null => {
    if (key === 'date') return date ? cell(date) : null;
    return amount ? amountSql(amount) : null;
  };
  const descending = query.sort.startsWith('-');
  const key = query.sort === 'seq' ? null : sortKey(query.sort.replace('-', '') as 'date' | 'amount');
  const direction = descending ? sql`desc` : sql`asc`;
  const order = key ? sql`${key} ${direction} nulls last, ti.seq ${direction}` : sql`ti.seq asc`;
  const rows = await rowsOf<{
    id: string;
    values: Record<string, unknown> | string;
    created_at: string | Date;
    updated_at: string | Date;
    group_id: string | null;
    group_status: ReconStatus | null;
    group_state: ReconItem['group_state'];
  }>(
    scope.db,
    sql`select ti.id, ti."values", ti.created_at, ti.updated_at, g.id as group_id, g.status as group_status,
               g.state as group_state
        ${statusJoin(table.id)} where ${where} order by ${order} limit ${query.page_size} offset ${offset}`,
  );
  const [counted] = await rowsOf<{ n: string | number }>(
    scope.db,
    sql`select count(*) as n ${statusJoin(table.id)} where ${where}`,
  );
  const currency = amount ? currencyOf(amount, settings.default_currency) : null;
  const data: ReconItem[] = rows.map((row) => {
    const values = typeof row.values === 'string' ? JSON.parse(row.values) : row.values;
    const read = amount ? amountOfCell(amount, values[amount.id]) : null;
    const day = date ? values[date.id] : null;
    return {
      item_id: row.id,
      table_id: table.id,
      values: itemView(table.columns, {
        id: row.id,
        values,
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
      }).values,
      status: row.group_status ?? 'unreconciled',
      group_id: row.group_id,
      group_state: row.group_state,
      amount: read?.ok ? read.amount.toString() : null,
      currency,
      date: typeof day === 'string' ? day : null,
    };
  });
  return listPage(data, query, Number(counted?.n ?? 0));
}

import {
  AGEING_BUCKETS,
  type AgeingBucket,
  type DashboardSource,
  type ReconDashboard,
  type ReconDashboardQuery,
  type ReconStatus,
  type StatusCounts,
  type TableColumn,
} from '@counterpart/contracts';
import { matchRate, OPEN_STATUSES } from '@counterpart/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rowsOf } from '../../../db/raw-rows.ts';
import { badRequest } from '../../../errors.ts';
import { loadTable } from '../../tables/tables.service.ts';
import { findTables, visibleRowsOf } from '../../tables/tables-reader.service.ts';
import { amountColumnOf, currencyOf, dateColumnOf } from '../runs/run-records.ts';
import { getReconSettings } from '../shared/settings.service.ts';
import { type Side, SideAmounts } from './dashboard-amounts.ts';

/**
 * The reconciliation dashboard's figures, computed in SQL over the items of the tables that took
 * part in reconciliation (a run that saved groups, or a group) with each item's live status (the
 * group holding it, else unreconciled). An item's day is its date column's value (the column the
 * table's latest run used, else the first date column), else the day it was created; its amount
 * the amount column's (same choice), summed as integer minor units and answered as exact decimals.
 */

export interface DashboardScope {
  db: Db;
  organizationId: string;
}

const STATUSES: ReconStatus[] = ['reconciled', 'partial', 'suggested', 'unreconciled'];
const DAY_MS = 86_400_000;
/** Longest range: ten years (the trend is monthly beyond two). */
const MAX_DAYS = 3_660;

/** How one table's rows are read: its day and amount columns, currency and minor-unit decimals. */
interface TableReading {
  id: string;
  name: string;
  /** Its side in the pair it was last reconciled in (left when it is in none). */
  side: Side;
  date: TableColumn | null;
  amount: TableColumn | null;
  currency: string;
  decimals: number;
}

interface Pair {
  left: string;
  right: string;
  lastRunAt: string | null;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A column id inlined in SQL (generated ids; checked anyway). */
function cellOf(column: TableColumn): SQL {
  if (!/^[A-Za-z0-9_-]+$/.test(column.id)) throw new Error(`Unexpected column id ${column.id}`);
  return sql.raw(`(ti."values"->>'${column.id}')`);
}

/** The row's day: a well-formed date cell, else its creation day. */
function daySql(column: TableColumn | null): SQL {
  if (!column) return sql`(ti.created_at at time zone 'UTC')::date`;
  const cell = cellOf(column);
  return sql`case when ${cell} ~ '^\\d{4}-\\d{2}-\\d{2}$' then (${cell})::date
                  else (ti.created_at at time zone 'UTC')::date end`;
}

/** The row's amount in minor units, signed (null when the cell is empty or unreadable). */
function amountSql(reading: TableReading): SQL {
  const column = reading.amount;
  if (!column) return sql`null::numeric`;
  const cell = cellOf(column);
  if (column.type === 'currency') {
    return sql`case when ${cell} ~ '^-?\\d{1,18}$' then (${cell})::numeric end`;
  }
  const scale = sql.raw(String(10 ** reading.decimals));
  return sql`case when ${cell} ~ '^-?\\d+(\\.\\d+)?$' then round((${cell})::numeric * ${scale}) end`;
}

/** The tables that took part in reconciliation, with their pairs and latest runs' side fields. */
async function reconTables(scope: DashboardScope, tableId: string | undefined) {
  const pairRows = await rowsOf<{ left_id: string; right_id: string; last_run_at: string | Date | null }>(
    scope.db,
    sql`select left_id, right_id, max(at) as last_run_at from (
          select left_table_id as left_id, right_table_id as right_id, coalesce(finished_at, created_at) as at
            from recon_runs
           where organization_id = ${scope.organizationId} and coalesce(options->>'dry_run', 'false') <> 'true'
          union all
          select left_table_id, right_table_id, null
            from recon_groups where organization_id = ${scope.organizationId}
        ) p group by left_id, right_id`,
  );
  // One pair per two tables, whichever way round they ran.
  const pairs = new Map<string, Pair>();
  for (const row of pairRows) {
    const key = [row.left_id, row.right_id].sort().join(':');
    const at = row.last_run_at ? new Date(row.last_run_at).toISOString() : null;
    const known = pairs.get(key);
    if (!known || (at && (!known.lastRunAt || at > known.lastRunAt))) {
      pairs.set(key, { left: row.left_id, right: row.right_id, lastRunAt: at ?? known?.lastRunAt ?? null });
    }
  }
  const all = [...pairs.values()];
  // A table's side: the one it holds in the pair it was last reconciled in.
  const sideOf = new Map<string, Side>();
  const latestFirst = [...all].sort((a, b) => (b.lastRunAt ?? '').localeCompare(a.lastRunAt ?? ''));
  for (const pair of latestFirst) {
    if (!sideOf.has(pair.left)) sideOf.set(pair.left, 'left');
    if (!sideOf.has(pair.right)) sideOf.set(pair.right, 'right');
  }
  const wanted = tableId ? all.filter((p) => p.left === tableId || p.right === tableId) : all;
  // Every table that was reconciled (the table filter lists them all), and the one asked for.
  const ids = new Set(all.flatMap((p) => [p.left, p.right]));
  if (tableId) {
    await loadTable(scope.db, scope.organizationId, tableId);
    ids.add(tableId);
  }
  if (ids.size === 0) return { readings: new Map<string, TableReading>(), pairs: wanted };

  const tables = await findTables(scope.db, scope.organizationId, [...ids]);
  // Each table's fields as its latest (saved) run read them.
  const fieldRows = await rowsOf<{ table_id: string; amount: string | null; date: string | null }>(
    scope.db,
    sql`select distinct on (table_id) table_id, fields->>'amount' as amount, fields->>'date' as date from (
          select left_table_id as table_id, options->'left_fields' as fields, created_at from recon_runs
           where organization_id = ${scope.organizationId} and coalesce(options->>'dry_run', 'false') <> 'true'
          union all
          select right_table_id, options->'right_fields', created_at from recon_runs
           where organization_id = ${scope.organizationId} and coalesce(options->>'dry_run', 'false') <> 'true'
        ) f order by table_id, created_at desc`,
  );
  const fields = new Map(fieldRows.map((row) => [row.table_id, row]));
  const { data: settings } = await getReconSettings(scope.db, scope.organizationId);
  const readings = new Map<string, TableReading>();
  for (const table of tables) {
    const columns = table.columns as TableColumn[];
    const used = fields.get(table.id);
    const pick = <T>(read: () => T | null): T | null => {
      try {
        return read();
      } catch {
        return null;
      }
    };
    const amount =
      pick(() => amountColumnOf(columns, table.name, used?.amount ?? undefined)) ??
      pick(() => amountColumnOf(columns, table.name));
    const date =
      pick(() => dateColumnOf(columns, table.name, used?.date ?? undefined)) ??
      pick(() => dateColumnOf(columns, table.name));
    readings.set(table.id, {
      id: table.id,
      name: table.name,
      side: sideOf.get(table.id) ?? 'left',
      amount,
      date,
      currency: amount ? currencyOf(amount, settings.default_currency) : settings.default_currency,
      decimals: amount?.decimals ?? 2,
    });
  }
  return { readings, pairs: wanted.filter((p) => readings.has(p.left) && readings.has(p.right)) };
}

/** The dashboard's figures for the organization (or one table) over items dated from..to. */
export async function reconDashboard(
  scope: DashboardScope,
  query: ReconDashboardQuery,
): Promise<ReconDashboard> {
  const to = query.to ?? today();
  const from = query.from ?? addDays(to, -89);
  if (from > to) throw badRequest('Invalid range', { from: 'Must not be after to' });
  const span = daysBetween(from, to) + 1;
  if (span > MAX_DAYS) throw badRequest('Range too long', { from: `At most ${MAX_DAYS} days` });
  const granularity = span <= 62 ? 'day' : span <= 730 ? 'week' : 'month';

  const { readings, pairs } = await reconTables(scope, query.table_id);
  const known = [...readings.values()].sort((a, b) => a.name.localeCompare(b.name));
  const tables = query.table_id ? known.filter((t) => t.id === query.table_id) : known;
  const empty = (): ReconDashboard['statuses'] => ({
    reconciled: new SideAmounts().figure(),
    partial: new SideAmounts().figure(),
    suggested: new SideAmounts().figure(),
    unreconciled: new SideAmounts().figure(),
  });
  const trendPeriods = periodsOf(from, to, granularity);
  if (tables.length === 0) {
    return {
      from,
      to,
      table_id: query.table_id ?? null,
      granularity,
      items: 0,
      matched: 0,
      match_rate: 0,
      statuses: empty(),
      trend: trendPeriods.map((period) => ({ period, items: 0, matched: 0, match_rate: 0 })),
      ageing: AGEING_BUCKETS.map((bucket) => ({ bucket, ...new SideAmounts().figure() })),
      by_source: [],
      by_pair: [],
      tables: known.map((t) => ({ id: t.id, name: t.name })),
      sides: sidesOf(tables),
    };
  }

  // Every table's rows as (id, table, day, amount, currency, decimals), then their live status.
  const scoped = scopedItems(tables, from, to);
  // Money is summed per side, currency and sign (direction), then folded by SideAmounts.
  type MoneyRow = {
    side: Side;
    currency: string;
    decimals: number;
    n: string | number;
    total: string | null;
  };
  const money = sql`side, currency, decimals, coalesce(amount < 0, false) as negative`;
  const byMoney = sql`side, currency, decimals, coalesce(amount < 0, false)`;
  const total = sql`coalesce(sum(amount), 0)::numeric(40,0)::text as total`;
  const addRow = (amounts: SideAmounts | undefined, row: MoneyRow) =>
    amounts?.add(row.side, row.currency, Number(row.decimals), row.total, Number(row.n));

  const statusRows = await rowsOf<MoneyRow & { status: ReconStatus }>(
    scope.db,
    sql`${scoped} select status, ${money}, count(*) as n, ${total}
          from scoped group by status, ${byMoney}`,
  );
  const statusAmounts = new Map(STATUSES.map((s) => [s, new SideAmounts()]));
  for (const row of statusRows) addRow(statusAmounts.get(row.status), row);
  const statuses = empty();
  for (const status of STATUSES) statuses[status] = statusAmounts.get(status)?.figure() ?? statuses[status];
  const items = STATUSES.reduce((n, s) => n + statuses[s].count, 0);
  // The sides name the tables with items in the range (what their amounts add up).
  const datedRows = await rowsOf<{ table_id: string }>(
    scope.db,
    sql`${scoped} select distinct table_id from scoped`,
  );
  const dated = new Set(datedRows.map((row) => row.table_id));
  const matched = statuses.reconciled.count + statuses.partial.count;

  const unit = sql.raw(`'${granularity}'`);
  const trendRows = await rowsOf<{ period: string | Date; n: string | number; matched: string | number }>(
    scope.db,
    sql`${scoped} select to_char(date_trunc(${unit}, day::timestamp), 'YYYY-MM-DD') as period, count(*) as n,
               count(*) filter (where status in ('reconciled', 'partial')) as matched
          from scoped group by 1`,
  );
  const trendBy = new Map(trendRows.map((row) => [String(row.period).slice(0, 10), row]));
  const trend = trendPeriods.map((period) => {
    const row = trendBy.get(period);
    const n = Number(row?.n ?? 0);
    const m = Number(row?.matched ?? 0);
    return { period, items: n, matched: m, match_rate: matchRate(m, n) };
  });

  const ageingRows = await rowsOf<MoneyRow & { bucket: AgeingBucket }>(
    scope.db,
    sql`${scoped} select case when ${to}::date - day <= 30 then '0-30' when ${to}::date - day <= 60 then '31-60'
                              when ${to}::date - day <= 90 then '61-90' else '90+' end as bucket,
                         ${money}, count(*) as n, ${total}
          from scoped where status in (${sql.join(
            OPEN_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )}) group by 1, ${byMoney}`,
  );
  const ageingAmounts = new Map(AGEING_BUCKETS.map((b) => [b, new SideAmounts()]));
  for (const row of ageingRows) addRow(ageingAmounts.get(row.bucket), row);
  const ageing = AGEING_BUCKETS.map((bucket) => ({
    bucket,
    ...(ageingAmounts.get(bucket) ?? new SideAmounts()).figure(),
  }));

  const sourceRows = await rowsOf<
    MoneyRow & { source: DashboardSource; status: 'reconciled' | 'partial' | 'suggested' }
  >(
    scope.db,
    sql`${scoped} select source, status, ${money}, count(*) as n, ${total}
          from scoped where source is not null group by source, status, ${byMoney}`,
  );
  const sources = new Map<
    DashboardSource,
    {
      amounts: SideAmounts;
      groups: number;
      statuses: { reconciled: number; partial: number; suggested: number };
    }
  >();
  for (const row of sourceRows) {
    const entry = sources.get(row.source) ?? {
      amounts: new SideAmounts(),
      groups: 0,
      statuses: { reconciled: 0, partial: 0, suggested: 0 },
    };
    addRow(entry.amounts, row);
    entry.statuses[row.status] += Number(row.n);
    sources.set(row.source, entry);
  }
  // Distinct groups per source, counted apart (a group's rows may be in several currencies).
  const groupRows = await rowsOf<{ source: DashboardSource; groups: string | number }>(
    scope.db,
    sql`${scoped} select source, count(distinct group_id) as groups from scoped where source is not null group by source`,
  );
  for (const row of groupRows) {
    const entry = sources.get(row.source);
    if (entry) entry.groups = Number(row.groups);
  }
  const order: DashboardSource[] = ['run', 'manual', 'allocation'];
  const by_source = order.flatMap((source) => {
    const entry = sources.get(source);
    return entry
      ? [{ source, groups: entry.groups, statuses: entry.statuses, ...entry.amounts.figure() }]
      : [];
  });

  // Pairs count both of their tables' items, whichever table the dashboard is filtered on.
  const pairTables = known.filter((t) => pairs.some((p) => p.left === t.id || p.right === t.id));
  const tableRows = await rowsOf<{ table_id: string; status: ReconStatus; n: string | number }>(
    scope.db,
    sql`${scopedItems(pairTables.length > 0 ? pairTables : tables, from, to)} select table_id, status, count(*) as n from scoped group by table_id, status`,
  );
  const perTable = new Map<string, StatusCounts>();
  for (const row of tableRows) {
    const counts = perTable.get(row.table_id) ?? { reconciled: 0, partial: 0, suggested: 0, unreconciled: 0 };
    counts[row.status] += Number(row.n);
    perTable.set(row.table_id, counts);
  }
  const by_pair = pairs
    .map((pair) => {
      const counts: StatusCounts = { reconciled: 0, partial: 0, suggested: 0, unreconciled: 0 };
      for (const id of [pair.left, pair.right]) {
        const own = perTable.get(id);
        if (own) for (const s of STATUSES) counts[s] += own[s];
      }
      const n = STATUSES.reduce((sum, s) => sum + counts[s], 0);
      const m = counts.reconciled + counts.partial;
      return {
        left_table_id: pair.left,
        left_table_name: readings.get(pair.left)?.name ?? '',
        right_table_id: pair.right,
        right_table_name: readings.get(pair.right)?.name ?? '',
        items: n,
        matched: m,
        match_rate: matchRate(m, n),
        counts,
        last_run_at: pair.lastRunAt,
      };
    })
    .sort((a, b) => b.items - a.items || a.left_table_name.localeCompare(b.left_table_name));

  return {
    from,
    to,
    table_id: query.table_id ?? null,
    granularity,
    items,
    matched,
    match_rate: matchRate(matched, items),
    statuses,
    trend,
    ageing,
    by_source,
    by_pair,
    tables: known.map((t) => ({ id: t.id, name: t.name })),
    sides: sidesOf(tables.filter((t) => dated.has(t.id))),
  };
}

/** The given tables on each side, by name. */
function sidesOf(tables: TableReading[]): ReconDashboard['sides'] {
  const named = (side: Side) =>
    tables.filter((t) => t.side === side).map((t) => ({ id: t.id, name: t.name }));
  return { left: named('left'), right: named('right') };
}

/** `with … scoped`: the tables' rows dated from..to as (id, table, day, amount, currency, decimals, status, group, source). */
function scopedItems(tables: TableReading[], from: string, to: string): SQL {
  const parts = tables.map(
    (
      t,
    ) => sql`select ti.id, ti.table_id, ${t.side}::text as side, ${daySql(t.date)} as day, ${amountSql(t)} as amount,
                      ${t.currency}::text as currency, ${t.decimals}::int as decimals
                 from ${visibleRowsOf(t.id)} ti`,
  );
  return sql`with items as (${sql.join(parts, sql` union all `)}),
    scoped as (
      select i.*, coalesce(g.status, 'unreconciled') as status, g.id as group_id,
             case when g.id is null then null when g.rule_id = 'allocation' then 'allocation'
                  when g.source = 'auto' then 'run' else 'manual' end as source
        from items i
        left join recon_group_items gi on gi.item_id = i.id and gi.active
        left join recon_groups g on g.id = gi.group_id
       where i.day between ${from}::date and ${to}::date
    )`;
}

/** The first day of each period from..to (days; Mondays; 1sts of months), as date_trunc gives them. */
export function periodsOf(from: string, to: string, granularity: 'day' | 'week' | 'month'): string[] {
  const start = new Date(`${from}T00:00:00Z`);
  if (granularity === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  if (granularity === 'month') start.setUTCDate(1);
  const periods: string[] = [];
  for (const d = start; d.toISOString().slice(0, 10) <= to; ) {
    periods.push(d.toISOString().slice(0, 10));
    if (granularity === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (granularity === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return periods;
}

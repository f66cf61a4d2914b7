import {
  addToDirection,
  type DirectionTotals,
  fromMinorUnits,
  matchRatePercent,
  noDirectionTotals,
  toMinorUnits,
} from '@counterpart/domain';
import { type EngineRecord, type MatchGroup, type Pass, parseDay } from '@counterpart/recon-engine';
import { itemIdOf, type RowSet } from '@counterpart/workflow-engine';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { dataTables, tableItems } from '../../../db/schema.ts';
import { defaultPasses, findDefaultRule, loadRuleRow } from '../../recon/rules/rules.service.ts';
import { matchIncrementally } from '../../recon/runs/incremental-match.service.ts';
import { getReconSettings } from '../../recon/shared/settings.service.ts';
import { RECON_HEADERS } from '../../tables/items-export.service.ts';

/**
 * The Reconcile and Dashboard blocks of an execution. Reconcile reads each side's rows as the
 * engine's records (columns found by their names), runs the chosen rule set and gives one row set
 * per status: each matched record with its group, status, score and the reasons, plus the records
 * left open. Rows read from a table (a Table block's, carrying their item id) start from the items'
 * state in the workspace, as an incremental run does: the groups already made count and never match
 * again, refused pairs are never proposed. Dashboard sums those row sets up.
 */

type Role = 'amount' | 'date' | 'reference' | 'counterparty' | 'text';

/** Column names that say what a column holds, first match wins (lower-cased, trimmed). */
const ROLE_NAMES: Record<Role, RegExp> = {
  amount: /^(amount|amt|value|total|paid in|sum)$|^amount\b|\([a-z]{3}\)$/,
  date: /(^|\b)(date|completion time|posted|booked|value date)(\b|$)/,
  reference: /(^|\b)(ref|reference|invoice|invoice no|inv|receipt|receipt no|document|doc no)(\b|$)/,
  counterparty: /(^|\b)(counterparty|customer|payee|payer|supplier|vendor|name|party)(\b|$)/,
  text: /(^|\b)(details|narrative|description|memo|particulars)(\b|$)/,
};

export type SideColumns = Partial<Record<Role, string>>;

/** Which column of `columns` holds each field; amount and date are required. */
export function sideColumns(columns: string[], side: string): SideColumns {
  const found: SideColumns = {};
  for (const role of Object.keys(ROLE_NAMES) as Role[]) {
    const column = columns.find(
      (c) => ROLE_NAMES[role].test(c.trim().toLowerCase()) && !Object.values(found).includes(c),
    );
    if (column) found[role] = column;
  }
  for (const role of ['amount', 'date'] as const) {
    if (!found[role]) {
      throw new Error(
        `The ${side} rows have no ${role} column (columns: ${columns.join(', ')}); name one "${role === 'amount' ? 'Amount' : 'Date'}"`,
      );
    }
  }
  return found;
}

/**
 * The rows as engine records (id = row number from 1, or what `idOf` gives); a bad amount or date
 * names its row. `columns` are the ones read (all the rows' by default).
 */
export function recordsOf(
  rows: RowSet,
  side: string,
  currency: string,
  idOf: (index: number) => string = (index) => String(index + 1),
  columns: string[] = rows.columns,
): EngineRecord[] {
  const roles = sideColumns(columns, side);
  // As the workspace's runs do without a mapping: every column but the amount and dates is searched
  // for references, the reference column first.
  const searched = [
    ...(roles.reference ? [roles.reference] : []),
    ...columns.filter(
      (c) =>
        c !== roles.reference && c !== roles.amount && c !== roles.date && !/date|currency|balance/i.test(c),
    ),
  ];
  return rows.rows.map((row, index) => {
    const cell = (role: Role) => (roles[role] ? (row[roles[role]] ?? '').trim() : '');
    const reference = searched
      .map((c) => (row[c] ?? '').trim())
      .filter((text) => text !== '')
      .join(' ');
    const amount = toMinorUnits(cell('amount'));
    if (amount === null) throw new Error(`${side} row ${index + 1}: "${cell('amount')}" is not an amount`);
    const date = parseDay(cell('date'));
    if (date === null) throw new Error(`${side} row ${index + 1}: "${cell('date')}" is not a date`);
    const record: EngineRecord = {
      id: idOf(index),
      amount,
      currency,
      date,
      reference,
    };
    if (cell('counterparty')) record.counterparty = cell('counterparty');
    if (cell('text')) record.text = cell('text');
    return record;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOOKUP_BATCH = 5_000;

/** The tables of these items, for the ones that are items of this organization's tables. */
async function tablesOfItems(db: Db, organizationId: string, ids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
  const found = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += LOOKUP_BATCH) {
    const rows = await db
      .select({ id: tableItems.id, tableId: tableItems.tableId })
      .from(tableItems)
      .innerJoin(dataTables, eq(dataTables.id, tableItems.tableId))
      .where(
        and(
          eq(dataTables.organizationId, organizationId),
          inArray(tableItems.id, wanted.slice(i, i + LOOKUP_BATCH)),
        ),
      );
    for (const row of rows) found.set(row.id, row.tableId);
  }
  return found;
}

/** One side as the engine reads it: its records, the row each came from, the tables its items are in. */
interface SideInput {
  rows: RowSet;
  columns: string[];
  records: EngineRecord[];
  rowOf: Map<string, number>;
  tables: Set<string>;
}

/**
 * A side's rows as records. A row carrying the id of one of the organization's table items (the
 * Table block's hidden field) is that item (its id is the item's, and the table's recon columns are
 * not searched for references); any other row is its row number, as before.
 */
function sideInput(rows: RowSet, side: string, currency: string, items: Map<string, string>): SideInput {
  const ids: string[] = [];
  const tables = new Set<string>();
  const used = new Set<string>();
  rows.rows.forEach((row, index) => {
    const item = itemIdOf(row);
    const table = item ? items.get(item) : undefined;
    // The same item twice on one side (two edges reading one table) counts once as the item.
    if (item && table && !used.has(item)) {
      used.add(item);
      tables.add(table);
      ids.push(item);
    } else {
      ids.push(String(index + 1));
    }
  });
  const columns = tables.size > 0 ? rows.columns.filter((c) => !RECON_HEADERS.includes(c)) : rows.columns;
  const records = recordsOf(rows, side, currency, (index) => ids[index] as string, columns);
  return { rows, columns, records, rowOf: new Map(ids.map((id, index) => [id, index])), tables };
}

async function passesFor(db: Db, organizationId: string, ruleSet: unknown): Promise<Pass[]> {
  if (typeof ruleSet === 'string' && ruleSet !== '' && ruleSet !== 'default') {
    return (await loadRuleRow(db, organizationId, ruleSet)).passes;
  }
  const named = await findDefaultRule(db, organizationId);
  if (named) return named.passes;
  return defaultPasses((await getReconSettings(db, organizationId)).data);
}

const RESULT_COLUMNS = [
  'group',
  'status',
  'score',
  'side',
  'row',
  'amount',
  'date',
  'reference',
  'difference',
  'explanation',
];

/** What every reconcile output carries for the dashboard: the whole run's sizes. */
/** Per side, money in and money out as exact decimal strings (never netted, sides never added). */
export interface ReconSideAmounts {
  left: { in: string; out: string };
  right: { in: string; out: string };
}

export interface ReconTotals {
  records: number;
  amount: string;
  /** The records left open and their amounts per side and direction (their rows keep the input's own columns). */
  open?: { records: number; sides: ReconSideAmounts };
}
export type ReconRows = RowSet & { totals?: ReconTotals };

function dayText(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** The groups already made that hold records of this input, with only those records (the rest are not here). */
function existingHere(existing: MatchGroup[], left: SideInput, right: SideInput): MatchGroup[] {
  const here: MatchGroup[] = [];
  for (const group of existing) {
    const leftIds = group.left.filter((id) => left.rowOf.has(id));
    const rightIds = group.right.filter((id) => right.rowOf.has(id));
    if (leftIds.length + rightIds.length === 0) continue;
    const sum = (side: SideInput, ids: string[]) =>
      ids.reduce((total, id) => total + (side.records[side.rowOf.get(id) as number]?.amount ?? 0n), 0n);
    here.push({
      ...group,
      left: leftIds,
      right: rightIds,
      difference: sum(left, leftIds) - sum(right, rightIds),
    });
  }
  return here;
}

export async function reconcileRows(
  db: Db,
  organizationId: string,
  left: RowSet,
  right: RowSet,
  params: Record<string, unknown>,
): Promise<Record<string, ReconRows>> {
  const settings = (await getReconSettings(db, organizationId)).data;
  const currency = settings.default_currency;
  const decimals = currency === 'JPY' ? 0 : 2;
  const carried = [...left.rows, ...right.rows].flatMap((row) => itemIdOf(row) ?? []);
  const items = carried.length > 0 ? await tablesOfItems(db, organizationId, carried) : new Map();
  const leftSide = sideInput(left, 'left', currency, items);
  const rightSide = sideInput(right, 'right', currency, items);
  const leftRecords = leftSide.records;
  const rightRecords = rightSide.records;
  const passes = await passesFor(db, organizationId, params.rule_set);
  // The items' state in the workspace, handed to the engine as an incremental run hands it (rows not
  // from a table have none).
  const { result, existing } = await matchIncrementally(
    db,
    { id: 'workflow', passes },
    leftRecords,
    rightRecords,
    { left: [...leftSide.tables], right: [...rightSide.tables] },
  );
  const recordOf = (side: 'left' | 'right', id: string): EngineRecord => {
    const at = side === 'left' ? leftSide : rightSide;
    return at.records[at.rowOf.get(id) as number] as EngineRecord;
  };
  const totalAmount = [...leftRecords, ...rightRecords].reduce(
    (sum, r) => sum + (r.amount < 0n ? -r.amount : r.amount),
    0n,
  );
  const openSides = noSideTotals();
  for (const id of result.left_open) addToDirection(openSides.left, recordOf('left', id).amount);
  for (const id of result.right_open) addToDirection(openSides.right, recordOf('right', id).amount);
  const totals: ReconTotals = {
    records: leftRecords.length + rightRecords.length,
    amount: fromMinorUnits(totalAmount, decimals),
    open: {
      records: result.left_open.length + result.right_open.length,
      sides: sideDecimals(openSides, decimals),
    },
  };
  const out: Record<string, ReconRows> = {
    matched: { columns: RESULT_COLUMNS, rows: [], totals },
    partial: { columns: RESULT_COLUMNS, rows: [], totals },
    suggested: { columns: RESULT_COLUMNS, rows: [], totals },
  };
  const bucket: Record<MatchGroup['status'], string> = {
    reconciled: 'matched',
    partial: 'partial',
    suggested: 'suggested',
  };
  const leftRoles = sideColumns(leftSide.columns, 'left');
  const rightRoles = sideColumns(rightSide.columns, 'right');
  /** The record's own reference column in the results (the engine's reference joins more). */
  const referenceOf = (side: 'left' | 'right', id: string): string | null => {
    const at = side === 'left' ? leftSide : rightSide;
    const column = (side === 'left' ? leftRoles : rightRoles).reference;
    const row = at.rows.rows[at.rowOf.get(id) as number];
    return column && row ? (row[column] ?? null) : null;
  };
  const addGroup = (group: MatchGroup, number: number, existing: boolean) => {
    const target = out[bucket[group.status]] as ReconRows;
    const explanation = existing
      ? `Already ${group.status === 'suggested' ? 'suggested' : 'matched'} in the workspace: kept as it is`
      : group.features.map((f) => f.detail).join('; ');
    const add = (side: 'left' | 'right', id: string) => {
      const record = recordOf(side, id);
      target.rows.push({
        group: String(number),
        status: group.status,
        score: existing ? null : String(group.score),
        side,
        row: String(((side === 'left' ? leftSide : rightSide).rowOf.get(id) ?? 0) + 1),
        amount: fromMinorUnits(record.amount, decimals),
        date: dayText(record.date),
        reference: referenceOf(side, id),
        difference: fromMinorUnits(group.difference, decimals),
        explanation: explanation || null,
      });
    };
    for (const id of group.left) add('left', id);
    for (const id of group.right) add('right', id);
  };
  // The run's groups first (numbered from 1 as before), then the ones already made that hold these rows.
  const groups = [
    ...result.groups.map((group) => ({ group, existing: false })),
    ...existingHere(existing, leftSide, rightSide).map((group) => ({ group, existing: true })),
  ];
  for (const [index, { group, existing }] of groups.entries()) addGroup(group, index + 1, existing);
  const columns = ['side', ...new Set([...left.columns, ...right.columns])];
  const unmatched: ReconRows = { columns, rows: [], totals };
  const openRow = (side: 'left' | 'right', id: string) => {
    const at = side === 'left' ? leftSide : rightSide;
    return { side, ...at.rows.rows[at.rowOf.get(id) as number] };
  };
  for (const id of result.left_open) unmatched.rows.push(openRow('left', id));
  for (const id of result.right_open) unmatched.rows.push(openRow('right', id));
  out.unmatched = unmatched;
  return out;
}

type SideTotals = Record<'left' | 'right', DirectionTotals>;
const noSideTotals = (): SideTotals => ({ left: noDirectionTotals(), right: noDirectionTotals() });
const sideOfRow = (side: unknown): 'left' | 'right' => (side === 'right' ? 'right' : 'left');
/** Side totals as exact decimal strings per direction. */
const sideDecimals = (totals: SideTotals, decimals: number) => ({
  left: { in: fromMinorUnits(totals.left.in, decimals), out: fromMinorUnits(totals.left.out, decimals) },
  right: { in: fromMinorUnits(totals.right.in, decimals), out: fromMinorUnits(totals.right.out, decimals) },
});
const readDecimals = (sides: ReconSideAmounts): SideTotals => ({
  left: { in: toMinorUnits(sides.left.in) ?? 0n, out: toMinorUnits(sides.left.out) ?? 0n },
  right: { in: toMinorUnits(sides.right.in) ?? 0n, out: toMinorUnits(sides.right.out) ?? 0n },
});

/**
 * The Dashboard block's value: counts and amounts per status, the match rate, the open items.
 * Amounts are per side and direction as the domain defines them (recon-amounts.ts): the two sides
 * are never added together, money in and money out never netted.
 */
export function dashboardOf(title: string, results: ReconRows[]) {
  const perStatus: Record<string, { groups: number; records: number; sides: SideTotals }> = {};
  let totals: ReconTotals | undefined;
  for (const rows of results) {
    totals ??= rows.totals;
    for (const row of rows.rows) {
      const status = row.status ?? 'unreconciled';
      const entry = perStatus[status] ?? { groups: 0, records: 0, sides: noSideTotals() };
      perStatus[status] = entry;
      entry.records += 1;
      // Open rows keep their input's own columns: their amount comes from the run's totals below.
      if (row.status === undefined) continue;
      addToDirection(entry.sides[sideOfRow(row.side)], toMinorUnits(row.amount ?? '0') ?? 0n);
    }
    const groups = new Set(rows.rows.map((row) => `${row.status}:${row.group}`));
    for (const key of groups) {
      const status = key.split(':')[0] ?? 'unreconciled';
      if (perStatus[status]) (perStatus[status] as { groups: number }).groups += 1;
    }
  }
  // Open records are counted by the run, whether or not its Unmatched output feeds this dashboard.
  if (totals?.open && totals.open.records > 0) {
    perStatus.unreconciled = {
      groups: 0,
      records: totals.open.records,
      sides: readDecimals(totals.open.sides),
    };
  }
  const matched = (perStatus.reconciled?.records ?? 0) + (perStatus.partial?.records ?? 0);
  const records = totals?.records ?? null;
  return {
    title,
    records,
    match_rate: records ? matchRatePercent(matched, records) : null,
    statuses: Object.fromEntries(
      Object.entries(perStatus).map(([status, entry]) => [
        status,
        { groups: entry.groups, records: entry.records, sides: sideDecimals(entry.sides, 2) },
      ]),
    ),
    unreconciled: records === null ? null : records - matched - (perStatus.suggested?.records ?? 0),
  };
}

import type { ReconStatus, RunSummary, SideFields, StatusCounts } from '@counterpart/contracts';
import {
  type EngineRecord,
  type MatchGroup,
  type Pass,
  type RuleSet,
  type RunResult,
  run as runEngine,
} from '@counterpart/recon-engine';
import type { reconRuns } from '../../../db/schema.ts';
import type { findTables } from '../../tables/tables-reader.service.ts';
import { abs } from '../shared/money-common.ts';
import { type getReconSettings, needsApproval } from '../shared/settings.service.ts';
import type { PastDecisions } from './run-decisions.ts';
import { timeOrderedIds } from './run-ids.ts';
import type { AutoGroup, GroupInsert } from './run-writes.ts';

/*
 * What a run makes of its rows: the engine's input (the groups already made as existing groups when incremental),
 * the engine's groups as rows to insert with each group's balance checked, the summary and a dry run's preview.
 */

/** Skipped rows kept with their reason in the summary (all are counted). */
export const KEPT_SKIPPED = 50;
/** Proposed groups a dry run keeps. */
export const PREVIEW_GROUPS = 200;

export interface SideRows {
  records: EngineRecord[];
  total: number;
  skipped: Array<{ item_id: string; reason: string }>;
  skippedCount: number;
  allIds: string[];
}

export function countStatuses(ids: string[], status: Map<string, ReconStatus>): StatusCounts {
  const counts: StatusCounts = { reconciled: 0, partial: 0, suggested: 0, unreconciled: 0 };
  if (status.size === 0) counts.unreconciled = ids.length;
  else for (const id of ids) counts[status.get(id) ?? 'unreconciled'] += 1;
  return counts;
}

export type RunRow = typeof reconRuns.$inferSelect;
export type TableRow = Awaited<ReturnType<typeof findTables>>[number];
export type Settings = Awaited<ReturnType<typeof getReconSettings>>['data'];

/** What a run stores in `options`, as the job reads it. */
export type RunOptions = {
  left_fields: SideFields;
  right_fields: SideFields;
  incremental: boolean;
  dry_run: boolean;
};

/**
 * The groups a run makes, ready to insert, with their counts. No object per item: the items' rows
 * are written from `made` (each group's ids) and `records` (each id's amount) as they are copied.
 */
export interface RunGroups {
  groups: GroupInsert[];
  made: AutoGroup[];
  counts: { reconciled: number; partial: number; suggested: number };
  pending: number;
  /** Each side's rows per status after the run (held items keep theirs). */
  sides: { left: StatusCounts; right: StatusCounts };
  /** Every record of both sides by id (the amounts of the groups' items). */
  records: Map<string, EngineRecord>;
}

/**
 * The engine's input: an incremental run hands every record over, with the groups already made as
 * existing groups (they count but never match again, and the confirmed ones teach the engine who pays
 * for whom); a full run leaves the held records out. Refused pairs are never proposed again. The
 * workflows' Reconcile block starts from the same decisions (always incremental).
 */
export function decisionsInput(
  incremental: boolean,
  left: readonly EngineRecord[],
  right: readonly EngineRecord[],
  decisions: PastDecisions,
) {
  const { held } = decisions;
  const leftInput = incremental ? left : left.filter((r) => !held.has(r.id));
  const rightInput = incremental ? right : right.filter((r) => !held.has(r.id));
  return { existing: decisions.groups, rejected: decisions.rejected, leftInput, rightInput };
}

export function engineInput(options: RunOptions, left: SideRows, right: SideRows, decisions: PastDecisions) {
  return decisionsInput(options.incremental, left.records, right.records, decisions);
}

/** The engine over an input with its past decisions: what a run and the Reconcile block both call; timed. */
export function matchWithDecisions(
  rules: RuleSet,
  input: ReturnType<typeof decisionsInput>,
  incremental: boolean,
): { result: RunResult; engineMs: number } {
  const started = performance.now();
  const result = runEngine(
    input.leftInput,
    input.rightInput,
    rules,
    incremental
      ? { existingGroups: input.existing, rejectedPairs: input.rejected }
      : { rejectedPairs: input.rejected },
  );
  return { result, engineMs: Math.round(performance.now() - started) };
}

/** Runs the engine over both sides with the run's passes; times it. */
export function matchSides(run: RunRow, options: RunOptions, input: ReturnType<typeof engineInput>) {
  const passes = run.passes;
  const { result, engineMs } = matchWithDecisions(
    { id: run.ruleId ?? 'run', passes },
    input,
    options.incremental,
  );
  return { result, passes, engineMs };
}

/**
 * The engine's groups as rows to insert: totals per side, each group's balance checked against the
 * engine's difference (a group that does not balance stops the run), maker-checker's pending state.
 */
export function buildGroups(
  organizationId: string,
  run: RunRow,
  tables: { leftTable: TableRow; rightTable: TableRow },
  sides: { left: SideRows; right: SideRows },
  matched: ReturnType<typeof matchSides>,
  held: Map<string, ReconStatus>,
  settings: Settings,
): RunGroups {
  const { leftTable, rightTable } = tables;
  // The records themselves by id (no object per record: at 1M a side the run's heap is large, and
  // every object more is garbage collection time).
  const records = new Map<string, EngineRecord>();
  for (const r of sides.left.records) records.set(r.id, r);
  for (const r of sides.right.records) records.set(r.id, r);
  const passNames = passNamesOf(matched.passes);
  const out: RunGroups = {
    groups: [],
    made: [],
    counts: { reconciled: 0, partial: 0, suggested: 0 },
    pending: 0,
    sides: { left: countStatuses(sides.left.allIds, held), right: countStatuses(sides.right.allIds, held) },
    records,
  };
  // An item the run groups leaves the status it held (unreconciled: held items are not matched again).
  const regroup = (counts: StatusCounts, itemId: string, status: ReconStatus) => {
    counts[held.size === 0 ? 'unreconciled' : (held.get(itemId) ?? 'unreconciled')] -= 1;
    counts[status] += 1;
  };
  // Increasing ids: the groups' and items' keys grow at their end (run-ids.ts).
  const nextId = timeOrderedIds();
  for (const group of matched.result.groups) {
    const id = nextId();
    let leftTotal = 0n;
    let rightTotal = 0n;
    for (const itemId of group.left) {
      leftTotal += records.get(itemId)?.amount ?? 0n;
      regroup(out.sides.left, itemId, group.status);
    }
    for (const itemId of group.right) {
      rightTotal += records.get(itemId)?.amount ?? 0n;
      regroup(out.sides.right, itemId, group.status);
    }
    if (leftTotal - rightTotal !== group.difference) {
      throw new Error(`The engine's difference for group ${id} does not balance: refusing to save`);
    }
    out.counts[group.status] += 1;
    const first = group.left[0] ?? group.right[0] ?? '';
    // Maker-checker: an automatic match at or above the approval amount waits for a person.
    const size = abs(leftTotal) > abs(rightTotal) ? leftTotal : rightTotal;
    const waits = group.status !== 'suggested' && needsApproval(settings, size);
    if (waits) out.pending += 1;
    const row: GroupInsert = {
      id,
      organizationId,
      runId: run.id,
      leftTableId: leftTable.id,
      rightTableId: rightTable.id,
      source: 'auto',
      ruleId: group.rule_id,
      ruleName: passNames.get(group.rule_id) ?? group.rule_id,
      status: group.status,
      state: waits ? 'pending_approval' : 'active',
      score: String(group.score),
      features: group.features as unknown as Record<string, unknown>[],
      why: group.why ? { ...group.why } : null,
      currency: records.get(first)?.currency ?? settings.default_currency,
      leftTotal,
      rightTotal,
      difference: group.difference,
    };
    out.groups.push(row);
    out.made.push({ group: row, left: group.left, right: group.right });
  }
  return out;
}

function passNamesOf(passes: Pass[]): Map<string, string> {
  return new Map(passes.map((p) => [p.id, p.name ?? p.id]));
}

/** How many of `records` no group holds. */
function notHeld(records: readonly EngineRecord[], held: Map<string, ReconStatus>): number {
  if (held.size === 0) return records.length;
  let count = 0;
  for (const r of records) if (!held.has(r.id)) count += 1;
  return count;
}

/** The run's summary: rows per side, what was considered, groups made, statuses, passes, skipped rows. */
export function summarize(
  sides: { left: SideRows; right: SideRows },
  input: ReturnType<typeof engineInput>,
  matched: ReturnType<typeof matchSides>,
  built: RunGroups,
  held: Map<string, ReconStatus>,
): RunSummary {
  const { left, right } = sides;
  const passNames = passNamesOf(matched.passes);
  return {
    left_items: left.total,
    right_items: right.total,
    left_considered: notHeld(input.leftInput, held),
    right_considered: notHeld(input.rightInput, held),
    groups: built.counts,
    left: built.sides.left,
    right: built.sides.right,
    passes: matched.result.stats.map((s) => ({ ...s, name: passNames.get(s.pass_id) })),
    skipped: [
      ...left.skipped.map((s) => ({ side: 'left' as const, ...s })),
      ...right.skipped.map((s) => ({ side: 'right' as const, ...s })),
    ].slice(0, KEPT_SKIPPED),
    skipped_count: left.skippedCount + right.skippedCount,
    engine_ms: matched.engineMs,
  };
}

/** The first groups a dry run proposes, as the run keeps them in `preview`. */
export function previewOf(groups: MatchGroup[], rows: GroupInsert[]) {
  return groups.slice(0, PREVIEW_GROUPS).map((g, i) => ({
    left_item_ids: g.left,
    right_item_ids: g.right,
    rule_id: g.rule_id,
    rule_name: rows[i]?.ruleName ?? g.rule_id,
    status: g.status,
    score: g.score,
    features: g.features,
    left_total: String(rows[i]?.leftTotal ?? 0n),
    right_total: String(rows[i]?.rightTotal ?? 0n),
    difference: g.difference.toString(),
  }));
}

/**
 * What the CLI writes: one CSV row per group a reviewer can read alone (both sides' ids, references
 * and amounts in currency units, status, rule, score and per-feature scores, the difference, and
 * for a suggestion why it was not automatic), then one row per open record; and a human summary.
 */
import { fromMinorUnits, minorDigits } from '@counterpart/domain';
import { quoteCsvField } from '@counterpart/files/csv';
import type { EngineRecord, FeatureScore, MatchGroup, RuleSet, RunResult } from '../types.ts';

/** `1234567n` KES → `12,345.67`; `-5n` JPY → `-5` (the currency's own digits). */
export function formatUnits(minor: bigint, currency: string): string {
  const plain = fromMinorUnits(minor, minorDigits(currency));
  const negative = plain.startsWith('-');
  const [integer = '', fraction] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

export const RESULT_HEADER = [
  'group',
  'status',
  'rule_id',
  'score',
  'currency',
  'left_ids',
  'left_references',
  'left_amount',
  'right_ids',
  'right_references',
  'right_amount',
  'difference',
  'amount_score',
  'date_score',
  'reference_score',
  'counterparty_score',
  'explanation',
  'why_not_automatic',
];

const FEATURES: FeatureScore['name'][] = ['amount', 'date', 'reference', 'counterparty'];

/**
 * Why a suggestion was left for a person: the engine's own `reason` (the rival candidate and its score,
 * or the threshold) when it gives one, else from the pass: below its auto-accept score, or a rival too close.
 */
export function whyNotAutomatic(group: MatchGroup, rules: RuleSet): string {
  if (group.status !== 'suggested') return '';
  if (group.reason) return group.reason;
  const pass = rules.passes.find((candidate) => candidate.id === group.rule_id);
  if (pass?.kind === 'scored' || pass?.kind === 'subset_sum') {
    if (group.score < pass.auto_accept) {
      return `score ${group.score} is below the pass's auto-accept ${pass.auto_accept}`;
    }
    if (pass.kind === 'scored') {
      return `another candidate scores within ${pass.ambiguity_gap} of it (ambiguity gap)`;
    }
  }
  return `the pass ${group.rule_id} only suggests`;
}

/** Both sides' records by id, built once for the result file and the summary. */
export interface SidesById {
  left: Map<string, EngineRecord>;
  right: Map<string, EngineRecord>;
}

export function indexSides(left: readonly EngineRecord[], right: readonly EngineRecord[]): SidesById {
  const index = (records: readonly EngineRecord[]) => {
    const byId = new Map<string, EngineRecord>();
    for (const record of records) byId.set(record.id, record);
    return byId;
  };
  return { left: index(left), right: index(right) };
}

/** Writes the result through `write` (a line at a time, so a million groups never make one string). */
export function writeResult(
  result: RunResult,
  sides: SidesById,
  rules: RuleSet,
  write: (line: string) => void,
): void {
  const line = (cells: string[]) => write(`${cells.map(quoteCsvField).join(',')}\n`);
  line(RESULT_HEADER);
  const describe = (side: 'left' | 'right', ids: readonly string[]) => {
    const records = ids.map((id) => sides[side].get(id)!);
    const total = records.reduce((sum, record) => sum + record.amount, 0n);
    return {
      currency: records[0]?.currency ?? '',
      ids: ids.join(' | '),
      references: records.map((record) => record.reference).join(' | '),
      total,
    };
  };
  result.groups.forEach((group, at) => {
    const l = describe('left', group.left);
    const r = describe('right', group.right);
    const currency = l.currency || r.currency;
    const scores = FEATURES.map((name) => {
      const feature = group.features.find((candidate) => candidate.name === name);
      return feature ? String(feature.score) : '';
    });
    line([
      String(at + 1),
      group.status,
      group.rule_id,
      String(group.score),
      currency,
      l.ids,
      l.references,
      formatUnits(l.total, currency),
      r.ids,
      r.references,
      formatUnits(r.total, currency),
      formatUnits(group.difference, currency),
      ...scores,
      group.features.map((feature) => feature.detail).join('; '),
      whyNotAutomatic(group, rules),
    ]);
  });
  for (const side of ['left', 'right'] as const) {
    for (const id of side === 'left' ? result.left_open : result.right_open) {
      const record = sides[side].get(id)!;
      const cells = [id, record.reference, formatUnits(record.amount, record.currency)];
      const empty = ['', '', ''];
      line([
        '',
        'unreconciled',
        '',
        '',
        record.currency,
        ...(side === 'left' ? cells : empty),
        ...(side === 'right' ? cells : empty),
        ...Array<string>(7).fill(''),
      ]);
    }
  }
}

/** Counts and amounts (each side's total, per currency) per status, for standard error. */
export function summaryLines(result: RunResult, sides: SidesById): string[] {
  type Tally = { groups: number; left: Map<string, bigint>; right: Map<string, bigint>; count: number[] };
  const tallies = new Map<string, Tally>();
  const tally = (status: string) => {
    let found = tallies.get(status);
    if (!found) {
      found = { groups: 0, left: new Map(), right: new Map(), count: [0, 0] };
      tallies.set(status, found);
    }
    return found;
  };
  const add = (t: Tally, side: 'left' | 'right', id: string) => {
    const record = sides[side].get(id)!;
    const totals = t[side];
    totals.set(record.currency, (totals.get(record.currency) ?? 0n) + record.amount);
    t.count[side === 'left' ? 0 : 1]! += 1;
  };
  for (const group of result.groups) {
    const t = tally(group.status);
    t.groups += 1;
    for (const id of group.left) add(t, 'left', id);
    for (const id of group.right) add(t, 'right', id);
  }
  const open = tally('unreconciled');
  for (const id of result.left_open) add(open, 'left', id);
  for (const id of result.right_open) add(open, 'right', id);
  const money = (totals: Map<string, bigint>) =>
    [...totals].map(([currency, minor]) => `${currency} ${formatUnits(minor, currency)}`).join(' + ') || '0';
  const lines: string[] = [];
  for (const status of ['reconciled', 'partial', 'suggested', 'unreconciled']) {
    const t = tallies.get(status);
    if (!t) continue;
    const groups = status === 'unreconciled' ? '' : `${t.groups.toLocaleString('en')} groups: `;
    lines.push(
      `${status.padEnd(12)} ${groups}left ${t.count[0]!.toLocaleString('en')} records ${money(t.left)}, ` +
        `right ${t.count[1]!.toLocaleString('en')} records ${money(t.right)}`,
    );
  }
  return lines;
}

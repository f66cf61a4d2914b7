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
  const negative = plain.charCodeAt(0) === 45;
  const point = plain.indexOf('.');
  const end = point === -1 ? plain.length : point;
  const start = negative ? 1 : 0;
  if (end - start <= 3) return plain;
  let grouped = plain.slice(start, start + ((end - start) % 3 || 3));
  for (let i = start + ((end - start) % 3 || 3); i < end; i += 3) grouped += `,${plain.slice(i, i + 3)}`;
  return `${negative ? '-' : ''}${grouped}${plain.slice(end)}`;
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

/** One side of a group: its ids, references and total (a single record without lists or sums). */
function sideCells(
  byId: Map<string, EngineRecord>,
  ids: readonly string[],
): [string, string, bigint, string] {
  if (ids.length === 1) {
    const record = byId.get(ids[0]!)!;
    return [record.id, record.reference, record.amount, record.currency];
  }
  let references = '';
  let total = 0n;
  let currency = '';
  for (let i = 0; i < ids.length; i += 1) {
    const record = byId.get(ids[i]!)!;
    references += i === 0 ? record.reference : ` | ${record.reference}`;
    total += record.amount;
    currency ||= record.currency;
  }
  return [ids.join(' | '), references, total, currency];
}

/** Writes the result through `write` (a line at a time, so a million groups never make one string). */
export function writeResult(
  result: RunResult,
  sides: SidesById,
  rules: RuleSet,
  write: (line: string) => void,
): void {
  const line = (cells: string[]) => {
    let text = quoteCsvField(cells[0]!);
    for (let i = 1; i < cells.length; i += 1) text += `,${quoteCsvField(cells[i]!)}`;
    write(`${text}\n`);
  };
  line(RESULT_HEADER);
  const scores = ['', '', '', ''];
  for (let at = 0; at < result.groups.length; at += 1) {
    const group = result.groups[at]!;
    const [leftIds, leftReferences, leftTotal, leftCurrency] = sideCells(sides.left, group.left);
    const [rightIds, rightReferences, rightTotal, rightCurrency] = sideCells(sides.right, group.right);
    const currency = leftCurrency || rightCurrency;
    scores.fill('');
    let details = '';
    for (const feature of group.features) {
      const slot = FEATURES.indexOf(feature.name);
      if (slot >= 0) scores[slot] = String(feature.score);
      details += details === '' ? feature.detail : `; ${feature.detail}`;
    }
    line([
      String(at + 1),
      group.status,
      group.rule_id,
      String(group.score),
      currency,
      leftIds,
      leftReferences,
      formatUnits(leftTotal, currency),
      rightIds,
      rightReferences,
      formatUnits(rightTotal, currency),
      formatUnits(group.difference, currency),
      scores[0]!,
      scores[1]!,
      scores[2]!,
      scores[3]!,
      details,
      whyNotAutomatic(group, rules),
    ]);
  }
  const empty = ['', '', ''];
  const rest = ['', '', '', '', '', '', ''];
  for (const side of ['left', 'right'] as const) {
    for (const id of side === 'left' ? result.left_open : result.right_open) {
      const record = sides[side].get(id)!;
      const cells = [id, record.reference, formatUnits(record.amount, record.currency)];
      line([
        '',
        'unreconciled',
        '',
        '',
        record.currency,
        ...(side === 'left' ? cells : empty),
        ...(side === 'right' ? cells : empty),
        ...rest,
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

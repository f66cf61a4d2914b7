import type { ReconAuditEntry } from '@counterpart/contracts';
import { decisionLabel } from '@counterpart/domain';
import { describeChange } from './audit-format.ts';

/** One decision about an item, in words: what happened, by whom, under which pass, how sure, what changed. */
export interface TrailEntryView {
  title: string;
  /** "Automatic (run 1a2b3c4d)" or the person's e-mail. */
  actor: string;
  /** The rule or pass that decided it ("Exact reference"), or null (manual decisions). */
  rule: string | null;
  /** The engine's score as a percentage ("98 %"), or null. */
  score: string | null;
  /** The state before and after, in a line each ("—" when there was none). */
  before: string;
  after: string;
}

/** Keys shown apart (rule, score) or too long for a line (the item lists). */
const SHOWN_APART = new Set(['rule_id', 'rule_name', 'score', 'left_item_ids', 'right_item_ids']);

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The order a state reads in (the database keeps JSON keys in its own order). */
const KEY_ORDER = ['status', 'state', 'amount', 'left_total', 'right_total', 'difference', 'adjusted'];

function rank(key: string): number {
  const at = KEY_ORDER.indexOf(key);
  return at === -1 ? KEY_ORDER.length : at;
}

/**
 * A state to show: without the keys shown apart, in reading order; when `other` is given, only
 * the keys whose value differs from it (what the decision changed), unless none does.
 */
function shownState(
  state: Record<string, unknown> | null,
  other?: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (!state) return null;
  const entries = Object.entries(state)
    .filter(([key]) => !SHOWN_APART.has(key))
    .sort(([a], [b]) => rank(a) - rank(b));
  const changed = other
    ? entries.filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(other[key]))
    : entries;
  return Object.fromEntries(changed.length > 0 ? changed : entries);
}

/** A score in [0, 1] as a whole percentage; other numbers as they are. */
export function scoreText(score: unknown): string | null {
  const value = typeof score === 'string' ? Number(score) : score;
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (value >= 0 && value <= 1) return `${Math.round(value * 100)} %`;
  return String(value);
}

/** The title of a decision (domain's decisionLabel: a suggestion is never "auto matched"). */
export function trailTitle(entry: Pick<ReconAuditEntry, 'action' | 'after'>): string {
  return decisionLabel(entry);
}

/** How the item trail shows one audit entry. */
export function trailEntryView(entry: ReconAuditEntry): TrailEntryView {
  const automatic = entry.automatic || entry.actor_email === 'automatic' || !entry.actor_email;
  const ruleName = text(entry.after?.rule_name) ?? text(entry.before?.rule_name);
  const ruleId = entry.rule_id && entry.rule_id !== 'manual' ? entry.rule_id : null;
  const rule = ruleName ?? ruleId;
  const both = Boolean(entry.before && entry.after);
  const before = describeChange(shownState(entry.before, both ? entry.after : null), null, 5).replace(
    /^was /,
    '',
  );
  const after = describeChange(null, shownState(entry.after, both ? entry.before : null), 5);
  return {
    title: trailTitle(entry),
    actor: automatic
      ? entry.run_id
        ? `Automatic (run ${entry.run_id.slice(0, 8)})`
        : 'Automatic'
      : entry.actor_email,
    rule: rule && rule !== ruleId && ruleId ? `${rule} (${ruleId})` : rule,
    score: scoreText(entry.after?.score ?? entry.before?.score),
    before:
      before || (entry.action === 'group.auto_matched' || entry.action === 'group.matched' ? 'open' : '—'),
    after: after || '—',
  };
}

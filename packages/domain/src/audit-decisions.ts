/**
 * A reconciliation audit entry's decision in words, the same on every screen and in every export: the
 * item trail, the audit panel and the audit CSV. A run's automatic entry says whether it matched or only
 * suggested (a suggestion is never "auto matched").
 */

const DECISIONS: Record<string, string> = {
  'group.matched': 'Matched by hand',
  'group.unmatched': 'Unmatched',
  'group.approved': 'Match approved',
  'group.rejected': 'Match rejected',
  'suggestion.accepted': 'Suggestion accepted',
  'suggestion.rejected': 'Suggestion rejected',
  'adjustment.created': 'Difference written off',
  'adjustment.reversed': 'Write-off reversed',
  'adjustment.approved': 'Write-off approved',
  'adjustment.rejected': 'Write-off rejected',
  'allocation.created': 'Payment allocated',
  'allocation.reversed': 'Allocation reversed',
  'allocation.approved': 'Allocation approved',
  'allocation.rejected': 'Allocation rejected',
  'invoice.repaired': 'Invoice repaired',
};

/** 'suggestion.accepted' → 'Suggestion accepted', 'run.completed' → 'Run completed'. */
export function actionWords(action: string): string {
  const words = action.replace(/[._]+/g, ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : action;
}

/** What an entry decided: "Suggested by a run", "Matched automatically", "Matched by hand"… */
export function decisionLabel(entry: { action: string; after?: Record<string, unknown> | null }): string {
  if (entry.action === 'group.auto_matched') {
    return entry.after?.status === 'suggested' ? 'Suggested by a run' : 'Matched automatically';
  }
  return DECISIONS[entry.action] ?? actionWords(entry.action);
}

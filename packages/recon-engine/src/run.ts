/**
 * A run: prepare both sides, then apply the rule set's passes in order (first match wins: a record in
 * a group — accepted or suggested — is not offered to later passes). Pure and deterministic: the same
 * records and rules give the same groups whatever the input order. Nothing is saved; the caller stores
 * the result or not (a dry run).
 */
import { runExactPass } from './exact-pass.ts';
import { payerIndexOf } from './payer-index.ts';
import { takePayersRead } from './payer-table.ts';
import type { Prepared } from './prepare.ts';
import { prepare, rejectedIndex } from './prepare.ts';
import { runReversalPass } from './reversal-pass.ts';
import { validateRuleSet } from './rules.ts';
import { runScoredPass } from './scored-pass.ts';
import { runSubsetPass } from './subset-pass.ts';
import type { EngineRecord, MatchGroup, Pass, PassStats, RuleSet, RunOptions, RunResult } from './types.ts';

export function runPass(
  prepared: Prepared,
  pass: Pass,
): { groups: MatchGroup[]; comparisons: number; capped?: number } {
  switch (pass.kind) {
    case 'exact':
      return runExactPass(prepared, pass);
    case 'scored':
      return runScoredPass(prepared, pass);
    case 'subset_sum':
      return runSubsetPass(prepared, pass);
    case 'reversal':
      return runReversalPass(prepared, pass);
  }
}

function openIds(records: readonly EngineRecord[], open: Uint8Array): string[] {
  const ids: string[] = [];
  for (let i = 0; i < records.length; i++) if (open[i]) ids.push(records[i]!.id);
  return ids;
}

export function run(
  left: readonly EngineRecord[],
  right: readonly EngineRecord[],
  rules: RuleSet,
  options: RunOptions = {},
): RunResult {
  const checked = validateRuleSet(rules);
  const matched = { left: new Set<string>(), right: new Set<string>() };
  for (const group of options.existingGroups ?? []) {
    for (const id of group.left) matched.left.add(id);
    for (const id of group.right) matched.right.add(id);
  }
  const readsPayers = (pass: (typeof checked.passes)[number]) =>
    'blocking' in pass && (pass.blocking as readonly string[]).includes('payer');
  // With the key worker, it reads the payers after the keys, on its own core, while the first passes run.
  const prepared = prepare(left, right, matched, options.parallel, checked.passes.some(readsPayers));
  try {
    return runPasses(prepared, checked, readsPayers, options);
  } finally {
    takePayersRead(prepared, true);
  }
}

function runPasses(
  prepared: Prepared,
  checked: RuleSet,
  readsPayers: (pass: RuleSet['passes'][number]) => boolean,
  options: RunOptions,
): RunResult {
  prepared.rejected = rejectedIndex(prepared, options.rejectedPairs ?? []);
  const groups: MatchGroup[] = [];
  const stats: PassStats[] = [];
  checked.passes.forEach((pass, index) => {
    options.onPass?.(index, checked.passes.length, pass.id);
    const started = performance.now();
    // The worker's payer table, if it is done: the worker ends and its memory goes.
    takePayersRead(prepared);
    // The payer identity learns from the reconciled existing groups and this run's accepted ones.
    if (readsPayers(pass)) payerIndexOf(prepared, options.existingGroups);
    const outcome = runPass(prepared, pass);
    for (const group of outcome.groups) groups.push(group);
    const suggested = outcome.groups.filter((group) => group.status === 'suggested').length;
    stats.push({
      pass_id: pass.id,
      kind: pass.kind,
      comparisons: outcome.comparisons,
      groups: outcome.groups.length,
      auto: outcome.groups.length - suggested,
      suggested,
      capped: outcome.capped ?? 0,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  return {
    groups,
    left_open: openIds(prepared.left.records, prepared.left.open),
    right_open: openIds(prepared.right.records, prepared.right.open),
    stats,
  };
}

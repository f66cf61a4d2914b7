import type { EngineRecord, MatchGroup, RuleSet, RunResult } from '@counterpart/recon-engine';
import type { Db } from '../../../db/database.ts';
import { type DecisionTables, type PastDecisions, pastDecisions } from './run-decisions.ts';
import { decisionsInput, matchWithDecisions } from './run-groups.ts';

/**
 * The public face of an incremental match for other modules (the workflows' Reconcile block): the
 * records of the given tables' items matched as an incremental run matches them — the groups already
 * made (accepted, manual, written off, suggested) count and never match again, refused pairs are never
 * proposed — through the very functions a run calls (`pastDecisions`, `decisionsInput`,
 * `matchWithDecisions`). Nothing is written.
 */
export async function matchIncrementally(
  db: Db,
  rules: RuleSet,
  left: readonly EngineRecord[],
  right: readonly EngineRecord[],
  tables: DecisionTables,
): Promise<{ result: RunResult; existing: MatchGroup[] }> {
  const decisions: PastDecisions =
    tables.left.length + tables.right.length > 0
      ? await pastDecisions(db, tables)
      : { held: new Map(), groups: [], rejected: [] };
  const input = decisionsInput(true, left, right, decisions);
  const { result } = matchWithDecisions(rules, input, true);
  return { result, existing: decisions.groups };
}

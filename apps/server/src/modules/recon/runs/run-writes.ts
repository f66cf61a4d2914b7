import type { EngineRecord } from '@counterpart/recon-engine';
import { COPY_CHUNK_CHARS, copyChunks } from '../../../db/copy-text.ts';
import type { BulkSession } from '../../../db/database.ts';
import type { reconGroups } from '../../../db/schema.ts';
import { AUTO_MATCH, shortAutoMatchAfter } from '../shared/auto-match-entries.ts';
import { timeOrderedIds } from './run-ids.ts';

/*
 * A run's bulk writes, inside its one transaction (Database.bulkTransaction): groups, their items and
 * one audit entry per group, each table fed by ONE streamed COPY (text format, chunks of a megabyte).
 * Straight into the tables rather than through staging ones: the transaction is the swap — until it
 * commits no other session sees a row of it, and a process killed meanwhile leaves nothing.
 */

export type GroupInsert = typeof reconGroups.$inferInsert;

export interface GroupTarget {
  organizationId: string;
  runId: string;
  leftTableId: string;
  rightTableId: string;
  /** The person who started the run (its groups' maker for maker-checker), if any. */
  createdBy: string | null;
}

/** A group a run made, with the item ids of each side (for its audit entry). */
export interface AutoGroup {
  group: GroupInsert;
  left: string[];
  right: string[];
}

const GROUP_COLUMNS =
  'recon_groups (id, organization_id, run_id, left_table_id, right_table_id, source, rule_id, rule_name, status, ' +
  'state, score, features, why, currency, left_total, right_total, difference, created_by)';
const ITEM_COLUMNS = 'recon_group_items (group_id, organization_id, item_id, table_id, side, amount, active)';
const AUDIT_COLUMNS =
  'recon_audit (id, organization_id, actor_user_id, actor_email, action, target_type, target_id, group_id, run_id, ' +
  'rule_id, reason, after, item_ids)';

/**
 * The groups (one COPY), then one audit entry per group (one COPY): actor "automatic", the run's id,
 * the pass as rule, status, state and score — short: the rule name, amounts and items are the group's
 * and are read back from it (shared/auto-match-entries.ts), so an item's trail (the audit filtered by
 * item, through its groups) shows its automatic match whole. The entries' ids increase like the
 * groups' (run-ids.ts), so the audit's key grows at its end too.
 */
export async function copyGroups(
  session: BulkSession,
  target: GroupTarget,
  groups: AutoGroup[],
  lap: (name: string) => void = () => {},
): Promise<void> {
  const { organizationId, runId } = target;
  await session.copyIn(
    GROUP_COLUMNS,
    copyChunks(groups, ({ group: g }) => [
      g.id ?? null,
      organizationId,
      runId,
      target.leftTableId,
      target.rightTableId,
      'auto',
      g.ruleId,
      g.ruleName ?? '',
      g.status,
      g.state ?? 'active',
      g.score ?? '1',
      JSON.stringify(g.features ?? []),
      g.why ? JSON.stringify(g.why) : null,
      g.currency,
      String(g.leftTotal),
      String(g.rightTotal),
      String(g.difference),
      target.createdBy,
    ]),
  );
  lap('groups');
  const auditId = timeOrderedIds();
  await session.copyIn(
    AUDIT_COLUMNS,
    copyChunks(groups, ({ group: g }) => [
      auditId(),
      organizationId,
      null,
      'automatic',
      AUTO_MATCH,
      'group',
      g.id ?? null,
      g.id ?? null,
      runId,
      g.ruleId,
      '',
      autoMatchAfter(g),
      '[]',
    ]),
  );
  lap('audit');
}

/** The short `after` of a group's automatic-match audit entry (auto-match-entries.ts reads it whole). */
function autoMatchAfter(g: GroupInsert): string {
  const score = Number(g.score ?? '1');
  if (!Number.isFinite(score)) throw new Error(`Group ${g.id} has score "${g.score}", not a number`);
  return JSON.stringify(shortAutoMatchAfter({ status: g.status, state: g.state ?? 'active', score }));
}

/**
 * Every item of the run's groups (one COPY); an item held by another active group fails it (unique).
 * The lines are written straight from each group's ids, without a row object per item: every field
 * is a uuid's text, a side or an integer, none with a character COPY would escape.
 */
export async function copyItems(
  session: BulkSession,
  target: GroupTarget,
  made: AutoGroup[],
  records: Map<string, EngineRecord>,
): Promise<void> {
  await session.copyIn(ITEM_COLUMNS, itemLines(target, made, records));
}

function* itemLines(
  target: GroupTarget,
  made: AutoGroup[],
  records: Map<string, EngineRecord>,
): Generator<string> {
  const { organizationId, leftTableId, rightTableId } = target;
  let chunk = '';
  for (const { group, left, right } of made) {
    const head = `${group.id}\t${organizationId}\t`;
    for (const itemId of left)
      chunk += `${head}${itemId}\t${leftTableId}\tleft\t${records.get(itemId)?.amount ?? 0n}\tt\n`;
    for (const itemId of right)
      chunk += `${head}${itemId}\t${rightTableId}\tright\t${records.get(itemId)?.amount ?? 0n}\tt\n`;
    if (chunk.length >= COPY_CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { reconGroupItems, reconGroups } from '../../../db/schema.ts';

/*
 * A run's bulk writes, inside its one transaction: groups, their items and one audit entry per
 * group. Each batch is ONE INSERT whose rows travel as one JSON document read by jsonb_to_recordset
 * (a parameter per batch, not per value: fast on PGlite and PostgreSQL alike).
 */

export type GroupInsert = typeof reconGroups.$inferInsert;
export type ItemInsert = typeof reconGroupItems.$inferInsert;

export interface GroupTarget {
  organizationId: string;
  runId: string;
  leftTableId: string;
  rightTableId: string;
  /** The person who started the run (its groups' maker for maker-checker), if any. */
  createdBy: string | null;
}

/** The audit action of a group a run made on its own (no person): actor "automatic", the run's id. */
export const AUTO_MATCH_ACTION = 'group.auto_matched';

/**
 * One statement per batch writes the groups and, from the same JSON rows, one audit entry per
 * group (actor "automatic", the run's id, the pass as rule, the items of each side, status, score,
 * amounts), so an item's trail (the audit filtered by item) shows its automatic match.
 */
export async function insertGroups(db: Db, target: GroupTarget, groups: AutoGroup[]): Promise<void> {
  const rows = groups.map(({ group: g, left, right }) => ({
    i: g.id,
    r: g.ruleId,
    n: g.ruleName,
    s: g.status,
    e: g.state,
    c: g.score,
    f: g.features,
    m: g.currency,
    l: String(g.leftTotal),
    t: String(g.rightTotal),
    d: String(g.difference),
    a: left,
    b: right,
  }));
  await db.execute(sql`
    with r as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(i uuid, r text, n text, s text, e text, c text, f jsonb, m text, l text, t text, d text, a jsonb, b jsonb)
    ), g as (
      insert into recon_groups (id, organization_id, run_id, left_table_id, right_table_id, source, rule_id,
                                rule_name, status, state, score, features, currency, left_total, right_total, difference,
                                created_by)
      select r.i, ${target.organizationId}::uuid, ${target.runId}::uuid, ${target.leftTableId}::uuid,
             ${target.rightTableId}::uuid, 'auto', r.r, r.n, r.s, r.e, r.c, r.f, r.m,
             r.l::bigint, r.t::bigint, r.d::bigint, ${target.createdBy}::uuid
        from r
    )
    insert into recon_audit (organization_id, actor_user_id, actor_email, action, target_type, target_id, group_id,
                             run_id, rule_id, reason, after, item_ids)
    select ${target.organizationId}::uuid, null, 'automatic', ${AUTO_MATCH_ACTION}, 'group', r.i, r.i,
           ${target.runId}::uuid, r.r, '',
           jsonb_build_object('rule_id', r.r, 'rule_name', r.n, 'status', r.s, 'state', r.e, 'score', r.c::numeric,
                              'left_item_ids', r.a, 'right_item_ids', r.b, 'left_total', r.l, 'right_total', r.t,
                              'difference', r.d),
           r.a || r.b
      from r`);
}

export async function insertItems(db: Db, organizationId: string, items: ItemInsert[]): Promise<void> {
  const rows = items.map((item) => ({
    g: item.groupId,
    i: item.itemId,
    t: item.tableId,
    s: item.side,
    a: String(item.amount),
  }));
  await db.execute(sql`
    insert into recon_group_items (group_id, organization_id, item_id, table_id, side, amount, active)
    select r.g, ${organizationId}::uuid, r.i, r.t, r.s, r.a::bigint, true
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(g uuid, i uuid, t uuid, s text, a text)`);
}

/** A group a run made, with the item ids of each side (for its audit entry). */
export interface AutoGroup {
  group: GroupInsert;
  left: string[];
  right: string[];
}

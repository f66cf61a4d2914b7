import type { ReconStatus } from '@counterpart/contracts';
import type { MatchGroup } from '@counterpart/recon-engine';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { reconGroupItems, reconGroups } from '../../../db/schema.ts';

/*
 * What people (and earlier runs) already decided about two tables, as a run hands it to the engine:
 * the groups that hold items (they never match again, and a confirmed one teaches the engine who pays
 * for whom) and the pairs people refused (never proposed again). A run never changes any of them.
 */

export interface PastDecisions {
  /** Items already held by a group (active or waiting for approval), with the group's status. */
  held: Map<string, ReconStatus>;
  /** Those groups, each with its own items per side: the engine learns from the confirmed ones. */
  groups: MatchGroup[];
  /** Left–right pairs of refused suggestions and undone run groups. */
  rejected: Array<{ left: string; right: string }>;
}

/** Pairs kept from refused groups: a bound on what one run reads (beyond it, the rest are left out). */
const MAX_REJECTED_PAIRS = 200_000;

/**
 * The tables a run reads, per side. A group keeps the sides of the run (or person) that made it, which
 * may be the other way round: its items are put on the side their table is on here.
 */
export interface DecisionTables {
  left: string[];
  right: string[];
}

/** The side an item of `tableId` is on for this run; the group's own side when its table is on both. */
function sideIn(tables: DecisionTables, tableId: string, stored: string): 'left' | 'right' {
  const left = tables.left.includes(tableId);
  const right = tables.right.includes(tableId);
  if (left && !right) return 'left';
  if (right && !left) return 'right';
  return stored === 'right' ? 'right' : 'left';
}

export async function pastDecisions(db: Db, tables: DecisionTables): Promise<PastDecisions> {
  const tableIds = [...new Set([...tables.left, ...tables.right])];
  if (tableIds.length === 0) return { held: new Map(), groups: [], rejected: [] };
  const heldRows = await db
    .select({
      groupId: reconGroupItems.groupId,
      itemId: reconGroupItems.itemId,
      tableId: reconGroupItems.tableId,
      side: reconGroupItems.side,
      status: reconGroups.status,
    })
    .from(reconGroupItems)
    .innerJoin(reconGroups, eq(reconGroups.id, reconGroupItems.groupId))
    .where(and(inArray(reconGroupItems.tableId, tableIds), eq(reconGroupItems.active, true)));
  const held = new Map<string, ReconStatus>();
  const byGroup = new Map<string, MatchGroup>();
  for (const row of heldRows) {
    const status = row.status as ReconStatus;
    held.set(row.itemId, status);
    let group = byGroup.get(row.groupId);
    if (!group) {
      group = {
        left: [],
        right: [],
        rule_id: 'existing',
        status: status === 'unreconciled' ? 'suggested' : status,
        score: 1,
        features: [],
        difference: 0n,
      };
      byGroup.set(row.groupId, group);
    }
    (sideIn(tables, row.tableId, row.side) === 'left' ? group.left : group.right).push(row.itemId);
  }
  return { held, groups: [...byGroup.values()], rejected: await refusedPairs(db, tables, tableIds) };
}

async function refusedPairs(
  db: Db,
  tables: DecisionTables,
  tableIds: string[],
): Promise<PastDecisions['rejected']> {
  const rows = await db
    .select({
      groupId: reconGroupItems.groupId,
      itemId: reconGroupItems.itemId,
      tableId: reconGroupItems.tableId,
      side: reconGroupItems.side,
    })
    .from(reconGroupItems)
    .innerJoin(reconGroups, eq(reconGroups.id, reconGroupItems.groupId))
    .where(
      and(
        inArray(reconGroupItems.tableId, tableIds),
        ne(reconGroups.source, 'manual'),
        or(eq(reconGroups.state, 'rejected'), eq(reconGroups.state, 'undone')),
      ),
    );
  const sides = new Map<string, { left: string[]; right: string[] }>();
  for (const row of rows) {
    const group = sides.get(row.groupId) ?? { left: [], right: [] };
    sides.set(row.groupId, group);
    (sideIn(tables, row.tableId, row.side) === 'left' ? group.left : group.right).push(row.itemId);
  }
  const pairs: PastDecisions['rejected'] = [];
  for (const group of sides.values()) {
    for (const left of group.left) {
      for (const right of group.right) {
        if (pairs.length >= MAX_REJECTED_PAIRS) return pairs;
        pairs.push({ left, right });
      }
    }
  }
  return pairs;
}

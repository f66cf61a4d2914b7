import type { TableUser } from '@counterpart/contracts';
import { type AnyColumn, and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { reconGroups, reconRules, reconRuns } from '../../db/schema.ts';

/** What reconciliation keeps about a table: the rule sets its runs used, and its match groups. */
export interface ReconTableUse {
  rule_sets: TableUser[];
  match_groups: number;
}

/** The rule sets runs on the table used (by name) and how many match groups pair its rows. */
export async function reconUseOfTable(
  db: Db,
  organizationId: string,
  tableId: string,
): Promise<ReconTableUse> {
  const onTable = (left: AnyColumn, right: AnyColumn) => or(eq(left, tableId), eq(right, tableId));
  const ruleIds = db
    .selectDistinct({ id: reconRuns.ruleId })
    .from(reconRuns)
    .where(
      and(
        eq(reconRuns.organizationId, organizationId),
        onTable(reconRuns.leftTableId, reconRuns.rightTableId),
      ),
    );
  const [ruleSets, [groups]] = await Promise.all([
    db
      .select({ id: reconRules.id, name: reconRules.name })
      .from(reconRules)
      .where(and(eq(reconRules.organizationId, organizationId), inArray(reconRules.id, ruleIds)))
      .orderBy(asc(sql`lower(${reconRules.name})`)),
    db
      .select({ n: count() })
      .from(reconGroups)
      .where(
        and(
          eq(reconGroups.organizationId, organizationId),
          onTable(reconGroups.leftTableId, reconGroups.rightTableId),
        ),
      ),
  ]);
  return { rule_sets: ruleSets, match_groups: Number(groups?.n ?? 0) };
}

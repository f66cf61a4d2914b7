import type { TableUser } from '@counterpart/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { workflows, workflowVersions } from '../../db/schema.ts';
import { BLOCKS } from './block-catalog.ts';

/** Does a saved graph have a block whose table parameter names `tableId`? */
function graphNamesTable(graph: Record<string, unknown>, tableId: string): boolean {
  const nodes = Array.isArray(graph.nodes) ? (graph.nodes as Array<Record<string, unknown>>) : [];
  return nodes.some((node) => {
    const block = BLOCKS.find((candidate) => candidate.type === node.type);
    const parameters = (node.parameters ?? {}) as Record<string, unknown>;
    return (block?.parameters ?? []).some(
      (parameter) => parameter.type === 'table' && parameters[parameter.name] === tableId,
    );
  });
}

/** The organization's workflows whose current version has a block reading or writing the table, by name. */
export async function workflowsNamingTable(
  db: Db,
  organizationId: string,
  tableId: string,
): Promise<TableUser[]> {
  const rows = await db
    .select({ id: workflows.id, name: workflows.name, graph: workflowVersions.graph })
    .from(workflows)
    .innerJoin(
      workflowVersions,
      and(
        eq(workflowVersions.workflowId, workflows.id),
        eq(workflowVersions.version, workflows.currentVersion),
      ),
    )
    // The text match narrows the rows cheaply; the graph's blocks decide.
    .where(
      and(
        eq(workflows.organizationId, organizationId),
        sql`${workflowVersions.graph}::text like ${`%${tableId}%`}`,
      ),
    )
    .orderBy(asc(sql`lower(${workflows.name})`));
  return rows.filter((row) => graphNamesTable(row.graph, tableId)).map(({ id, name }) => ({ id, name }));
}
